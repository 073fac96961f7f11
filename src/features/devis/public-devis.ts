/**
 * A devis as its customer's page receives it (GET /api/devis/<jeton>): every amount and date already
 * written in French, so the page's script only puts text in place. The function builds it, the page reads it.
 */
import type { DevisVersion, TotalRow } from './devis.ts';

export interface PublicDevis {
  number: string;
  state: DevisVersion['state'];
  stateLabel: string;
  date: string;
  validUntil: string;
  customer: { name: string; company: string };
  territory: string;
  lines: { reference: string; designation: string; quantity: string; unitPrice: string; discount: string; total: string }[];
  totals: TotalRow[];
  paymentTerms: string;
  deliveryTerms: string;
  answer?: { decision: 'accepte' | 'refuse'; text: string };
}
