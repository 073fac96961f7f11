/**
 * How dates are written for French readers. Content dates are calendar days (front matter
 * `2019-04-11` is midnight UTC), so they are formatted in UTC and never shift by a day.
 */
import { HEAD_OFFICE_TIME_ZONE } from './territories.ts';

const dayMonthYear = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** « 11 avril 2019 », and « 1er mars 2019 » for the first day of a month, as French typography writes it. */
export function formatDateFr(date: Date): string {
  const text = dayMonthYear.format(date);
  return date.getUTCDate() === 1 ? text.replace(/^1(?=\s)/, '1er') : text;
}

/** « Avril 2019 »: a month heading, capitalised (archives). */
export function formatMonthFr(date: Date): string {
  const text = monthYear.format(date);
  return text.charAt(0).toLocaleUpperCase('fr') + text.slice(1);
}

/** « 2019-04-11 »: the machine-readable day, for `<time datetime>` and structured data. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** « 2019-04 »: the month a date belongs to, as a key (archives, URL parameter). */
export function isoMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}

const dateTimeFr = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: HEAD_OFFICE_TIME_ZONE,
});

/** A moment as French text, in Antilles time: « 21 novembre 2026 à 09:41 » (admin, e-mails). Empty for a missing or bad date. */
export function formatDateTimeFr(value: string | number | Date | undefined | null): string {
  if (value === undefined || value === null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFr.format(date);
}

const shortDateFr = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: HEAD_OFFICE_TIME_ZONE });
const shortTimeFr = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: HEAD_OFFICE_TIME_ZONE });

/** A moment as short French text, in Antilles time: « 21/11/2026 à 14:02 » (admin history, notes). Empty for a missing or bad date. */
export function formatShortDateTimeFr(value: string | number | Date | undefined | null): string {
  if (value === undefined || value === null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${shortDateFr.format(date)} à ${shortTimeFr.format(date)}`;
}

/** A duration in minutes as French reads it: « 1 h 30 », « 45 min », « 2 h ». */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')}`;
}
