/**
 * The service-level clock of the tickets: business time in each territory, the due times of a ticket and
 * the time it has left. Pure: every instant is given by the caller, nothing reads the system clock.
 *
 * Business hours are Monday to Friday, 8 h to 17 h local time of the ticket's territory, its public
 * holidays excluded. Holidays come from `date-holidays` (France's regions MQ, GP, GF: 22 May in Martinique,
 * 27 May in Guadeloupe, 10 June in Guyane, Good Friday in the Antilles…), read from the table it computed
 * (public-holidays.json, written by holiday-table.ts); only the days it types « public » count, not
 * observances nor optional days. The clock stands still during paused intervals (the ticket
 * waited for its customer): only the business time outside them counts.
 */
import { tzOffset } from '@date-fns/tz';
import type { TerritoryId } from '../../lib/territories.ts';
import { TERRITORY_TIME_ZONES } from '../../lib/time-zones.ts';
import holidayTable from './public-holidays.json' with { type: 'json' };
import { ticketImpactOf, type PausedInterval, type SlaTarget, type TicketImpact } from './states.ts';



/** Business hours, local time: from 8 h to 17 h. */
export const BUSINESS_OPENS_HOUR = 8;
export const BUSINESS_CLOSES_HOUR = 17;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The milliseconds of an instant; an invalid Date is a programming error, refused before any walk. */
function msOf(instant: Date): number {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Instant invalide.');
  return ms;
}

/** Paused intervals checked the same way (an absent or null end: the pause goes on). */
function checkedPauses(paused: readonly PausedInterval[]): readonly PausedInterval[] {
  for (const pause of paused) {
    msOf(pause.start);
    if (pause.end) msOf(pause.end);
  }
  return paused;
}

// ---------------------------------------------------------------------------------------------------------
// Local time of a territory

/**
 * Offsets already read, per zone: by UTC day when the offset is the same at both ends of the day (every day
 * of our three zones, which have no summer time), else per quarter of an hour (zones change their offset
 * on a quarter of an hour at most once a day). A list of thousands of tickets reads the zone's rules a few
 * times a day.
 */
const offsetCache = new Map<string, { days: Map<number, number | null>; quarters: Map<number, number> }>();
const QUARTER = 15 * MINUTE;
/** Bound of one zone's cache, so that a long-lived process does not grow it without end. */
const OFFSET_CACHE_LIMIT = 100_000;

/** The offset from UTC at an instant, in milliseconds (negative west of Greenwich), from the zone's rules. */
const readOffset = (zone: string, ms: number): number => tzOffset(zone, new Date(ms)) * MINUTE;

/** The territory's offset from UTC at an instant, in milliseconds. */
function offsetAt(zone: string, ms: number): number {
  let cache = offsetCache.get(zone);
  if (!cache || cache.days.size + cache.quarters.size > OFFSET_CACHE_LIMIT) {
    cache = { days: new Map(), quarters: new Map() };
    offsetCache.set(zone, cache);
  }
  const day = Math.floor(ms / DAY);
  let daily = cache.days.get(day);
  if (daily === undefined) {
    const first = readOffset(zone, day * DAY);
    daily = first === readOffset(zone, (day + 1) * DAY - 1000) ? first : null;
    cache.days.set(day, daily);
  }
  if (daily !== null) return daily;
  const quarter = Math.floor(ms / QUARTER);
  let offset = cache.quarters.get(quarter);
  if (offset === undefined) {
    offset = readOffset(zone, quarter * QUARTER);
    cache.quarters.set(quarter, offset);
  }
  return offset;
}

/** The instant at which the territory's clocks show a given wall time (`localMs`: that wall time read as UTC). */
function instantOfWallTime(zone: string, localMs: number): number {
  const guess = localMs - offsetAt(zone, localMs);
  return localMs - offsetAt(zone, guess);
}

/** The local calendar day (days since 1970-01-01) an instant falls on in the territory. */
const localDayOf = (zone: string, ms: number): number => Math.floor((ms + offsetAt(zone, ms)) / DAY);

// ---------------------------------------------------------------------------------------------------------
// Business days

const holidayYears = new Map<string, ReadonlyMap<string, string>>();

/**
 * The public holidays of a territory in a year: local date « YYYY-MM-DD » → French name. Read once per
 * territory and year: the staff's list computes thousands of due times on each call. A year outside the
 * table is a programming error (the table spans decades; `npm run holidays` extends it).
 */
