/**
 * The draft of a repair's devis, as the repair's page builds it for the devis machinery: the parts (lines
 * of the catalogue, or typed) and the workshop's labour, priced at the workshop's hourly rate, with the
 * devis' default terms. Shared by the page and the tests.
 */
import { parseEuros, type DevisDraft, type DevisLine } from '../devis/devis.ts';
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

/** One part's row as the repair devis editor holds it, typed: reference, designation, quantity, unit price HT in euros. */
export interface DevisFormLine {
  reference: string;
  designation: string;
  quantity: string;
  price: string;
}

/**
 * The draft of what the editor holds now: the rows with a designation, a whole quantity and a price (the
 * others left out, so the totals follow the typing), the labour's minutes; and the first problem to tell
 * before sending, if any (a row half filled, minutes that are not a whole number).
 */
export function draftFromForm(lines: readonly DevisFormLine[], minutes: string, territory: TerritoryId, reference: string): { draft: DevisDraft; problem: string } {
  let problem = '';
  const parts: Omit<DevisLine, 'discountBasisPoints'>[] = [];
  for (const [index, line] of lines.entries()) {
    if (!line.designation.trim()) continue;
    const cents = parseEuros(line.price);
    const quantity = Number(line.quantity);
    if (cents === undefined || !Number.isInteger(quantity) || quantity < 1) {
      problem ||= `Ligne ${index + 1}\u00a0: indiquez une quantité entière et un prix HT en euros.`;
      continue;
    }
    parts.push({ reference: line.reference.trim(), designation: line.designation.trim(), quantity, unitPriceHTCents: cents });
  }
  const labour = Number(minutes);
  const labourOk = minutes.trim() !== '' && Number.isInteger(labour) && labour >= 0;
  if (!labourOk) problem ||= 'Main-d’œuvre\u00a0: indiquez un nombre entier de minutes.';
  return { draft: repairDraft(parts, labourOk ? labour : 0, territory, reference), problem };
}

/** The editor's rows and minutes back from a sent devis (its parts, then its labour line's quarter hours), to prepare a new version. */
export function formFromDraft(draft: Pick<DevisDraft, 'lines'>): { lines: DevisFormLine[]; minutes: string } {
  const labour = draft.lines.find((line) => line.reference === LABOUR_REFERENCE);
  const lines = draft.lines
    .filter((line) => line.reference !== LABOUR_REFERENCE)
    .map((line) => ({ reference: line.reference, designation: line.designation, quantity: String(line.quantity), price: (line.unitPriceHTCents / 100).toFixed(2).replace('.', ',') }));
  return { lines, minutes: String((labour?.quantity ?? 4) * 15) };
}
