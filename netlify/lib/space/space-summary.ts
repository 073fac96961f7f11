/**
 * The space's home page (« Accueil »): the devis waiting for the company's answer, its equipment under
 * contract today, and its open tickets.
 */
import type { Company } from '../../../src/features/customers/model.ts';
import { formatDay } from '../../../src/features/devis/devis.ts';
import type { SpaceSummary } from '../../../src/features/space/answers.ts';
import { companyDevis } from './space-devis.ts';
import { coveredToday } from '../customers/equipment-view.ts';
import { openTicketCount } from '../tickets/ticket-index.ts';

/** The company's tickets still being worked on (not « Résolu », not « Clos »). */
const openTickets = (company: Company): Promise<number> => openTicketCount(company.id);

/** What the home page shows. */
export async function companySummary(company: Company, now = new Date()): Promise<SpaceSummary> {
  const [devis, tickets] = await Promise.all([companyDevis(company, now), openTickets(company)]);
  return {
    devisWaiting: devis.filter((row) => row.answerable).length,
    equipmentUnderContract: company.equipment.filter((equipment) => coveredToday(company, equipment, now)).length,
    equipment: company.equipment.length,
    openTickets: tickets,
    contractEndsOn: company.contractEndsOn && formatDay(company.contractEndsOn),
  };
}
