/**
 * After-sales tickets in Blobs: one blob per ticket (store `tickets`, keyed by its id), the index for the
 * lists (ticket-index.ts), the e-mails through the outbox (ticket-mail.ts).
 *
 * Every write is crash-safe the way the requests' submissions are (netlify/lib/requests/submit.ts): an
 * intent (store `ticket-intents`) is written first, saying where the write's events start (the number of
 * messages and of history entries before it); then the ticket; then its index entries; then its e-mails
 * are queued in the outbox; then the intent is deleted, and the e-mails are sent. A function stopped at any
 * step leaves an intent, and the repair pass (`repairTickets`, run every minute by the outbox job) does the
 * rest again — each of those steps is idempotent (index entries by `updatedAt`, outbox entries write-if-new
 * per event and recipient).
 * - Opening: the intent is keyed by the ticket's id. With an idempotency key, the key is bound to the
 *   ticket's id first (netlify/lib/storage/idempotency.ts), and the ticket is written only if new: a retried
 *   declaration, even one racing with the first, gives the same ticket. An intent whose ticket was never
 *   written (the function died before) is dropped after ORPHAN_AFTER_MS, with its key.
 * - A change: the intent is keyed `<ticketId>/<random>`; the change is a conditional write (updateJSON)
 *   whose function returns the new ticket or a refusal (then nothing is written and the intent goes).
 */
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import type { Company } from '../../../src/features/customers/model.ts';
import { APPLIED_KEYS_KEPT, type Ticket, type TicketAuthor, type TicketMessage, type TicketPhoto } from '../../../src/features/tickets/model.ts';
import { checkTransition, INITIAL_TICKET_STATE, ticketClosed, type TicketImpact, type TicketState } from '../../../src/features/tickets/states.ts';
import { API_ERRORS, type ApiErrorCode } from '../http/errors.ts';
import { allocateReference } from '../requests/references.ts';
import { ORPHAN_AFTER_MS } from '../requests/submit.ts';
import { Refusal } from '../http/refusal.ts';
import { bindIdempotencyKey, fingerprintOf, releaseIdempotencyKey } from '../storage/idempotency.ts';
import { takeCap } from '../storage/caps.ts';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';
import { indexTicket } from './ticket-index.ts';
import { queueTicketMails, sendTicketMails, type TicketEventsFrom } from './ticket-mail.ts';
import { queueTicketPushes } from './ticket-push.ts';

/** What opening a ticket needs. */
export interface NewTicket {
  company: Company;
  openedBy: TicketAuthor;
  /** From the company's list (its id) or typed (id null). */
  equipment: { equipmentId: string | null; model: string; serial: string };
  shop: { shopId: string | null; name: string };
  impact: TicketImpact;
  description: string;
  phone: string;
  /**
   * The photos of the description, or a function that accepts them once the ticket's id is known (they are
   * stored under it) and may throw a TicketError to refuse the declaration.
   */
  photos: TicketPhoto[] | ((ticketId: string) => Promise<TicketPhoto[]>);
  /** The contact request staff turned into this ticket. */
  sourceRequestId?: string | null;
  /** People of the company who follow it besides its author (a request's sender). */
  followers?: string[];
}

/** A refusal to show: an API error code (errors.ts) or the caller's own, and its French sentence. */
export type TicketRefusal = { ok: false; code: ApiErrorCode | string; message: string };
/** What a change makes of a ticket: the new ticket, or a refusal. */
export type TicketChangeOutcome = { ok: true; ticket: Ticket } | TicketRefusal;

/** The idempotency keys of openings are bound to this name (a key protects one declaration). */
const OPENING_ENDPOINT = 'tickets';

interface TicketIntent {
  ticketId: string;
  createdAt: string;
  /** Where the write's events start (opening: 0 and 0). */
  from: TicketEventsFrom;
  /** An opening's idempotency key, released if its ticket was never written. */
  idempotencyKey?: string;
  opening: boolean;
}

const tickets = () => strongStore(storeNames.tickets);
const intents = () => strongStore(storeNames.ticketIntents);

/** Whether a value can be a ticket's id (a UUID, or the like): anything else is not looked up. */
export const isTicketId = (value: string): boolean => /^[\w-]{1,64}$/.test(value);

/** A ticket, or undefined. */
export async function getTicket(id: string): Promise<Ticket | undefined> {
  if (!isTicketId(id)) return undefined;
  return ((await tickets().get(id, { type: 'json' })) as Ticket | null) ?? undefined;
}

/** A new id for a message. */
export const newMessageId = (): string => randomUUID();

const countsOf = (ticket: Pick<Ticket, 'messages' | 'history'>): TicketEventsFrom => ({ messages: ticket.messages.length, history: ticket.history.length });

