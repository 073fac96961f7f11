/**
 * Machine-readable days and durations. Dates written for people (moments of records, calendar days of
 * content) come from `src/records/moment.ts`.
 */

/** « 2019-04-11 »: the machine-readable day, for `<time datetime>` and structured data. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** « 2019-04 »: the month a date belongs to, as a key (archives, URL parameter). */
export function isoMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** A duration in minutes as French reads it: « 1 h 30 », « 45 min », « 2 h ». */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')}`;
}
