/**
 * Workshop repair orders in Blobs: one blob per repair (store `repairs`, keyed by its id), the index for
 * the board and the lists (repair-index.ts), the customer's e-mails through the outbox (repair-mail.ts),
 * the technicians' e-mails and pushes when the customer answers the devis (repair-staff-notices.ts).
 *
 * Every write is crash-safe the way the tickets' are (netlify/lib/tickets/tickets.ts): an intent (store
 * `repair-intents`) is written first, saying where the write's history starts; then the repair; then its
 * index entries; then its e-mails are queued in the outbox; then the intent is deleted and the e-mails are
 * sent. A function stopped at any step leaves an intent, and the repair pass (`completeRepairWrites`, run
 * every minute by the outbox job) does the rest again — each of those steps is idempotent.
 * - Opening: the intent is keyed by the repair's id; with an idempotency key, the key is bound to the id
 *   first and the repair is written only if new: a retried opening gives the same repair (and reference).
 * - A change: the intent is keyed `<repairId>/<random>`; the change is a conditional write whose function
 *   returns the new repair or a refusal (then nothing is written and the intent goes).
 */
import { randomUUID } from 'node:crypto';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';
import { Refusal } from '../http/refusal.ts';
import { bindIdempotencyKey, fingerprintOf, releaseIdempotencyKey } from '../storage/idempotency.ts';
import { API_ERRORS, type ApiErrorCode } from '../http/errors.ts';
import { ORPHAN_AFTER_MS } from '../requests/submit.ts';
import { allocateReference } from '../requests/references.ts';
import { contractRunsOn, type Company } from '../../../src/features/customers/model.ts';
import { martiniqueDay } from '../../../src/features/devis/devis.ts';
import type { OpenRepairInput, Repair, RepairAuthor } from '../../../src/features/repairs/model.ts';
import { checkRepairMove, type RepairFacts, type RepairState } from '../../../src/features/repairs/states.ts';
import { indexRepair } from './repair-index.ts';
import { queueRepairMails, sendRepairMails } from './repair-mail.ts';
import { queueRepairStaffNotices } from './repair-staff-notices.ts';

/** A refusal to show: an API error code and its French sentence. */
export type RepairRefusal = { ok: false; code: ApiErrorCode; message: string };
/** What a change makes of a repair: the new repair, or a refusal. */
export type RepairOutcome = { ok: true; repair: Repair } | RepairRefusal;

/** A refusal with the error table's sentence, or the given one. */
export const repairRefusal = (code: ApiErrorCode, message: string = API_ERRORS[code].message): RepairRefusal => ({ ok: false, code, message });

/** The idempotency keys of openings are bound to this name. */
const OPENING_ENDPOINT = 'repairs';

interface RepairIntent {
  repairId: string;
  createdAt: string;
  /** How many history entries the repair had before the write (its e-mails are those of the entries after). */
  from: number;
  idempotencyKey?: string;
  opening: boolean;
}

const repairs = () => strongStore(storeNames.repairs);
const intents = () => strongStore(storeNames.repairIntents);

/** Whether a value can be a repair's id (a UUID): anything else is never looked up. */
export const isRepairId = (value: string): boolean => /^[0-9a-f-]{36}$/i.test(value);

/** A repair, or undefined. */
export async function getRepair(id: string): Promise<Repair | undefined> {
  if (!isRepairId(id)) return undefined;
  return ((await repairs().get(id, { type: 'json' })) as Repair | null) ?? undefined;
}

