/**
 * The phone's copy of the tickets (src/features/tickets/offline/field-bundle.ts): the open tickets the person may see
 * (their territories, as the list) — which include those assigned to them — each as the staff view with its
 * shop and equipment, and the catalogue's references. At most FIELD_TICKETS_MAX tickets, those with the
 * least time left first (as the list).
 */
import type { FieldBundle, FieldTicket } from '../../../src/features/tickets/offline/field-bundle.ts';
import type { StaffMember } from '../auth/permissions.ts';
import { loadAllProducts } from '../catalogue/catalogue.ts';
import { getCompany } from '../customers/companies.ts';
import type { Company } from '../../../src/features/customers/model.ts';
import { listAccounts } from '../team/accounts.ts';
import { companyEquipmentPiece } from '../customers/equipment-view.ts';
import { maySee } from '../requests/scope.ts';
import { openEntries, summaryOf, type TicketIndexEntry } from '../tickets/ticket-index.ts';
import { staffViewOf } from '../tickets/staff-tickets.ts';
import { getTicket } from '../tickets/tickets.ts';

/** The most tickets one phone keeps. */
export const FIELD_TICKETS_MAX = 200;

/** The bundle for this person at `now`. */
export async function fieldBundle(staff: StaffMember, now = new Date()): Promise<FieldBundle> {
  const left = (entry: TicketIndexEntry): number => summaryOf(entry, now).minutesLeft ?? Number.POSITIVE_INFINITY;
  const entries = (await openEntries())
    .filter((entry) => maySee(staff, { territory: entry.territory }))
    // Their own tickets first, then the territory's, each by the time left (the soonest due first).
    .sort((a, b) => Number(b.assignedTo?.id === staff.id) - Number(a.assignedTo?.id === staff.id) || left(a) - left(b))
    .slice(0, FIELD_TICKETS_MAX);
  // Each ticket is read; the team and each company once for all of them (every read is a Blobs call).
  const companies = new Map<string, Promise<Company | undefined>>();
  const companyOf = (id: string) => companies.get(id) ?? companies.set(id, getCompany(id)).get(id)!;
  const reads = { accounts: await listAccounts(), company: companyOf };
  const tickets = (
    await Promise.all(
      entries.map(async (entry): Promise<FieldTicket | undefined> => {
        const ticket = await getTicket(entry.id);
        if (!ticket) return undefined;
        const [view, company] = await Promise.all([staffViewOf(ticket, now, reads), reads.company(ticket.companyId)]);
        const shop = company?.shops.find((one) => one.id === ticket.shop.shopId) ?? null;
        const equipment = company && ticket.equipment.equipmentId ? ((await companyEquipmentPiece(company, ticket.equipment.equipmentId, now)) ?? null) : null;
        return { view, shop, equipment };
      }),
    )
  ).filter((one): one is FieldTicket => one !== undefined);
  const catalogue = loadAllProducts().map((product) => ({ reference: product.reference, name: product.name }));
  return { tickets, catalogue, at: now.toISOString() };
}
