/**
 * Removing a customer company (DELETE /api/clients/:id → netlify/lib/retention/erase-company.ts), over a
 * real BlobsServer: its people (accounts, address claims, sessions, passkeys, sign-in links and their
 * e-mails), its tickets (blobs, index entries, photos, reports, e-mails) and its request links go. Every
 * store is listed afterwards and nothing of the company is found, but the journal's line saying who removed
 * it; a request its person sent from the space stays for its own lifetime, no longer linked to anyone.
 */
import { describe, expect, it } from 'vitest';
import contact from '../../netlify/routes/request-forms/contact-only-email.ts';
import customer from '../../netlify/routes/companies/customer.ts';
import { getCompany, newId, saveCompany } from '../../netlify/lib/customers/companies.ts';
import { addCustomerPasskey, customerRegistrationOptions } from '../../netlify/lib/customers/customer-passkeys.ts';
import { openCustomerSession } from '../../netlify/lib/customers/customer-session.ts';
import { askForLink } from '../../netlify/lib/customers/sign-in.ts';
import { readStored } from '../../netlify/lib/requests/requests.ts';
import { storeNames, strongStore } from '../../netlify/lib/storage/storage.ts';
import { keepPhoto } from '../../netlify/lib/tickets/photo-store.ts';
import { keepReportFiles } from '../../netlify/lib/tickets/reports.ts';
import { openTicket } from '../../netlify/lib/tickets/tickets.ts';
import type { Company, Person } from '../../src/features/customers/model.ts';
import { call, contactPayload } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';

const env = useApiTestEnvironment();
const SITE = 'http://localhost';

/** Where each needle is found, over every blob (key and content) of every store the API writes. */
async function whereFound(needles: readonly string[], skip: readonly string[] = []): Promise<string[]> {
  const found: string[] = [];
  for (const name of Object.values(storeNames)) {
    if (skip.includes(name)) continue;
    const store = strongStore(name);
    for (const { key } of (await store.list()).blobs) {
      const text = `${key}\n${(await store.get(key, { type: 'text' })) ?? ''}`.toLowerCase();
      for (const needle of needles) if (text.includes(needle.toLowerCase())) found.push(`${name}/${key} ∋ ${needle}`);
    }
  }
  return found;
}

describe('removing a company', () => {
  it('erases its people, tickets and request links: no store holds anything of it', async () => {
    const id = newId();
    const at = new Date().toISOString();
    const tag = id.slice(0, 8);
    const people: Person[] = [
      { id: newId(), name: 'Aimée Effacée', email: `aimee-${tag}@boulangerie.fr`, phone: '0696 10 20 30', createdAt: at, lastSignInAt: null },
      { id: newId(), name: 'Hector Effacé', email: `hector-${tag}@boulangerie.fr`, phone: '0696 10 20 31', createdAt: at, lastSignInAt: null },
    ];
    const company = (await saveCompany(id, () => ({
      id, name: `Boulangerie ${tag}`, clientCode: `B-${tag}`, territory: 'martinique', shops: [{ id: newId(), name: 'Centre', address: '1 rue du Four' }],
      contractEndsOn: '2030-12-31', people, equipment: [], createdAt: at, updatedAt: at,
    })))! as Company;
    const [aimee, hector] = people as [Person, Person];

    // Sessions, a passkey, a sign-in link and its e-mail.
    const { cookies } = await openCustomerSession(company, aimee, { method: 'lien' });
    await openCustomerSession(company, hector, { method: 'lien' });
    const authenticator = new SoftwareAuthenticator(SITE, 'localhost');
    const options = await customerRegistrationOptions(aimee, { rpID: 'localhost' });
    await addCustomerPasskey(company, aimee, authenticator.register(options), { rpID: 'localhost', origin: SITE, name: 'Téléphone' });
    expect((await askForLink(new Request(`${SITE}/api/espace-client/lien`, { method: 'POST' }), undefined, { email: hector.email })).status).toBe(202);
    // A ticket with a photo, a report and its e-mails.
    const { ticket } = await openTicket({
      company, openedBy: { kind: 'client', id: aimee.id, name: aimee.name }, equipment: { equipmentId: null, model: 'Four connecté', serial: `F-${tag}` },
      shop: { shopId: null, name: '' }, impact: 'bloquant', description: 'Le terminal ne démarre plus.', phone: aimee.phone, photos: [],
    });
    await keepPhoto(ticket.id, newId(), new Uint8Array([0xff, 0xd8, 0xff]));
    await keepReportFiles(ticket.id, at, new TextEncoder().encode('%PDF-1.7'));
    // A request sent from the space: listed under the company.
    const sent = await call(contact, '/api/contact-only-email', { body: contactPayload({ email: `contact-${tag}@exemple.fr`, company: 'Notre boulangerie' }), headers: { cookie: cookies.map((c) => c.split(';')[0]).join('; '), origin: SITE } });
    expect(sent.status).toBe(200);
    expect((await readStored(sent.body.id))!.request.customer).toEqual({ companyId: id, personId: aimee.id });

    const ofCompany = [id, company.clientCode, company.name, ticket.id, ...people.flatMap((person) => [person.id, person.email, person.name])];
    const before = await whereFound(ofCompany);
    for (const name of [storeNames.customerCompanies, storeNames.customerIndex, storeNames.customerAddresses, storeNames.customerSessions, storeNames.customerPasskeys, storeNames.customerSignInLinks, storeNames.customerRequests, storeNames.tickets, storeNames.ticketIndex, storeNames.ticketPhotos, storeNames.ticketReports, storeNames.outbox]) {
      expect(before.some((where) => where.startsWith(`${name}/`)), `${name} holds the company before`).toBe(true);
    }

    const removed = await call(customer, `/api/clients/${id}`, { method: 'DELETE', params: { id }, token: env.token });
    expect(removed.status).toBe(200);

    expect(await getCompany(id)).toBeUndefined();
    // The journal keeps its year-long line « Société supprimée » naming the company (never its people).
    expect(await whereFound(ofCompany, [storeNames.journal])).toEqual([]);
    expect(await whereFound(people.flatMap((person) => [person.id, person.email, person.name]))).toEqual([]);
    // The request stays for its own lifetime, no longer the company's.
    const kept = (await readStored(sent.body.id))!.request;
    expect(kept.customer).toBeUndefined();
    // Removing it again: 404, nothing else happens.
    expect((await call(customer, `/api/clients/${id}`, { method: 'DELETE', params: { id }, token: env.token })).status).toBe(404);
  });
});
