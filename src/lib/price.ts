/**
 * Prices: computed in integer cents (VAT lives in ./taxes.ts) so no float error reaches a total, formatted the French way.
 * The catalogue stores euros with two decimals; convert with `toCents` before any arithmetic.
 */

/** Euros (two decimals at most) to integer cents. */
export const toCents = (euros: number): number => Math.round(euros * 100);

/** Made once, at first use: a page whose script shows no price never pays for it (see taxes.ts). */
let euroFormat: Intl.NumberFormat | undefined;

/** « 1 234,56 € » (Intl's French format: narrow no-break space for thousands, no-break space before €). */
export const formatCents = (cents: number): string => (euroFormat ??= new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })).format(cents / 100);

/** Formats a catalogue price given in euros. */
export const formatEuros = (euros: number): string => formatCents(toCents(euros));