export function publicHolidays(territory: TerritoryId, year: number): ReadonlyMap<string, string> {
  const key = `${territory}:${year}`;
  let days = holidayYears.get(key);
  if (!days) {
    if (year < holidayTable.years.first || year > holidayTable.years.last) {
      throw new RangeError(`Jours fériés inconnus pour ${year}\u00a0: la table couvre ${holidayTable.years.first} à ${holidayTable.years.last} (npm run holidays).`);
    }
    const prefix = `${year}-`;
    days = new Map(Object.entries(holidayTable.days[territory]).filter(([date]) => date.startsWith(prefix)));
    holidayYears.set(key, days);
  }
  return days;
}

/** Whether a local calendar day (its midnight read as UTC) is a Saturday or a Sunday. */
const isWeekend = (midnight: Date): boolean => midnight.getUTCDay() === 0 || midnight.getUTCDay() === 6;

/** The public holidays falling on weekdays between two instants (local dates, inclusive), in order. */
export function weekdayHolidaysBetween(from: Date, to: Date, territory: TerritoryId): { date: string; name: string }[] {
  const zone = TERRITORY_TIME_ZONES[territory];
  const found: { date: string; name: string }[] = [];
  for (let day = localDayOf(zone, msOf(from)); day <= localDayOf(zone, msOf(to)); day += 1) {
    const midnight = new Date(day * DAY);
    const date = midnight.toISOString().slice(0, 10);
    const name = publicHolidays(territory, midnight.getUTCFullYear()).get(date);
    if (name !== undefined && !isWeekend(midnight)) found.push({ date, name });
  }
  return found;
}

/** A business window: the instants of 8 h and 17 h of one business day. */
interface Window {
  open: number;
  close: number;
}

const windowsByTerritory = new Map<TerritoryId, Map<number, Window | null>>();

/** The business window of a local calendar day, or null on a weekend or a public holiday. Cached per day. */
function windowOfDay(territory: TerritoryId, day: number): Window | null {
  let windows = windowsByTerritory.get(territory);
  if (!windows) {
    windows = new Map();
    windowsByTerritory.set(territory, windows);
  }
  const cached = windows.get(day);
  if (cached !== undefined) return cached;
  const midnight = new Date(day * DAY);
  const date = midnight.toISOString().slice(0, 10);
  let window: Window | null = null;
  if (!isWeekend(midnight) && !publicHolidays(territory, midnight.getUTCFullYear()).has(date)) {
    const zone = TERRITORY_TIME_ZONES[territory];
    window = {
      open: instantOfWallTime(zone, day * DAY + BUSINESS_OPENS_HOUR * HOUR),
      close: instantOfWallTime(zone, day * DAY + BUSINESS_CLOSES_HOUR * HOUR),
    };
  }
  windows.set(day, window);
  return window;
}

/** Whether an instant falls within the territory's business hours. */
export function isBusinessTime(instant: Date, territory: TerritoryId): boolean {
  const ms = msOf(instant);
  const window = windowOfDay(territory, localDayOf(TERRITORY_TIME_ZONES[territory], ms));
  return window !== null && ms >= window.open && ms < window.close;
}

// ---------------------------------------------------------------------------------------------------------
// Running time: business windows minus the paused intervals

/** Paused intervals as sorted, merged [start, end) pairs of milliseconds; an open pause ends at Infinity. */
function mergePauses(paused: readonly PausedInterval[]): [number, number][] {
  const pairs = paused
    .map((pause): [number, number] => [pause.start.getTime(), pause.end ? pause.end.getTime() : Infinity])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const pair of pairs) {
    const last = merged.at(-1);
    if (last && pair[0] <= last[1]) last[1] = Math.max(last[1], pair[1]);
    else merged.push(pair);
  }
  return merged;
}

/** The business windows at or after `from`, day after day, without end. */
function* windowsFrom(territory: TerritoryId, from: number): Generator<Window> {
  for (let day = localDayOf(TERRITORY_TIME_ZONES[territory], from); ; day += 1) {
    const window = windowOfDay(territory, day);
    if (window && window.close > from) yield { open: Math.max(window.open, from), close: window.close };
  }
}

/**
 * The stretches of time during which the clock runs, from `from` on, in order: business windows with the
 * paused intervals cut out. Ends when an open pause stops the clock for good.
 */
function* runningFrom(territory: TerritoryId, from: number, paused: readonly PausedInterval[]): Generator<Window> {
  const pauses = mergePauses(paused).filter(([, end]) => end > from);
  let next = 0;
  for (const window of windowsFrom(territory, from)) {
    let start = window.open;
    while (start < window.close) {
      while (next < pauses.length && pauses[next]![1] <= start) next += 1;
      const pause = pauses[next];
      if (!pause || pause[0] >= window.close) {
        yield { open: start, close: window.close };
        break;
      }
      if (pause[0] > start) yield { open: start, close: pause[0] };
      if (pause[1] === Infinity) return;
      start = pause[1];
    }
  }
}

