/**
 * The staff's list of tickets, from the summaries the index gives (each with its time left at the time of
 * the call): what a person may see (their territories; an administrator every one), the filters, the
 * counters, the order and the pages.
 *
 * Order: the least time left first, so late tickets come first, the latest of them on top; tickets without
 * a running target (resolved, closed, or paused before a due time) after them, the oldest opening first.
 * The counters count every ticket the person may see in the chosen territories, whatever the other
 * filters, so the filter buttons show what each would give.
 */
import { TERRITORIES, type TerritoryId } from '../../../src/lib/territories.ts';
import type { TicketSummary } from '../../../src/features/tickets/model.ts';
import { TICKET_PAGE_MAX, TICKET_PAGE_SIZE, type TicketCounts, type TicketFilter, type TerritoryCount } from '../../../src/features/tickets/staff.ts';
import { ticketStateOf } from '../../../src/features/tickets/states.ts';
import type { StaffMember } from '../auth/permissions.ts';
import { visibleTerritories } from '../requests/scope.ts';

/** Thrown for a cursor this server did not make. */
export class InvalidTicketCursorError extends Error {}

/** Where a page starts: the sort key of the last row of the previous page. */
interface Position {
  /** Time left, or null (no running target: after every timed ticket). */
  m: number | null;
  o: string;
  id: string;
}

const keyOf = (summary: TicketSummary): Position => ({ m: summary.minutesLeft, o: summary.openedAt, id: summary.id });

/** The list's order over sort keys: time left ascending (none last), then oldest opening, then id. */
function compareKeys(a: Position, b: Position): number {
  if (a.m !== b.m) {
    if (a.m === null) return 1;
    if (b.m === null) return -1;
    return a.m - b.m;
  }
  if (a.o !== b.o) return a.o < b.o ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The list's order. */
export const byTimeLeft = (a: TicketSummary, b: TicketSummary): number => compareKeys(keyOf(a), keyOf(b));

const encodeCursor = (position: Position): string => Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');

/** The position a cursor stands for, or undefined when this server did not make it. */
function positionOf(cursor: string): Position | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<Position>;
    if ((value.m === null || typeof value.m === 'number') && typeof value.o === 'string' && typeof value.id === 'string') return value as Position;
  } catch {
    // Not ours: undefined below.
  }
  return undefined;
}

/** Whether a cursor is one this server made (a list asked with another answers 400). */
export const isTicketCursor = (cursor: string): boolean => positionOf(cursor) !== undefined;

function decodeCursor(cursor: string): Position {
  const position = positionOf(cursor);
  if (!position) throw new InvalidTicketCursorError('cursor not made by this server');
  return position;
}

/** The territories a filter keeps, within what the person may see. */
function chosenTerritories(staff: StaffMember, filter: TicketFilter): ReadonlySet<TerritoryId> {
  const visible = visibleTerritories(staff);
  const chosen = filter.territory === 'tous' ? [...visible] : filter.territory === 'mes' ? staff.territories : [filter.territory];
  return new Set(chosen.filter((territory) => visible.has(territory)));
}

/** One page of the list, the counters and the next page's cursor. */
export interface TicketPage {
  data: TicketSummary[];
  counts: TicketCounts;
  territories: TerritoryCount[];
  nextCursor: string | null;
}

/**
 * One page of what `filter` keeps of `summaries` for this person. `summaries` are the tickets the filter's
 * state asks for (the open ones when the state is empty); a cursor from an earlier page continues after it.
 */
export function ticketPage(summaries: readonly TicketSummary[], staff: StaffMember, filter: TicketFilter, page: { cursor?: string; limit?: number } = {}): TicketPage {
  const limit = Math.min(page.limit ?? TICKET_PAGE_SIZE, TICKET_PAGE_MAX);
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const visible = visibleTerritories(staff);
  const territories = chosenTerritories(staff, filter);
  const perTerritory = new Map<TerritoryId, TerritoryCount>();
  for (const territory of TERRITORIES) if (visible.has(territory.id)) perTerritory.set(territory.id, { territory: territory.id, open: 0, late: 0 });
  const counts: TicketCounts = { open: 0, late: 0, mine: 0, states: {}, impacts: {} };
  const kept: TicketSummary[] = [];
  for (const summary of summaries) {
    if (!visible.has(summary.territory)) continue;
    const open = ticketStateOf(summary.state).open;
    const territoryCount = perTerritory.get(summary.territory)!;
    if (open) territoryCount.open += 1;
    if (summary.late) territoryCount.late += 1;
    if (!territories.has(summary.territory)) continue;
    if (open) counts.open += 1;
    if (summary.late) counts.late += 1;
    if (summary.assignedTo?.id === staff.id) counts.mine += 1;
    counts.states[summary.state] = (counts.states[summary.state] ?? 0) + 1;
    counts.impacts[summary.impact] = (counts.impacts[summary.impact] ?? 0) + 1;
    if (filter.state && summary.state !== filter.state) continue;
    if (filter.impact && summary.impact !== filter.impact) continue;
    if (filter.mine && summary.assignedTo?.id !== staff.id) continue;
    if (filter.late && !summary.late) continue;
    if (after && compareKeys(keyOf(summary), after) <= 0) continue;
    kept.push(summary);
  }
  kept.sort(byTimeLeft);
  const data = kept.slice(0, limit);
  const last = data.at(-1);
  return { data, counts, territories: [...perTerritory.values()], nextCursor: kept.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
