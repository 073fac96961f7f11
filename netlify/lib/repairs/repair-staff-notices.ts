/**
 * What the workshop's staff are told about a repair, through the outbox beside the customer's e-mails
 * (owner `repair-<id>`): the repair's technician, or every active technician of its territory while nobody
 * has it, gets an e-mail and a push on each device of the field app —
 * - when the customer answers the repair's devis (a move whose author is the customer: accepted →
 *   « En réparation », refused → « Devis refusé »): entries `h<index>-t-<account>` and `p-h<index>-<device>`,
 *   queued with the repair's other e-mails (repairs.ts), so a repair pass after a crash queues nothing twice;
 * - when a repair passes its state's target (« En retard » on the board): entries `retard-<stay>-…`, once per
 *   stay in a state, from the every-minute job (repair-late.ts).
 * They name the reference, the company and the state — never the customer's text — and open the order.
 */
import { createHash } from 'node:crypto';
import type { PushNotice } from '../../../src/features/field/on-call.ts';
import type { Repair } from '../../../src/features/repairs/model.ts';
import { repairStateOf, type RepairState } from '../../../src/features/repairs/states.ts';
import { can } from '../../../src/features/team/roles.ts';
import { repairPages } from '../../../src/lib/repair-paths.ts';
import { siteAddress } from '../http/site-url.ts';
import { enqueueMails, type OutboxEntry, type OutgoingMail, type Versioned } from '../mail/outbox.ts';
import { pushesTo } from '../mail/push-entries.ts';
import type { StaffAccount } from '../team/accounts.ts';
import { repairMail, repairMailOwner } from './repair-mail.ts';

type Env = Record<string, string | undefined>;
export type RepairFacts = Pick<Repair, 'id' | 'reference' | 'companyName' | 'territory' | 'technician'>;

/** Who is told: the repair's technician while their account is active, else the territory's active technicians. */
export function staffToTell(repair: Pick<Repair, 'territory' | 'technician'>, accounts: readonly StaffAccount[]): StaffAccount[] {
  const active = accounts.filter((account) => account.state === 'actif');
  const own = repair.technician ? active.find((account) => account.id === repair.technician!.id) : undefined;
  return own ? [own] : active.filter((account) => can(account.role, 'tickets.assignable') && account.territories.includes(repair.territory));
}

/** A push of a repair: its reference, its company and its state; it opens the order. */
export const repairNotice = (repair: RepairFacts, headline: string, state: RepairState): PushNotice => ({
  title: `${headline} ${repair.reference}`,
  body: `${repair.companyName} — «\u00a0${repairStateOf(state).label}\u00a0»`,
  url: repairPages.view(repair.id),
  tag: `repair-${repair.id}`,
});

/** A short, stable name of an account for an entry's id (ids stay within the outbox's 40 characters). */
const shortName = (accountId: string): string => createHash('sha256').update(accountId).digest('hex').slice(0, 12);

/** The e-mails and pushes of one event to these people. */
export async function noticesTo(people: readonly StaffAccount[], event: string, repair: RepairFacts, headline: string, state: RepairState, env: Env): Promise<OutgoingMail[]> {
  const notice = repairNotice(repair, headline, state);
  const words = {
    subject: `[${repair.reference}] ${headline} ${repair.companyName}`,
    lines: [`Réparation ${repair.reference} de ${repair.companyName} : «\u00a0${repairStateOf(state).label}\u00a0».`],
    footer: 'L’ordre de réparation, dans l’atelier :',
    link: `${siteAddress(env)}${repairPages.view(repair.id)}`,
    button: `Ouvrir ${repair.reference}`,
  };
  const mails = people.filter((person) => person.email).map((person) => ({ id: `${event}-t-${shortName(person.id)}`, mail: repairMail(repair, words, person, env) }));
  return [...mails, ...(await pushesTo(people.map((person) => person.id), event, notice))];
}

/** The headline of a move the customer made by answering the devis. */
const ANSWER_HEADLINES: Partial<Record<RepairState, string>> = { en_reparation: 'Devis accepté par le client\u00a0:', devis_refuse: 'Devis refusé par le client\u00a0:' };

/**
 * Queues the staff's notices of a repair's history entries from index `from` on: each move whose author is
 * the customer (their answer to the devis). Returns the entries written, to send.
 */
export async function queueRepairStaffNotices(repair: Repair, from: number, { now = new Date(), dueNow = false, env = process.env }: { now?: Date; dueNow?: boolean; env?: Env } = {}): Promise<Versioned<OutboxEntry>[]> {
  const answers = repair.history.flatMap((change, index) => (index >= from && change.kind === 'etat' && change.by.kind === 'client' && ANSWER_HEADLINES[change.to] ? [{ index, to: change.to }] : []));
  if (answers.length === 0) return [];
  // The accounts (and their password rules) load only when a customer answered: the devis' functions stay light.
  const { listAccounts } = await import('../team/accounts.ts');
  const people = staffToTell(repair, await listAccounts());
  const notices = (await Promise.all(answers.map(({ index, to }) => noticesTo(people, `h${index}`, repair, ANSWER_HEADLINES[to]!, to, env)))).flat();
  if (notices.length === 0) return [];
  const entries = await enqueueMails(repairMailOwner(repair.id), notices, { now, dueNow });
  return entries.filter((entry) => entry.etag && entry.data.state === 'en_attente');
}
