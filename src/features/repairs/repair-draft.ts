/**
 * The draft of a repair's devis, as the repair's page builds it for the devis machinery: the parts (lines
 * of the catalogue, or typed) and the workshop's labour, priced at the workshop's hourly rate, with the
 * devis' default terms. Shared by the page and the tests.
 */
import type { DevisDraft, DevisLine } from '../devis/devis.ts';
import { DEFAULT_DELIVERY_TERMS, DEFAULT_PAYMENT_TERMS, DEFAULT_VALIDITY_DAYS } from '../devis/conditions.ts';
import type { TerritoryId } from '../../lib/territories.ts';
import { durationLabel } from '../../lib/format.ts';

/** The workshop's labour, per hour, excluding VAT (65 € HT). */
export const WORKSHOP_HOURLY_RATE_HT_CENTS = 6_500;

/** The reference of the labour line of a repair devis. */
export const LABOUR_REFERENCE = 'MO-ATELIER';


/** A repair devis: the parts' lines, then the labour (quarter hours, at the hourly rate), shipping free. */
export function repairDraft(parts: readonly Omit<DevisLine, 'discountBasisPoints'>[], labourMinutes: number, territory: TerritoryId, reference: string): DevisDraft {
  const quarters = Math.max(1, Math.ceil(labourMinutes / 15));
  const labour: DevisLine = {
    reference: LABOUR_REFERENCE,
    designation: `Main-d’œuvre atelier, réparation ${reference} (${durationLabel(quarters * 15)})`,
    quantity: quarters,
    unitPriceHTCents: WORKSHOP_HOURLY_RATE_HT_CENTS / 4,
    discountBasisPoints: 0,
  };
  return {
    lines: [...parts.map((part) => ({ ...part, discountBasisPoints: 0 })), labour],
    shippingHTCents: 0,
    territory,
    validityDays: DEFAULT_VALIDITY_DAYS,
    paymentTerms: DEFAULT_PAYMENT_TERMS,
    deliveryTerms: DEFAULT_DELIVERY_TERMS,
    customerAddress: '',
  };
}
