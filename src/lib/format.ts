/**
 * French formatting of dates and amounts, shared by the admin, the e-mails and the store.
 */

const dateTimeFr = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Martinique',
});

/** A date as French text, in Antilles time: « 21 novembre 2026 à 09:41 ». Empty for a missing or bad date. */
export function formatDateFr(value: string | number | Date | undefined | null): string {
  if (value === undefined || value === null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFr.format(date);
}

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** An amount in cents as French euros: « 1 234,50 € ». */
export function formatEurosFromCents(cents: number): string {
  return euros.format(cents / 100);
}
