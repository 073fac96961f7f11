/**
 * Prices: computed in integer cents so no float error reaches a total, formatted the French way.
 * The catalogue stores euros with two decimals; convert with `toCents` before any arithmetic.
 */
import { VAT_RATE } from './constants';

/** Euros (two decimals at most) to integer cents. */
export const toCents = (euros: number): number => Math.round(euros * 100);

/** Cents back to euros, for structured data and messages. */
export const toEuros = (cents: number): number => cents / 100;

/** Price including tax from a price excluding tax, in cents, rounded to the cent (DECISIONS.md §9). */
export const ttcFromHtCents = (htCents: number, rate: number = VAT_RATE): number => Math.round(htCents * (1 + rate));

/** VAT amount in cents for a price excluding tax. */
export const vatFromHtCents = (htCents: number, rate: number = VAT_RATE): number => ttcFromHtCents(htCents, rate) - htCents;

/** Whether a catalogue price including tax is the rounded price excluding tax plus VAT. */
export const isConsistentTtc = (priceHT: number, price: number, rate: number = VAT_RATE): boolean =>
  ttcFromHtCents(toCents(priceHT), rate) === toCents(price);

const euroFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** « 1 234,56 € » (Intl's French format: narrow no-break space for thousands, no-break space before €). */
export const formatCents = (cents: number): string => euroFormat.format(cents / 100);

/** Formats a catalogue price given in euros. */
export const formatEuros = (euros: number): string => formatCents(toCents(euros));