/** Options of a write: its instant, and where to hand the sending of the e-mails (else awaited). */
export interface RepairWriteOptions {
  now?: Date;
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** Index, e-mails queued, intent deleted, then the e-mails sent: what follows a write (idempotent, never throws). */
async function complete(intentKey: string, intent: RepairIntent, repair: Repair, { now = new Date(), waitUntil }: RepairWriteOptions, dueNow = false): Promise<void> {
  try {
    await indexRepair(repair);
    const entries = [...(await queueRepairMails(repair, intent.from, { now, dueNow })), ...(await queueRepairStaffNotices(repair, intent.from, { now, dueNow }))];
    await intents().delete(intentKey);
    const sending = sendRepairMails(repair.id, entries, now);
    if (waitUntil) waitUntil(sending);
    else await sending;
  } catch (error) {
    console.error(`repairs: repair ${repair.id} is written; completing it is left to the repair pass`, error);
  }
}

/** What opening a repair needs besides the form: the company (checked by the caller) and who opens it. */
export interface NewRepair {
  company: Company;
  openedBy: RepairAuthor;
  input: OpenRepairInput;
}

/** The device of an opening: the company's equipment (model and serial from it) or the typed one. */
function deviceOf(company: Company, input: OpenRepairInput): Repair['device'] {
  if (!input.equipmentId) return { equipmentId: null, model: input.model, serial: input.serial };
  const equipment = company.equipment.find((one) => one.id === input.equipmentId);
  if (!equipment) throw new Refusal('equipment_not_found');
  return { equipmentId: equipment.id, model: equipment.model, serial: equipment.serial };
}

/**
 * « Sous contrat » holds only while the company's maintenance contract runs (through its last day) and, for
 * a device of its equipment, while that device is under it; otherwise the repair is out of the contract and
 * needs a devis like any repair out of warranty. Throws the Refusal of the warranty field.
 */
function checkContract(company: Company, input: OpenRepairInput, now: Date): void {
  if (input.warranty !== 'contrat') return;
  if (!contractRunsOn(company, martiniqueDay(now))) throw new Refusal('repair_no_contract');
  const equipment = input.equipmentId ? company.equipment.find((one) => one.id === input.equipmentId) : undefined;
  if (equipment && !equipment.underContract) throw new Refusal('repair_equipment_not_under_contract');
}

/**
 * Opens a repair (state « Attendu », reference RP-YYYY-NNNNN): the device is expected at the workshop,
 * and its reception at the counter (receiveRepair) makes the deposit slip. With an idempotency key, a
 * retried opening answers the repair the first one stored (`created` false). Throws a Refusal (nothing
 * stored) for a device that is not the company's, « Sous contrat » without a running contract that covers
 * it, a key used for another opening, a contact who is not one of the company's people.
 */
export async function openRepair({ company, openedBy, input }: NewRepair, { idempotencyKey, ...options }: RepairWriteOptions & { idempotencyKey?: string } = {}): Promise<{ repair: Repair; created: boolean }> {
  const now = options.now ?? new Date();
  const device = deviceOf(company, input);
  checkContract(company, input, now);
  const contact = input.contactPersonId ? company.people.find((person) => person.id === input.contactPersonId) : company.people[0];
  if (input.contactPersonId && !contact) throw new Refusal('person_not_found');
  let id: string = randomUUID();
  if (idempotencyKey) {
    // A key reused for another opening is refused (IdempotencyMismatchError, 422): nothing stored.
    const bound = await bindIdempotencyKey(idempotencyKey, { endpoint: OPENING_ENDPOINT, fingerprint: fingerprintOf(OPENING_ENDPOINT, { company: company.id, ...input }), requestId: id, now });
    id = bound.requestId;
    if (bound.reused) {
      const stored = await getRepair(id);
      if (stored) return { repair: stored, created: false };
    }
  }
  const reference = await allocateReference('repair', now);
  const at = now.toISOString();
  const intent: RepairIntent = { repairId: id, createdAt: at, from: 0, opening: true, ...(idempotencyKey ? { idempotencyKey } : {}) };
  await intents().setJSON(id, intent);
  const repair: Repair = {
    id,
    reference,
    companyId: company.id,
    companyName: company.name,
    territory: company.territory,
    device,
    accessories: input.accessories,
    fault: input.fault,
    warranty: input.warranty,
    origin: input.origin,
    ticketId: input.ticketId,
    state: 'attendu',
    stateSince: at,
    openedAt: at,
    openedBy,
    receivedAt: null,
    reception: null,
    technician: null,
    diagnosis: '',
    devis: null,
    loan: null,
    report: null,
    contactPersonId: contact?.id ?? null,
    history: [{ kind: 'etat', from: null, to: 'attendu', at, by: openedBy }],
    updatedAt: at,
  };
  const written = await repairs().setJSON(id, repair, { onlyIfNew: true });
  if (!written.modified) {
    const stored = await getRepair(id);
    if (stored) return { repair: stored, created: false };
  }
  await complete(id, intent, repair, { ...options, now });
  return { repair, created: true };
}

/**
 * Changes a repair with a conditional write: `change` gets the stored repair (again if someone wrote in
 * between) and returns the new one, the same object (nothing to change: nothing is written), or a refusal;
 * `updatedAt` is set here. Then the index and the e-mails of the change's new history entries.
 */
export async function changeRepair(id: string, change: (repair: Repair) => RepairOutcome, options: RepairWriteOptions = {}): Promise<RepairOutcome> {
  const now = options.now ?? new Date();
  const before = await getRepair(id);
  if (!before) return repairRefusal('repair_not_found');
  const intentKey = `${id}/${randomUUID()}`;
  const intent: RepairIntent = { repairId: id, createdAt: now.toISOString(), from: before.history.length, opening: false };
  await intents().setJSON(intentKey, intent);
  const written = await updateJSON<Repair, RepairOutcome & { unchanged?: true }>(storeNames.repairs, id, (current) => {
    const outcome = current ? change(current) : repairRefusal('repair_not_found');
    if (!outcome.ok) return { result: outcome };
    if (outcome.repair === current) return { result: { ok: true, repair: current, unchanged: true } };
    const next: Repair = { ...outcome.repair, id, updatedAt: now.toISOString() };
    return { value: next, result: { ok: true, repair: next } };
  });
  if (written.ok && !written.unchanged) await complete(intentKey, intent, written.repair, { ...options, now });
  else await intents().delete(intentKey);
  if (written.ok) return { ok: true, repair: written.repair };
  return written;
}

/**
 * A repair moved to another state, if states.ts allows it given its warranty and its devis: the history
 * records it, `stateSince` restarts, `receivedAt` is the first entry into « Reçu à l'atelier ». Pure.
 */
export function applyRepairMove(repair: Repair, to: RepairState, by: RepairAuthor, facts: Pick<RepairFacts, 'devis' | 'reception'>, now: Date): RepairOutcome {
  const check = checkRepairMove(repair.state, to, { warranty: repair.warranty, ...facts });
  if (!check.ok) return repairRefusal('repair_transition_refused', check.message);
  const at = now.toISOString();
  return {
    ok: true,
    repair: {
      ...repair,
      state: to,
      stateSince: at,
      receivedAt: repair.receivedAt ?? (to === 'recu' ? at : null),
      history: [...repair.history, { kind: 'etat', from: repair.state, to, at, by }],
    },
  };
}

/** What one repair pass did. */
export interface RepairWritesRun {
  completed: number;
  dropped: number;
  waiting: number;
}

/**
 * The repair pass, run by the every-minute outbox job before it sends: completes every repair write whose
 * function stopped before its index and e-mails were done, and drops the intents (and keys) of openings
 * that never wrote their repair.
 */
export async function completeRepairWrites({ now = new Date() }: { now?: Date } = {}): Promise<RepairWritesRun> {
  const run: RepairWritesRun = { completed: 0, dropped: 0, waiting: 0 };
  /** What the pass does with one intent: an old enough one (or an opening) is completed, an orphan dropped. */
  const settle = async (key: string, intent: RepairIntent): Promise<keyof RepairWritesRun> => {
    const old = !(now.getTime() - Date.parse(intent.createdAt) <= ORPHAN_AFTER_MS);
    const written = await getRepair(intent.repairId);
    if (written && (intent.opening || old)) {
      await complete(key, intent, written, { now }, true);
      return 'completed';
    }
    if (written || !old) return 'waiting';
    if (intent.idempotencyKey) await releaseIdempotencyKey(intent.idempotencyKey, intent.repairId);
    await intents().delete(key);
    return 'dropped';
  };
  for await (const page of intents().list({ paginate: true })) {
    for (const { key } of page.blobs) {
      try {
        const intent = (await intents().get(key, { type: 'json' })) as RepairIntent | null;
        if (intent) run[await settle(key, intent)] += 1;
      } catch (error) {
        console.error(`repair pass: repair write ${key} could not be completed now; the next pass retries`, error);
      }
    }
  }
  return run;
}
