/**
 * A devis as its customer's page shows it: every amount and date already written in French, so the page's
 * script only puts text in place (no number formatting shipped to the phone).
 */
import { devisStateOf } from '../../../src/lib/devis-states.ts';
import { formatCents } from '../../../src/lib/price.ts';
import { territoryOf } from '../../../src/lib/territories.ts';
import { devisLineTotalHTCents, devisTotals, formatDay, martiniqueDay, percentLabel, totalRows, type TotalRow, type DevisVersion } from '../../../src/features/devis/devis.ts';
import type { PublicDevis } from '../../../src/features/devis/public-devis.ts';
import { moment } from '../../../src/records/moment.ts';

export function publicDevis(version: DevisVersion): PublicDevis {
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
    totals: totalRows(devisTotals(version.draft)),
    paymentTerms: version.draft.paymentTerms,
    deliveryTerms: version.draft.deliveryTerms,
    ...(answer
      ? {
          answer: {
            decision: answer.decision,
            text:
              answer.decision === 'accepte'
                ? `Devis accepté le ${moment(answer.at, version.draft.territory)} par ${answer.name} (${answer.role}), « Bon pour accord ».`
                : `Devis refusé le ${moment(answer.at, version.draft.territory)}${answer.reason ? ` : « ${answer.reason} »` : ''}.`,
          },
        }
      : {}),
  };
}
