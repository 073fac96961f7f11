/**
 * The TTC and VAT lines of a price excluding tax for a delivery territory, worded once for the static
 * HTML (PriceBlock.astro, the default territory) and for the script that rewrites them when the visitor
 * picks another territory, so both always read the same.
 */
import { formatCents } from '../../lib/price';
import { type TerritoryId } from '../../lib/territories';
import { taxed } from '../../lib/taxes';

/** « 541,60 € TTC » and « dont TVA 8,5 % (Martinique) : 42,43 € », or the legal mention where VAT does not apply. */
export function priceLines(htCents: number, territory: TerritoryId): { ttc: string; vat: string } {
  const t = taxed(htCents, territory);
  return {
    ttc: `${formatCents(t.ttcCents)} TTC`,
    vat: t.vatApplies ? `dont ${t.label}\u00a0: ${formatCents(t.vatCents)}` : t.label,
  };
}
