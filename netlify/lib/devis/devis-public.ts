/**
 * A devis as its customer's page shows it: every amount and date already written in French, so the page's
 * script only puts text in place (no number formatting shipped to the phone).
 */
import { devisStateOf } from '../../../src/lib/devis-states.ts';
import { formatCents } from '../../../src/lib/price.ts';
import { territoryOf } from '../../../src/lib/taxes.ts';
import { devisLineTotalHTCents, devisTotals, formatDay, martiniqueDay, percentLabel, type DevisVersion } from '../../../src/features/devis/devis.ts';
import type { PublicDevis } from '../../../src/features/devis/public-devis.ts';

const when = (at: string): string =>
  new Date(at).toLocaleString('fr-FR', { timeZone: 'America/Martinique', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).replace(' ', ' à ');

export function publicDevis(version: DevisVersion): PublicDevis {
  const totals = devisTotals(version.draft);
  const answer = version.answer;
  return {
    number: version.number,
    state: version.state,
    stateLabel: devisStateOf(version.state).label,
    date: formatDay(martiniqueDay(new Date(version.sentAt))),
    validUntil: formatDay(version.validUntil),
    customer: { name: version.customer.name, company: version.customer.company },
    territory: territoryOf(version.draft.territory).label,
    lines: version.draft.lines.map((line) => ({
      reference: line.reference,
      designation: line.designation,
      quantity: String(line.quantity),
      unitPrice: formatCents(line.unitPriceHTCents),
      discount: percentLabel(line.discountBasisPoints),
      total: formatCents(devisLineTotalHTCents(line)),
    })),
    totals: [
      { label: 'Total lignes HT', value: formatCents(totals.subtotalHTCents), strong: false },
      { label: 'Livraison HT', value: totals.shippingHTCents === 0 ? 'Offerte' : formatCents(totals.shippingHTCents), strong: false },
      { label: 'Total HT', value: formatCents(totals.subtotalHTCents + totals.shippingHTCents), strong: true },
      { label: totals.vatLabel, value: totals.vatApplies ? formatCents(totals.vatCents) : '—', strong: false },
      { label: 'Total TTC', value: formatCents(totals.totalTTCCents), strong: true },
    ],
    paymentTerms: version.draft.paymentTerms,
    deliveryTerms: version.draft.deliveryTerms,
    ...(answer
      ? {
          answer: {
            decision: answer.decision,
            text:
              answer.decision === 'accepte'
                ? `Devis accepté le ${when(answer.at)} par ${answer.name} (${answer.role}), « Bon pour accord ».`
                : `Devis refusé le ${when(answer.at)}${answer.reason ? ` : « ${answer.reason} »` : ''}.`,
          },
        }
      : {}),
  };
}