/** The instant at which `ms` of running time have passed since `from`; null when an open pause stops it first. */
function addRunning(territory: TerritoryId, from: number, ms: number, paused: readonly PausedInterval[]): number | null {
  let left = ms;
  for (const stretch of runningFrom(territory, from, paused)) {
    const length = stretch.close - stretch.open;
    // A target met exactly at a window's close falls due then, not at the next opening.
    if (left <= length) return stretch.open + left;
    left -= length;
  }
  return null;
}

/** The running time between two instants, in milliseconds (0 when `to` is not after `from`). */
function runningBetween(territory: TerritoryId, from: number, to: number, paused: readonly PausedInterval[]): number {
  let total = 0;
  if (to <= from) return 0;
  for (const stretch of runningFrom(territory, from, paused)) {
    if (stretch.open >= to) break;
    total += Math.min(stretch.close, to) - stretch.open;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------------------
// Public functions

/**
 * The instant N business minutes after `start` in the territory. Outside business hours the count starts
 * at the next opening (a ticket of the evening starts at 8 h on the next business day). N ≥ 0.
 */
export function addBusinessMinutes(start: Date, minutes: number, territory: TerritoryId): Date {
  if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError(`Nombre de minutes ouvrées invalide : ${minutes}.`);
  return new Date(addRunning(territory, msOf(start), minutes * MINUTE, [])!);
}

/**
 * The business minutes between two instants in the territory, the paused intervals deducted (0 when `to`
 * is not after `from`). May be fractional: instants carry seconds.
 */
export function businessMinutesBetween(from: Date, to: Date, territory: TerritoryId, paused: readonly PausedInterval[] = []): number {
  return runningBetween(territory, msOf(from), msOf(to), checkedPauses(paused)) / MINUTE;
}

/** What the clock needs to know of a ticket. */
export interface TicketClockInput {
  openedAt: Date;
  territory: TerritoryId;
  impact: TicketImpact;
  /** Intervals spent « En attente client » (see `pausedIntervals` of states.ts). */
  paused: readonly PausedInterval[];
}

/** A ticket's due times; null while an open pause holds the clock before that target falls due. */
export type DueTimes = Record<SlaTarget, Date | null>;

/**
 * The due times of a ticket: its impact's targets counted in business time from the opening, paused time
 * deducted. A change of impact is the same computation with the new impact: the targets are counted again
 * from the opening, the paused time still deducted.
 */
export function dueTimes(ticket: TicketClockInput): DueTimes {
  const { targets } = ticketImpactOf(ticket.impact);
  const from = msOf(ticket.openedAt);
  const paused = checkedPauses(ticket.paused);
  const due = (minutes: number): Date | null => {
    const ms = addRunning(ticket.territory, from, minutes * MINUTE, paused);
    return ms === null ? null : new Date(ms);
  };
  return { priseEnCharge: due(targets.priseEnCharge), resolution: due(targets.resolution) };
}

/**
 * The business minutes a ticket has left on a target at an instant: the target minus the running time
 * since the opening. Negative when late; it does not move while the ticket is paused.
 */
export function timeLeft(ticket: TicketClockInput, target: SlaTarget, at: Date): number {
  const minutes = ticketImpactOf(ticket.impact).targets[target];
  return minutes - businessMinutesBetween(ticket.openedAt, at, ticket.territory, ticket.paused);
}

// ---------------------------------------------------------------------------------------------------------
// Local wall time, for the command line and the screens

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant of a wall time of the territory written « 2026-05-21T16:30 » (seconds optional), or null when
 * the text is not such a time or names a day or an hour that does not exist.
 */
export function parseLocalDateTime(text: string, territory: TerritoryId): Date | null {
  const match = LOCAL_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return new Date(instantOfWallTime(TERRITORY_TIME_ZONES[territory], wall));
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** An instant in ISO 8601 with the territory's offset, to the second: « 2026-05-26T09:30:00-04:00 ». */
export function formatLocalIso(instant: Date, territory: TerritoryId): string {
  const ms = instant.getTime();
  const offset = offsetAt(TERRITORY_TIME_ZONES[territory], ms);
  const wall = new Date(ms + offset).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset) / MINUTE;
  return `${wall}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
