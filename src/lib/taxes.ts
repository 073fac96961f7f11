/**
 * VAT by delivery territory (Code général des impôts), the one place where a VAT amount is computed. The catalogue holds prices excluding tax (HT); every TTC price and VAT line of the
 * site, the cart, the quote and the e-mails is derived here, in integer cents, in the browser and on the
 * server alike, so both always agree to the cent.
 *
 * - Martinique and Guadeloupe: normal rate 8,5 % (CGI art. 296).
 * - Guyane: VAT provisionally not applicable (CGI art. 294-1); a sale from the Antilles to Guyane is an
 *   export, so no VAT line, only the legal mention.
 *
 * The rates are in the territories' table (`territories.ts`).
 */
import { inTerritories, TERRITORIES, territoryOf, type Territory, type TerritoryId } from './territories.ts';

/** Whether VAT applies to deliveries in a territory. */
export const vatApplies = (id: TerritoryId): boolean => territoryOf(id).vatBasisPoints !== null;

/**
 * French percentages (« 8,5 »), made once, at first use: building a formatter costs far more than using
 * it (thousands of rates at build), and a store page whose script shows no rate never builds it (the
 * first formatter of a page costs a phone about 90 ms of its main thread).
 */
let percentFormat: Intl.NumberFormat | undefined;

/** « 8,5 % » for a territory whose VAT applies. */
export function vatPercentLabel(id: TerritoryId): string {
  const points = territoryOf(id).vatBasisPoints ?? 0;
  return `${(percentFormat ??= new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 })).format(points / 100)}\u00a0%`;
}

/**
 * The VAT line's label: « TVA 8,5 % (Martinique) », or the legal mention where VAT does not apply
 * (« TVA non applicable, art. 294 du CGI »).
 */
export function vatLabel(id: TerritoryId): string {
  const territory = territoryOf(id);
  if (territory.vatBasisPoints === null) return `TVA non applicable, ${territory.legalReference}`;
  return `TVA ${vatPercentLabel(id)} (${territory.label})`;
}

/**
 * VAT on an amount excluding tax, in cents, rounded half up to the cent with integer arithmetic only
 * (8,5 % of 499,17 € is 42,43 €). 0 where VAT does not apply.
 */
export function vatCents(htCents: number, id: TerritoryId): number {
  const points = territoryOf(id).vatBasisPoints;
  if (points === null || htCents === 0) return 0;
  const sign = htCents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(htCents) * points + 5_000) / 10_000);
}

/** An amount excluding tax with its VAT and its total including tax, for a territory. */
export interface Taxed {
  htCents: number;
  vatCents: number;
  ttcCents: number;
  /** False in Guyane: show the legal mention instead of a VAT amount. */
  vatApplies: boolean;
  /** « TVA 8,5 % (Martinique) » or « TVA non applicable, art. 294 du CGI ». */
  label: string;
}

/** Taxes an amount excluding tax (a unit price, or a whole cart or quote: VAT is rounded once, on the total). */
export function taxed(htCents: number, id: TerritoryId): Taxed {
  const vat = vatCents(htCents, id);
  return { htCents, vatCents: vat, ttcCents: htCents + vat, vatApplies: vatApplies(id), label: vatLabel(id) };
}

/**
 * The VAT of every territory in one French phrase, for the legal notice: « 8,5 % en Martinique et en
 * Guadeloupe, TVA non applicable en Guyane (art. 294 du CGI) ». Territories sharing a rate are grouped.
 */
export function vatByTerritoryPhrase(): string {
  const groups = new Map<number | null, Territory[]>();
  for (const territory of TERRITORIES) groups.set(territory.vatBasisPoints, [...(groups.get(territory.vatBasisPoints) ?? []), territory]);
  return [...groups]
    .map(([points, territories]) =>
      points === null
        ? `TVA non applicable ${inTerritories(territories)} (${territories[0]!.legalReference})`
        : `${vatPercentLabel(territories[0]!.id)} ${inTerritories(territories)}`,
    )
    .join(', ');
}
