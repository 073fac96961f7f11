/**
 * How long tickets live, the rules the daily job applies (pure: every instant is given), their durations
 * from the lifetimes table (src/lib/lifetimes.ts):
 * - a ticket « Résolu » for the whole grace period (`resolvedTicketGrace`, RESOLVED_GRACE_MS) is closed by the job;
 * - a closed ticket, its photos and its report are kept for the company's contract's life and then the
 *   `ticket` row's years (the commercial prescription): they are erased that long after the later of the
 *   contract's end and the ticket's closing; without a contract (or once the company is gone), that long
 *   after the closing.
 */
import { addDuration, LIFETIMES } from '../../lib/lifetimes.ts';
import { RESOLVED_GRACE_MS } from './states.ts';

/** The oldest closing a ticket may have at `now` and still be kept (whatever its contract). */
export const oldestKeptClosing = (now: Date): Date => addDuration(now, LIFETIMES.ticket.keep, -1);

/** Whether the job closes a ticket resolved at `resolvedAt` (ISO) at `now`. */
export function resolvedGraceOver(resolvedAt: string | null, now: Date): boolean {
  if (!resolvedAt) return false;
  const resolved = Date.parse(resolvedAt);
  return !Number.isNaN(resolved) && now.getTime() - resolved >= RESOLVED_GRACE_MS;
}

/** The instant a closed ticket may be erased: its lifetime after the later of its closing and the contract's last day. */
export function ticketErasableFrom(closedAt: string, contractEndsOn: string | null): Date {
  const closed = Date.parse(closedAt);
  // The contract runs to the end of its last day (YYYY-MM-DD).
  const contractEnd = contractEndsOn ? Date.parse(`${contractEndsOn}T23:59:59.999Z`) : Number.NaN;
  return addDuration(new Date(Number.isNaN(contractEnd) ? closed : Math.max(closed, contractEnd)), LIFETIMES.ticket.keep);
}

/** Whether a ticket closed at `closedAt` (ISO; null: not closed) is past its retention at `now`. */
export function ticketExpired(closedAt: string | null, contractEndsOn: string | null, now: Date): boolean {
  // A ticket without a readable closing date is kept: nothing says it is old.
  if (!closedAt || Number.isNaN(Date.parse(closedAt))) return false;
  return ticketErasableFrom(closedAt, contractEndsOn).getTime() <= now.getTime();
}
