/**
 * How every moment of a record is written for a person — screens, PDFs, e-mails, CSV exports — and the
 * calendar days of content. The one module that turns dates into French text (a unit test refuses
 * `Intl.DateTimeFormat` and `toLocale…String` on dates anywhere else), so a record's times read the same
 * on the staff's screen, the customer's page, its PDF and its e-mails, whatever the browser's zone.
 *
 * The rule:
 * - A moment is written in the time of the record's territory (a Guyane ticket in Cayenne's time), never
 *   in the browser's or the server's zone.
 * - Its zone is named (« (heure de Cayenne) ») when a reader's clock may show another time: when the
 *   territory's time is not the head office's (the staff work on Antilles time), when the reader's
 *   territory is known (`reader`) and its time differs, or always with `zone: 'always'` (a deadline
 *   promised to someone who may read it elsewhere). Martinique and Guadeloupe share one time: their
 *   moments are written bare between them.
 * - A day alone (`date`, `long-date`) is the territory's calendar day and names no zone: only a time of
 *   day can be misread by an hour.
 * - The calendar days of the company's own calendar (a reference's year, a devis' validity, a news
 *   article's day, a contract's last day) are the head office's: `localDay` without a territory.
 * - The offsets come from `@date-fns/tz` (the zones' rules as the runtime knows them; none of ours has
 *   summer time, the code does not assume it).
 */
import { tzOffset } from '@date-fns/tz';
import { DEFAULT_TERRITORY, territoryOf, type TerritoryId } from '../lib/territories.ts';

/** What a moment may be given as: an ISO text, milliseconds or a Date; missing or invalid writes nothing. */
export type Instant = string | number | Date | null | undefined;

/**
 * How a moment is written:
 * - `short`: « 21/11/2026 à 14:02 » (lists, histories, PDFs, the default);
 * - `long`: « 21 novembre 2026 à 14:02 », « 1er décembre » on a month's first day (a request's reception,
 *   e-mails, exports);
 * - `date`: « 21/11/2026 »; `long-date`: « 21 novembre 2026 »; `time`: « 14:02 ».
 */
export type MomentForm = 'short' | 'long' | 'date' | 'long-date' | 'time';

/** Options of `moment`. */
export interface MomentOptions {
  as?: MomentForm;
  /** `always`: name the zone whatever the reader; `where-ambiguous` (default): see the module's rule. */
  zone?: 'always' | 'where-ambiguous';
  /** The reader's territory when it is known (an invited person, a technician): its time decides too. */
  reader?: TerritoryId;
}

const MINUTE = 60_000;
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'] as const;
const SHORT_MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'] as const;
const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** The milliseconds of an instant, or null when it is missing or not a date. */
function msOf(at: Instant): number | null {
  if (at === undefined || at === null || at === '') return null;
  const ms = at instanceof Date ? at.getTime() : new Date(at).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** A territory's offset from UTC at an instant, in milliseconds (negative west of Greenwich). */
export const offsetIn = (territory: TerritoryId, ms: number): number => tzOffset(territoryOf(territory).timeZone, new Date(ms)) * MINUTE;

/** The wall time of the territory's clocks at an instant, as a Date whose UTC fields read it. */
const wallTime = (territory: TerritoryId, ms: number): Date => new Date(ms + offsetIn(territory, ms));

/** Whether the zone is written after a moment of this territory (the module's rule). */
function zoneNamed(territory: TerritoryId, ms: number, { zone = 'where-ambiguous', reader }: MomentOptions): boolean {
  if (zone === 'always') return true;
  const own = offsetIn(territory, ms);
  return own !== offsetIn(DEFAULT_TERRITORY, ms) || (reader !== undefined && own !== offsetIn(reader, ms));
}

/**
 * A record's moment in French, in its territory's time, the zone named by the module's rule:
 * « 27/11/2026 à 00:34 (heure de Cayenne) ». Empty for a missing or bad date.
 */
export function moment(at: Instant, territory: TerritoryId, options: MomentOptions = {}): string {
  const ms = msOf(at);
  if (ms === null) return '';
  const wall = wallTime(territory, ms);
  const [year, month, day] = [wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()];
  const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
  const shortDay = `${pad(day)}/${pad(month + 1)}/${year}`;
  const longDay = `${day === 1 ? '1er' : day} ${MONTHS[month]} ${year}`;
  const text = { short: `${shortDay} à ${time}`, long: `${longDay} à ${time}`, date: shortDay, 'long-date': longDay, time }[options.as ?? 'short'];
  const dayOnly = options.as === 'date' || options.as === 'long-date';
  return !dayOnly && zoneNamed(territory, ms, options) ? `${text} (${territoryOf(territory).zoneName})` : text;
}

/**
 * A moment for a person of some territories (a staff member, an invited person, a technician's phone): in
 * their territories' time when they share one clock, named by the rule above; else in the head office's
 * time, its zone always named.
 */
export function momentFor(at: Instant, territories: readonly TerritoryId[], options: Omit<MomentOptions, 'reader'> = {}): string {
  const ms = msOf(at);
  const [first] = territories;
  if (ms === null || first === undefined) return moment(at, DEFAULT_TERRITORY, { ...options, zone: 'always' });
  const oneClock = territories.every((territory) => offsetIn(territory, ms) === offsetIn(first, ms));
  return oneClock ? moment(at, first, options) : moment(at, DEFAULT_TERRITORY, { ...options, zone: 'always' });
}

/** « 2026-03-12 »: the calendar day an instant falls on in the territory (keys, validity days, filters). */
export function localDay(at: Date, territory: TerritoryId = DEFAULT_TERRITORY): string {
  return wallTime(territory, at.getTime()).toISOString().slice(0, 10);
}

/** « 2026-05-21T16:30:05.123 »: the territory's wall time of an instant, to the millisecond (keys, ISO with offset). */
export function localDateTime(at: Date, territory: TerritoryId = DEFAULT_TERRITORY): string {
  return wallTime(territory, at.getTime()).toISOString().slice(0, 23);
}

// ---------------------------------------------------------------------------------------------------------
// Calendar days: a content's date, a contract's end, a week. They are days, not moments: no zone applies
// (front matter `2019-04-11` is midnight UTC, read as such so that it never shifts by a day).

/** A calendar day as a UTC date: a Date (its UTC day) or « 2019-04-11 ». */
type CalendarDay = Date | string;
const utcDay = (day: CalendarDay): Date => (day instanceof Date ? day : new Date(`${day.slice(0, 10)}T00:00:00Z`));

/**
 * A calendar day in French: `long` « 11 avril 2019 », « 1er mars 2019 » on the first of a month as French
 * typography writes it; `day-month` « 2 mars »; `short-month` « 2 mars » with the month abbreviated
 * (« 2 déc. »); `month` « Avril 2019 » (an archive's heading).
 */
export function calendarDay(day: CalendarDay, as: 'long' | 'day-month' | 'short-month' | 'month' = 'long'): string {
  const date = utcDay(day);
  const [year, month, dayOfMonth] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  if (as === 'month') return `${MONTHS[month]!.charAt(0).toUpperCase()}${MONTHS[month]!.slice(1)} ${year}`;
  if (as === 'short-month') return `${dayOfMonth} ${SHORT_MONTHS[month]}`;
  if (as === 'day-month') return `${dayOfMonth} ${MONTHS[month]}`;
  return `${dayOfMonth === 1 ? '1er' : dayOfMonth} ${MONTHS[month]} ${year}`;
}
