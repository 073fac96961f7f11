/**
 * The chart of the staff's list: week by week over the last 12 weeks, the share of tickets taken in charge
 * within their « prise en charge » target. A ticket counts in the week it was opened (weeks run Monday to
 * Sunday, Martinique's local time) once its target is decided: taken in charge (in time or not), or not
 * taken and past its due time (late). A ticket still within its time is not counted yet.
 */
import { dueTimes, formatLocalIso, type TicketClockInput } from '../../../src/features/tickets/clock.ts';
import type { WeekShare } from '../../../src/features/tickets/staff.ts';

/** How many weeks the chart shows, the current one last. */
export const CHART_WEEKS = 12;

const DAY = 24 * 60 * 60 * 1000;

/** What the statistics need of a ticket. */
export interface TakenInChargeInput extends TicketClockInput {
  takenInChargeAt: Date | null;
}

/** The Monday (YYYY-MM-DD, Martinique's local date) of the week of an instant. */
export function weekOf(instant: Date): string {
  const day = formatLocalIso(instant, 'martinique').slice(0, 10);
  const utc = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(utc).getUTCDay() + 6) % 7;
  return new Date(utc - sinceMonday * DAY).toISOString().slice(0, 10);
}

/** The Mondays of the chart's weeks at `now`, oldest first. */
export function chartWeeks(now: Date): string[] {
  const current = Date.parse(`${weekOf(now)}T00:00:00Z`);
  return Array.from({ length: CHART_WEEKS }, (_, index) => new Date(current - (CHART_WEEKS - 1 - index) * 7 * DAY).toISOString().slice(0, 10));
}

/**
 * The opening months (YYYY-MM, UTC) whose tickets may fall in the chart's weeks at `now`: a day is added on
 * each side so that a ticket of a local Monday night or Sunday evening is never missed.
 */
export function chartMonths(now: Date): string[] {
  const first = Date.parse(`${chartWeeks(now)[0]}T00:00:00Z`) - DAY;
  const months: string[] = [];
  for (let month = new Date(first); month.getTime() <= now.getTime() + DAY; month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))) {
    months.push(month.toISOString().slice(0, 7));
  }
  return months;
}

/** Whether a ticket's « prise en charge » target is decided at `now`, and whether it was met: undefined while it runs. */
export function takenInChargeOnTime(ticket: TakenInChargeInput, now: Date): boolean | undefined {
  const due = dueTimes(ticket).priseEnCharge;
  if (ticket.takenInChargeAt) return due === null || ticket.takenInChargeAt.getTime() <= due.getTime();
  if (due !== null && due.getTime() <= now.getTime()) return false;
  return undefined;
}

/** The share taken in charge on time, per week of the chart, from the tickets (others are ignored). */
export function weeklyShares(tickets: Iterable<TakenInChargeInput>, now: Date): WeekShare[] {
  const weeks = new Map(chartWeeks(now).map((week) => [week, { week, decided: 0, onTime: 0, percent: null as number | null }]));
  for (const ticket of tickets) {
    const week = weeks.get(weekOf(ticket.openedAt));
    if (!week || ticket.openedAt.getTime() > now.getTime()) continue;
    const onTime = takenInChargeOnTime(ticket, now);
    if (onTime === undefined) continue;
    week.decided += 1;
    if (onTime) week.onTime += 1;
  }
  return [...weeks.values()].map((week) => ({ ...week, percent: week.decided === 0 ? null : Math.round((100 * week.onTime) / week.decided) }));
}
