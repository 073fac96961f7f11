/**
 * « Mes réparations »: a company's repairs as its people read them. Ownership is decided on the repair
 * itself (its company), never on an id the browser sent: another company's repair is « not found », exactly
 * as an id that does not exist. The customer reads the states and their dates, the diagnosis, the devis to
 * answer (answered through the space's devis path, the same as « Mes devis »), the loan, the final report,
 * and whether the deposit slip is there — never the technician's notes nor who in the staff did what.
 */
import type { Company } from '../../../src/features/customers/model.ts';
import type { CustomerRepair, Repair } from '../../../src/features/repairs/model.ts';
import { devisTotals, essentialTotalRows, formatDay } from '../../../src/features/devis/devis.ts';
import { formatCents } from '../../../src/lib/price.ts';
import { getDevis } from '../devis/devis-records.ts';
import { isAnswerable } from '../space/space-devis.ts';
import { companyRepairEntries } from './repair-index.ts';
import { getRepair } from './repairs.ts';
import { repairDevisState } from './staff-repairs.ts';

/** The repair if it is the company's, else undefined (the same for an unknown one). */
export const repairOfCompany = (repair: Repair | undefined, company: Pick<Company, 'id'>): Repair | undefined => (repair && repair.companyId === company.id ? repair : undefined);

/** A repair as its customer reads it. */
export async function customerRepairOf(repair: Repair, now = new Date()): Promise<CustomerRepair> {
  const last = repair.devis ? (await getDevis(repair.devis.requestId))?.versions.at(-1) : undefined;
  return {
    id: repair.id,
    reference: repair.reference,
    territory: repair.territory,
    device: repair.device,
    accessories: repair.accessories,
    fault: repair.fault,
    warranty: repair.warranty,
    state: repair.state,
    openedAt: repair.openedAt,
    receivedAt: repair.receivedAt,
    steps: repair.history.flatMap((change) => (change.kind === 'etat' ? [{ state: change.to, at: change.at }] : [])),
    diagnosis: repair.diagnosis,
    devis:
      repair.devis && last
        ? {
            requestId: repair.devis.requestId,
            number: last.number,
            version: last.version,
            state: await repairDevisState(repair),
            answerable: isAnswerable(last, now),
            totalTTC: formatCents(devisTotals(last.draft).totalTTCCents),
            totals: essentialTotalRows(devisTotals(last.draft)),
            validUntil: formatDay(last.validUntil),
          }
        : null,
    loan: repair.loan,
    report: repair.report ? { at: repair.report.at, work: repair.report.work, parts: repair.report.parts, tests: repair.report.tests } : null,
    hasSlip: repair.reception !== null,
    hasReport: Boolean(repair.report?.pdf),
  };
}

/** Every repair of the company, newest first. */
export async function companyCustomerRepairs(company: Pick<Company, 'id'>, now = new Date()): Promise<CustomerRepair[]> {
  const entries = (await companyRepairEntries(company.id)).sort((a, b) => b.openedAt.localeCompare(a.openedAt));
  const repairs = await Promise.all(entries.map((entry) => getRepair(entry.id)));
  return Promise.all(repairs.flatMap((repair) => (repairOfCompany(repair, company) ? [customerRepairOf(repair!, now)] : [])));
}

/** One repair of the company as its customer reads it, or undefined. */
export async function companyCustomerRepair(company: Pick<Company, 'id'>, id: string, now = new Date()): Promise<CustomerRepair | undefined> {
  const repair = repairOfCompany(await getRepair(id), company);
  return repair ? customerRepairOf(repair, now) : undefined;
}
