/**
 * The world of the staff tickets' tests (the staff endpoints' and the technicians' app's): staff accounts
 * of territories with their tokens, companies with a shop and a piece of equipment, tickets declared by the
 * company's person, a staff message posted as the forms send it.
 */
import { issueToken, readAuthConfig } from '../../netlify/lib/auth/auth.ts';
import { saveCompany } from '../../netlify/lib/customers/companies.ts';
import { changeTerritories, getAccount, type StaffAccount } from '../../netlify/lib/team/accounts.ts';
import { openTicket } from '../../netlify/lib/tickets/tickets.ts';
import ticketStaffMessages from '../../netlify/routes/tickets/ticket-staff-messages.ts';
import type { Company } from '../../src/features/customers/model.ts';
import type { Ticket } from '../../src/features/tickets/model.ts';
import type { TerritoryId } from '../../src/lib/territories.ts';
import { activeAccount, TEAM_OWNER } from './team';

const unique = () => crypto.randomUUID().slice(0, 8);

/** An active account of that role and territories, and a session token of it. */
export async function staffOf(role: string, territories: TerritoryId[]): Promise<{ account: StaffAccount; token: string }> {
  const created = await activeAccount(role, `${role}.${unique()}@vision-caraibes.fr`);
  await changeTerritories(created.id, territories, TEAM_OWNER);
  const account = (await getAccount(created.id))!;
  const config = readAuthConfig();
  if (!config.ok) throw new Error(config.reason);
  return { account, token: await issueToken(config.config, Date.now(), { id: account.id, sessionVersion: account.sessionVersion, role: account.role }) };
}

/** A company of the territory: one shop, one piece of equipment, a person who signed in once. */
export async function companyOf(territory: TerritoryId): Promise<Company> {
  const id = crypto.randomUUID();
  const tag = unique();
  const at = '2026-01-01T00:00:00.000Z';
  return (await saveCompany(id, () => ({
    id,
    name: `Pharmacie ${tag}`,
    clientCode: `C-${tag}`,
    territory,
    shops: [{ id: 's1', name: 'Centre', address: '1 rue Schœlcher, Fort-de-France' }],
    contractEndsOn: null,
    people: [{ id: `p-${tag}`, name: 'Line Client', email: `line-${tag}@client.fr`, phone: '0696 00 00 01', createdAt: at, lastSignInAt: at }],
    equipment: [{ id: 'e1', productSlug: null, model: 'Caisse TPV-15', serial: 'SN-001', shopId: 's1', underContract: true }],
    createdAt: at,
    updatedAt: at,
  })))!;
}

/** A ticket of the company, declared by its person at `openedAt`. */
export async function declare(company: Company, impact: Ticket['impact'], openedAt = new Date(), description = 'La caisse ne démarre plus.'): Promise<Ticket> {
  const person = company.people[0]!;
  const { ticket } = await openTicket(
    {
      company,
      openedBy: { kind: 'client', id: person.id, name: person.name },
      equipment: { equipmentId: 'e1', model: 'Caisse TPV-15', serial: 'SN-001' },
      shop: { shopId: 's1', name: 'Centre' },
      impact,
      description,
      phone: '0696 00 00 01',
      photos: [],
    },
    { now: openedAt },
  );
  return ticket;
}

/** A staff message posted as the ticket screen's form sends it (multipart). */
export async function postMessage(token: string, id: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await ticketStaffMessages(new Request(`http://localhost/api/tickets/${id}/messages`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }), { params: { id } });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}