/** Options of a write: its instant, and where to hand the sending of the e-mails (else awaited). */
export interface WriteOptions {
  now?: Date;
  /** Keeps the function alive for the sending after the answer (Netlify's context.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/**
 * Index, e-mails queued, intent deleted: what follows a write (idempotent). The e-mails are then sent, or
 * handed to `waitUntil`; a failure here is left to the repair pass, never thrown.
 */
async function complete(intentKey: string, intent: TicketIntent, ticket: Ticket, { now = new Date(), waitUntil }: WriteOptions, dueNow = false): Promise<void> {
  try {
    await indexTicket(ticket);
    const entries = await queueTicketMails(ticket, intent.from, { now, dueNow });
    // The pushes of the same events (the technicians' app), through the same outbox.
    const pushes = await queueTicketPushes(ticket, intent.from, { now, dueNow });
    await intents().delete(intentKey);
    const sending = sendTicketMails(ticket.id, [...entries, ...pushes], now);
    if (waitUntil) waitUntil(sending);
    else await sending;
  } catch (error) {
    console.error(`tickets: ticket ${ticket.id} is written; completing it is left to the repair pass`, error);
  }
}

function fingerprintOfNew(input: NewTicket): string {
  const { company, openedBy, equipment, shop, impact, description, phone, sourceRequestId } = input;
  return fingerprintOf(OPENING_ENDPOINT, { company: company.id, by: openedBy.id, equipment, shop, impact, description, phone, sourceRequestId: sourceRequestId ?? null });
}

/**
 * Opens a ticket (state « Nouveau », reference TK-YYYY-NNNNN, its description as the first message).
 * With an idempotency key, a retried declaration answers the ticket the first one stored (`created`
 * false). Throws TicketError (nothing stored) when the photos are refused, the key was used for another
 * declaration, or the company's « Bloquant » cap of the hour is reached.
 */
export async function openTicket(input: NewTicket, { idempotencyKey, ...options }: WriteOptions & { idempotencyKey?: string } = {}): Promise<{ ticket: Ticket; created: boolean }> {
  const now = options.now ?? new Date();
  let id: string = randomUUID();
  if (idempotencyKey) {
    // A key reused for another declaration is refused (IdempotencyMismatchError, 422): nothing stored.
    const bound = await bindIdempotencyKey(idempotencyKey, { endpoint: OPENING_ENDPOINT, fingerprint: fingerprintOfNew(input), requestId: id, now });
    id = bound.requestId;
    if (bound.reused) {
      const stored = await getTicket(id);
      if (stored) return { ticket: stored, created: false };
    }
  }
  // A customer's « Bloquant » wakes the territory's technicians with e-mails: at most
  // CAPS.blockingTickets an hour per company (429); staff opening one from a request are not capped.
  if (input.openedBy.kind === 'client' && input.impact === 'bloquant') {
    const place = await takeCap('blockingTickets', input.company.id, now);
    if (!place.taken) throw new Refusal('blocking_tickets_capped', {}, place.retryAfterMs);
  }
  const photos = typeof input.photos === 'function' ? await input.photos(id) : input.photos;
  const reference = await allocateReference('ticket', now);
  const at = now.toISOString();
  const intent: TicketIntent = { ticketId: id, createdAt: at, from: { messages: 0, history: 0 }, opening: true, ...(idempotencyKey ? { idempotencyKey } : {}) };
  await intents().setJSON(id, intent);
  const ticket: Ticket = {
    id,
    reference,
    companyId: input.company.id,
    companyName: input.company.name,
    territory: input.company.territory,
    equipment: input.equipment,
    shop: input.shop,
    impact: input.impact,
    phone: input.phone,
    state: INITIAL_TICKET_STATE,
    openedAt: at,
    openedBy: input.openedBy,
    assignedTo: null,
    followers: [...new Set([...(input.openedBy.kind === 'client' ? [input.openedBy.id] : []), ...(input.followers ?? [])])],
    // The description is the customer's account of the breakdown, even when staff typed it from a request.
    messages: [{ id: newMessageId(), kind: 'client', at, by: input.openedBy, text: input.description, photos }],
    history: [{ kind: 'etat', from: null, to: INITIAL_TICKET_STATE, at, by: input.openedBy }],
    takenInChargeAt: null,
    resolvedAt: null,
    report: null,
    sourceRequestId: input.sourceRequestId ?? null,
    updatedAt: at,
  };
  const written = await tickets().setJSON(id, ticket, { onlyIfNew: true });
  if (!written.modified) {
    // Another send of this declaration stored it in between: its ticket (and reference) wins.
    const stored = await getTicket(id);
    if (stored) return { ticket: stored, created: false };
  }
  await complete(id, intent, ticket, { ...options, now });
  return { ticket, created: true };
}

/**
 * A staff change's idempotency key with the fingerprint of what it asks (its method, path and body: see
 * staff-tickets.ts, changeKeyOf). A ticket remembers the keys applied to it, each with its fingerprint.
 */
export interface ChangeKey {
  key: string;
  fingerprint: string;
}

/** How a ticket remembers an applied key: `<key> <fingerprint>` (kept before fingerprints were: the key alone). */
const appliedEntry = ({ key, fingerprint }: ChangeKey): string => `${key.toLowerCase()} ${fingerprint}`;

/**
 * What a change's key is to the ticket: `new`; `applied` (the same change sent again after a lost answer:
 * its effect is in the ticket); `other` (the key of another change, on this ticket or by another route).
 */
export function keyUse(ticket: Pick<Ticket, 'appliedKeys'>, changeKey: ChangeKey | undefined): 'new' | 'applied' | 'other' {
  if (!changeKey) return 'new';
  const key = changeKey.key.toLowerCase();
  for (const entry of ticket.appliedKeys ?? []) {
    const [applied, fingerprint] = entry.split(' ');
    if (applied === key) return fingerprint === undefined || fingerprint === changeKey.fingerprint ? 'applied' : 'other';
  }
  return 'new';
}

/**
 * The answer to a keyed change the ticket already knows, or undefined for a new one: the ticket as it is
 * for the same change sent again, a 422 for a key reused for another change (nothing applied). Ask it
 * only once the caller may see the ticket: a replay answers the whole ticket.
 */
export function replayOf(ticket: Ticket, changeKey: ChangeKey | undefined): TicketChangeOutcome | undefined {
  const use = keyUse(ticket, changeKey);
  if (use === 'applied') return { ok: true, ticket };
  if (use === 'other') return refusal('ticket_key_other_change');
  return undefined;
}

/**
 * Options of a change: those of a write, and for a change with an idempotency key, the key and who may
 * see the ticket — a resend of an applied key changes nothing and answers the ticket, so it is answered
 * only to someone who may see it (anyone else: « introuvable », as for an unknown id).
 */
export type ChangeOptions = WriteOptions & ({ changeKey?: undefined } | { changeKey: ChangeKey; mayReplay: (ticket: Ticket) => boolean });

/**
 * Changes a ticket with a conditional write: `change` gets the stored ticket (again if someone wrote in
 * between) and returns the new one or a refusal; the ticket's `updatedAt` is set here. Then the index and
 * the e-mails of the change's new messages and history entries. With an idempotency key, once the caller
 * may see the ticket: a key already applied writes nothing and answers the ticket as it is (the first
 * send's change is in it), a key applied to another change is refused (replayOf); a key applied is
 * remembered on the ticket with its fingerprint, in the same write as the change.
 */
export async function changeTicket(id: string, change: (ticket: Ticket) => TicketChangeOutcome, options: ChangeOptions = {}): Promise<TicketChangeOutcome> {
  const now = options.now ?? new Date();
  const known = (ticket: Ticket): TicketChangeOutcome | undefined => {
    if (!options.changeKey) return undefined;
    if (!options.mayReplay(ticket)) return refusal('ticket_not_found');
    return replayOf(ticket, options.changeKey);
  };
  const before = await getTicket(id);
  if (!before) return refusal('ticket_not_found');
  const early = known(before);
  if (early) return early;
  const intentKey = `${id}/${randomUUID()}`;
  const intent: TicketIntent = { ticketId: id, createdAt: now.toISOString(), from: countsOf(before), opening: false };
  await intents().setJSON(intentKey, intent);
  let unwritten: TicketChangeOutcome = refusal('ticket_not_found');
  const changed = await updateJSON<Ticket, Ticket | undefined>(storeNames.tickets, id, (current) => {
    if (!current) return { result: undefined };
    // The same key sent twice at once: the second finds the first's change written, and writes nothing.
    const replay = known(current);
    const outcome = replay ?? change(current);
    if (replay || !outcome.ok) {
      unwritten = outcome;
      return { result: undefined };
    }
    const appliedKeys = options.changeKey ? [...(outcome.ticket.appliedKeys ?? []), appliedEntry(options.changeKey)].slice(-APPLIED_KEYS_KEPT) : outcome.ticket.appliedKeys;
    const next: Ticket = { ...outcome.ticket, id: current.id, updatedAt: now.toISOString(), ...(appliedKeys ? { appliedKeys } : {}) };
    return { value: next, result: next };
  });
  if (!changed) {
    await intents().delete(intentKey);
    return unwritten;
  }
  await complete(intentKey, intent, changed, { ...options, now });
  return { ok: true, ticket: changed };
}

/** A refusal with an error's fixed sentence (errors.ts). */
export const refusal = (code: ApiErrorCode, message: string = API_ERRORS[code].message): TicketRefusal => ({ ok: false, code, message });

/**
 * A ticket moved to another state by someone, if states.ts allows it (the actor is the author's kind):
 * the history records it; « prise en charge » is met when it first leaves « Nouveau »; `resolvedAt` is the
 * last entry into « Résolu ». Pure: for changeTicket's functions (a resolution also sets the report).
 */
export function applyMove(ticket: Ticket, to: TicketState, by: TicketAuthor, now: Date): TicketChangeOutcome {
  const check = checkTransition(ticket.state, to, by.kind, { at: now, resolvedAt: ticket.resolvedAt ? new Date(ticket.resolvedAt) : null });
  if (!check.ok) return { ok: false, code: 'ticket_transition_refused', message: check.message };
  const at = now.toISOString();
  return {
    ok: true,
    ticket: {
      ...ticket,
      state: to,
      history: [...ticket.history, { kind: 'etat', from: ticket.state, to, at, by }],
      takenInChargeAt: ticket.takenInChargeAt ?? (ticket.state === 'nouveau' ? at : null),
      resolvedAt: to === 'resolu' ? at : ticket.resolvedAt,
    },
  };
}

/** Moves a ticket to another state (see applyMove). */
export const moveTicket = (id: string, to: TicketState, by: TicketAuthor, options: ChangeOptions = {}): Promise<TicketChangeOutcome> =>
  changeTicket(id, (ticket) => applyMove(ticket, to, by, options.now ?? new Date()), options);

/**
 * A ticket with one more message. A closed ticket takes no message from its customer nor reply to them
 * (an internal note still may be written). A customer's message makes its author a follower, and ends a
 * wait « En attente client » (the ticket goes back to « Pris en charge »).
 */
export function applyMessage(ticket: Ticket, message: TicketMessage, now: Date): TicketChangeOutcome {
  if (ticketClosed(ticket.state) && message.kind !== 'note') return refusal('ticket_closed');
  const withMessage: Ticket = {
    ...ticket,
    messages: [...ticket.messages, message],
    followers: message.kind === 'client' && message.by.kind === 'client' && !ticket.followers.includes(message.by.id) ? [...ticket.followers, message.by.id] : ticket.followers,
  };
  if (message.kind === 'client' && ticket.state === 'en_attente_client') return applyMove(withMessage, 'pris_en_charge', message.by, now);
  return { ok: true, ticket: withMessage };
}

/** Adds a message to a ticket's thread (see applyMessage). */
export const addMessage = (id: string, message: TicketMessage, options: ChangeOptions = {}): Promise<TicketChangeOutcome> =>
  changeTicket(id, (ticket) => applyMessage(ticket, message, options.now ?? new Date()), options);

/** What one repair pass did. */
export interface TicketRepairRun {
  /** Writes completed (indexed, e-mails queued). */
  completed: number;
  /** Intents of openings that died before writing their ticket, dropped with their key. */
  dropped: number;
  /** Intents too young to judge (their function may still be running). */
  waiting: number;
}

/**
 * The repair pass, run by the every-minute outbox job before it sends: completes every ticket write whose
 * function stopped before its index and e-mails were done (the e-mails due at once), and drops the
 * intents (and keys) of openings that never wrote their ticket.
 */
export async function repairTickets({ now = new Date(), concurrency = 4 }: { now?: Date; concurrency?: number } = {}): Promise<TicketRepairRun> {
  const run: TicketRepairRun = { completed: 0, dropped: 0, waiting: 0 };
  const keys: string[] = [];
  for await (const page of intents().list({ paginate: true })) keys.push(...page.blobs.map((blob) => blob.key));
  const limit = pLimit(concurrency);
  const one = async (key: string): Promise<void> => {
    try {
      const intent = (await intents().get(key, { type: 'json' })) as TicketIntent | null;
      if (!intent) return;
      const age = now.getTime() - Date.parse(intent.createdAt);
      const ticket = await getTicket(intent.ticketId);
      if (ticket) {
        // A change may still be running: leave it its time, so the pass does not race with it.
        if (!intent.opening && !(age > ORPHAN_AFTER_MS)) {
          run.waiting += 1;
          return;
        }
        await complete(key, intent, ticket, { now }, true);
        run.completed += 1;
      } else if (age > ORPHAN_AFTER_MS || Number.isNaN(age)) {
        if (intent.idempotencyKey) await releaseIdempotencyKey(intent.idempotencyKey, intent.ticketId);
        await intents().delete(key);
        run.dropped += 1;
      } else run.waiting += 1;
    } catch (error) {
      console.error(`repair: ticket write ${key} could not be completed now; the next pass retries`, error);
    }
  };
  await Promise.all(keys.map((key) => limit(() => one(key))));
  return run;
}
