/**
 * The every-minute job's pass over the workshop's lateness: a repair that passed its state's target
 * (« En retard » on the board, business days on the tickets' clock) tells its technician, or its territory's
 * technicians (repair-staff-notices.ts), once per stay in the state. Only the outbox job imports this
 * module (the tickets' clock and its holidays with it).
 */
import type { RepairSummary } from '../../../src/features/repairs/model.ts';
import { deliverMail, enqueueMails } from '../mail/outbox.ts';
import { listAccounts } from '../team/accounts.ts';
import { openRepairEntries } from './repair-index.ts';
import { repairMailOwner } from './repair-mail.ts';
import { noticesTo, staffToTell } from './repair-staff-notices.ts';
import { rowOf } from './staff-repairs.ts';

type Env = Record<string, string | undefined>;

/** How far back the job looks for a repair that became late (a missed run or two loses nothing). */
export const LATE_WINDOW_MINUTES = 15;

/**
 * The every-minute job's pass: each open repair that passed its state's target within the last
 * LATE_WINDOW_MINUTES (late now, not late then) tells its technician (or its territory's), once per stay
 * in the state (the entries are write-if-new), sent at once. Answers how many repairs were reported.
 */
export async function warnLateRepairs({ now = new Date(), env = process.env }: { now?: Date; env?: Env } = {}): Promise<number> {
  const before = new Date(now.getTime() - LATE_WINDOW_MINUTES * 60_000);
  const late = (await openRepairEntries()).filter((entry: RepairSummary) => rowOf(entry, now).late && !rowOf(entry, before).late);
  if (late.length === 0) return 0;
  const accounts = await listAccounts();
  for (const entry of late) {
    // One stay in a state: the instant it began (base 36, so that the ids stay short).
    const event = `retard-${Date.parse(entry.stateSince).toString(36)}`;
    const notices = await noticesTo(staffToTell(entry, accounts), event, entry, 'En retard\u00a0:', entry.state, env);
    const written = (await enqueueMails(repairMailOwner(entry.id), notices, { now })).filter((one) => one.etag && one.data.state === 'en_attente');
    await Promise.all(written.map((known) => deliverMail(repairMailOwner(entry.id), known.data.id, { now, known }).catch((error) => console.error(`repair ${entry.id}: sending ${known.data.id} is left to the outbox job`, error))));
  }
  return late.length;
}
