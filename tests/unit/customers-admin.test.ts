/**
 * The staff's customer endpoints over a real BlobsServer: a company created, found by every search the
 * list offers, changed and removed; each refusal in French with its field and nothing stored; client
 * codes and addresses unique; a stale form refused (409) while edits of different parts made at once all
 * stay; a removed person's sessions and passkeys gone; what each role may do; the journal's lines.
 */
import { describe, expect, it } from 'vitest';
import catalogueLookup from '../../netlify/functions/catalogue-lookup.mts';
import customer from '../../netlify/routes/companies/customer.ts';
import customerEquipment from '../../netlify/routes/companies/customer-equipment.ts';
import customerPeople from '../../netlify/routes/companies/customer-people.ts';
import customerShops from '../../netlify/routes/companies/customer-shops.ts';
import customers from '../../netlify/routes/companies/customers.ts';
import clientsInvitation from '../../netlify/routes/companies/clients-invitation.ts';
import team from '../../netlify/routes/staff/team.ts';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';
import { customersApi } from '../../src/features/customers/admin-api.ts';
import { issueToken, readAuthConfig } from '../../netlify/lib/auth/auth.ts';
import { findPersonByEmail, getCompany } from '../../netlify/lib/customers/companies.ts';
import { customerOfRequest, openCustomerSession, sessionsOf } from '../../netlify/lib/customers/customer-session.ts';
import { storeNames, strongStore } from '../../netlify/lib/storage/storage.ts';
import { listJournal } from '../../netlify/lib/team/journal.ts';
import type { Company } from '../../src/features/customers/model.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { seedCompany, testEquipment, testPerson, testShop } from '../helpers/customers';
import { activeAccount } from '../helpers/team';

const env = useApiTestEnvironment();

let codes = 0;
/** A new company's fields, with a client code of its own. */
const companyFields = (overrides: Record<string, unknown> = {}) => ({
  name: 'Supérette du Bourg',
  clientCode: `c-${(codes += 1)}-${Date.now() % 100000}`,
  territory: 'guadeloupe',
  contractEndsOn: '2099-12-31',
  ...overrides,
});

const create = (body: unknown, token = env.token) => call(customers, '/api/clients', { body, token });
const list = (query = '', token = env.token) => call(customers, `/api/clients${query}`, { token });
const read = (id: string, token = env.token) => call(customer, `/api/clients/${id}`, { params: { id }, token });
const change = (id: string, body: unknown, token = env.token) => call(customer, `/api/clients/${id}`, { method: 'PUT', params: { id }, body, token });
const remove = (id: string, token = env.token) => call(customer, `/api/clients/${id}`, { method: 'DELETE', params: { id }, token });

const PARTS = { personnes: [customerPeople, 'personId'], boutiques: [customerShops, 'shopId'], equipements: [customerEquipment, 'equipmentId'] } as const;
type Part = keyof typeof PARTS;
/** POST (no item), PUT (body and item) or DELETE (item, no body) on a company's list. */
function part(id: string, name: Part, options: { item?: string; body?: unknown; method?: string; token?: string } = {}) {
  const [handler, param] = PARTS[name];
  const params: Record<string, string> = { id, ...(options.item ? { [param]: options.item } : {}) };
  const method = options.method ?? (options.item ? 'PUT' : 'POST');
  return call(handler, `/api/clients/${id}/${name}${options.item ? `/${options.item}` : ''}`, { method, params, body: options.body, token: options.token ?? env.token });
}

/** A fresh token of an active staff account of that role. */
async function tokenOfRole(role: string): Promise<string> {
  const account = await activeAccount(role, `${role}-${Math.random().toString(36).slice(2)}@vision-caraibes.fr`);
  const config = readAuthConfig();
  if (!config.ok) throw new Error(config.reason);
  return issueToken(config.config, Date.now(), { id: account.id, sessionVersion: account.sessionVersion });
}

describe('a company, created, found, changed and removed', () => {
  it('creates a company and answers it with what the administrator may change', async () => {
    const created = await create(companyFields({ clientCode: ' ab-123 ' }));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Supérette du Bourg', clientCode: 'AB-123', territory: 'guadeloupe', contractEndsOn: '2099-12-31', people: [], shops: [], equipment: [] });
    expect(created.body.may).toEqual({ editCompany: true, editEquipment: true });
    const again = await read(created.body.data.id);
    expect(again.body.data).toEqual(created.body.data);
  });

  it('finds a company by name, client code, a person’s name or address and a serial number, without case or accents', async () => {
    const shop = testShop();
    const company = await seedCompany({
      name: 'Pharmacie Émeraude',
      clientCode: 'PH-EMERAUDE',
      territory: 'guyane',
      shops: [shop],
      people: [testPerson({ name: 'Joëlle Théodose', email: 'joelle.theodose@emeraude.gf' })],
      equipment: [testEquipment({ serial: 'ZX9-77100', shopId: shop.id })],
    });
    for (const query of ['pharmacie emeraude', 'ph-emeraude', 'JOELLE theodose', 'joelle.theodose@emeraude', 'zx9-77100']) {
      const found = await list(`?q=${encodeURIComponent(query)}`);
      expect(found.status, query).toBe(200);
      expect(found.body.data.map((summary: { id: string }) => summary.id), query).toEqual([company.id]);
      expect(found.body.data[0]).not.toHaveProperty('search');
    }
    expect((await list('?q=emeraude&territoire=martinique')).body.data).toEqual([]);
    const counted = await list('?q=emeraude&territoire=martinique');
    expect(counted.body.counts).toMatchObject({ total: 1, matching: 0, territories: { guyane: 1, martinique: 0, guadeloupe: 0 } });
  });

  it('counts the contracts that run today and pages the list by name', async () => {
    const tag = `lot${Date.now()}`;
    await seedCompany({ name: `B ${tag}`, contractEndsOn: '2099-01-01' });
    await seedCompany({ name: `A ${tag}`, contractEndsOn: '2000-01-01' });
    await seedCompany({ name: `C ${tag}`, contractEndsOn: null });
    const found = await list(`?q=${tag}`);
    expect(found.body.data.map((summary: Company) => summary.name)).toEqual([`A ${tag}`, `B ${tag}`, `C ${tag}`]);
    expect(found.body.counts).toMatchObject({ matching: 3, underContract: 1 });
    expect(found.body.nextPage).toBeNull();
    expect((await list('?territoire=mars')).status).toBe(400);
  });

  it('changes the company’s own fields from the version shown, and refuses a stale one with 409', async () => {
    const company = await seedCompany();
    const changed = await change(company.id, { ...companyFields({ name: 'Nouveau nom' }), updatedAt: company.updatedAt });
    expect(changed.status).toBe(200);
    expect(changed.body.data.name).toBe('Nouveau nom');
    const stale = await change(company.id, { ...companyFields({ name: 'Autre nom' }), updatedAt: company.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/modifiée entre-temps/);
    expect((await getCompany(company.id))!.name).toBe('Nouveau nom');
  });

  it('removes a company: 404 after, its people’s addresses and sessions gone, its client code free again', async () => {
    const company = await seedCompany();
    const person = company.people[0]!;
    const { cookie } = await openCustomerSession(company, person, { method: 'lien' });
    const removed = await remove(company.id);
    expect(removed.status).toBe(200);
    expect((await read(company.id)).status).toBe(404);
    expect(await findPersonByEmail(person.email)).toBeUndefined();
    expect(await sessionsOf(person.id)).toEqual([]);
    expect(await customerOfRequest(new Request('http://localhost/', { headers: { cookie: cookie.split(';')[0]! } }))).toBeUndefined();
    expect((await create(companyFields({ clientCode: company.clientCode }))).status).toBe(201);
    expect((await remove(company.id)).status).toBe(404);
  });
});

describe('bad input: a French sentence per field, nothing stored', () => {
  it('refuses a missing name, a malformed client code, a line break and an unknown territory', async () => {
    const before = (await list()).body.counts.total;
    const refused = await create({ name: ' ', clientCode: 'code client !', territory: 'mars', contractEndsOn: '31/12/2026' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      name: 'Veuillez renseigner le nom de la société.',
      clientCode: expect.stringMatching(/lettres, des chiffres et des tirets/),
      territory: 'Veuillez choisir le territoire dans la liste.',
      contractEndsOn: 'La fin de contrat doit être une date (AAAA-MM-JJ).',
    });
    const hidden = await create(companyFields({ name: 'Super\nmarché' }));
    expect(hidden.body.fields.name).toBe('Le nom de la société contient un caractère non autorisé\u00a0: saut de ligne.');
    expect((await list()).body.counts.total).toBe(before);
  });

  it('refuses a client code another company has, whatever its case', async () => {
    const first = await seedCompany({ clientCode: 'DOUBLE-1' });
    const refused = await create(companyFields({ clientCode: 'double-1' }));
    expect(refused.status).toBe(400);
    expect(refused.body.fields.clientCode).toBe(`Le code client DOUBLE-1 est déjà celui d’une autre société (${first.name}).`);
    const other = await seedCompany();
    const renamed = await change(other.id, { ...companyFields({ clientCode: 'Double-1' }), updatedAt: other.updatedAt });
    expect(renamed.body.fields.clientCode).toMatch(/déjà celui/);
    expect((await getCompany(other.id))!.clientCode).toBe(other.clientCode);
  });

  it('refuses an address another person has, in another company or the same one', async () => {
    const holder = await seedCompany();
    const taken = holder.people[0]!.email;
    const other = await seedCompany();
    const refused = await part(other.id, 'personnes', { body: { name: 'Paul Ursulet', email: taken.toUpperCase(), phone: '' } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.email).toMatch(/déjà celle d’une personne d’une autre société/);
    const twice = await part(holder.id, 'personnes', { body: { name: 'Homonyme', email: taken, phone: '' } });
    expect(twice.body.fields.email).toMatch(/déjà celle de Léa Martin, dans cette société/);
    expect((await getCompany(other.id))!.people).toHaveLength(1);
    expect((await getCompany(holder.id))!.people).toHaveLength(1);
  });

  it('refuses equipment without a model, of an unknown product or shop', async () => {
    const company = await seedCompany();
    expect((await part(company.id, 'equipements', { body: { serial: 'X1' } })).body.fields.model).toBe('Veuillez choisir un produit du catalogue ou saisir le modèle.');
    expect((await part(company.id, 'equipements', { body: { productSlug: 'produit-inconnu' } })).body.fields.productSlug).toMatch(/pas \(ou plus\) au catalogue/);
    expect((await part(company.id, 'equipements', { body: { model: 'TP-15', shopId: 'ailleurs' } })).body.fields.shopId).toMatch(/pas \(ou plus\) une boutique/);
    expect((await getCompany(company.id))!.equipment).toEqual([]);
  });

  it('answers 404 for an unknown company or item', async () => {
    const company = await seedCompany();
    expect((await read('inconnue')).status).toBe(404);
    expect((await part('inconnue', 'boutiques', { body: { name: 'B' } })).status).toBe(404);
    const missing = await part(company.id, 'personnes', { item: 'personne-inconnue', body: { name: 'A', email: 'a@exemple.fr' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Cette personne est introuvable.');
    expect((await part(company.id, 'equipements', { item: 'inconnu', method: 'DELETE' })).status).toBe(404);
  });
});

describe('shops, people and equipment', () => {
  it('adds a shop, a person, a catalogue product and a typed model; the product’s name is the model', async () => {
    const company = await seedCompany({ people: [] });
    const shop = await part(company.id, 'boutiques', { body: { name: 'Boutique de Jarry', address: 'Jarry, 97122 Baie-Mahault' } });
    expect(shop.status).toBe(201);
    const shopId = shop.body.data.shops[0].id as string;
    const person = await part(company.id, 'personnes', { body: { name: 'Paul Ursulet', email: 'Paul.Ursulet@Exemple.gp', phone: '0690 11 22 33' } });
    expect(person.body.data.people[0]).toMatchObject({ name: 'Paul Ursulet', email: 'paul.ursulet@exemple.gp', lastSignInAt: null });
    expect((await findPersonByEmail('paul.ursulet@exemple.gp'))?.person.id).toBe(person.body.data.people[0].id);
    const fromCatalogue = await part(company.id, 'equipements', { body: { productSlug: 'batterie-tc22', model: 'ignoré', serial: 'BT-1', shopId, underContract: true } });
    expect(fromCatalogue.body.data.equipment[0]).toMatchObject({ productSlug: 'batterie-tc22', model: 'Batterie de rechange TC22', serial: 'BT-1', shopId, underContract: true });
    const typed = await part(company.id, 'equipements', { body: { model: 'Tiroir-caisse TC-410', serial: 'TC-9', shopId: '', underContract: false } });
    expect(typed.body.data.equipment[1]).toMatchObject({ productSlug: null, model: 'Tiroir-caisse TC-410', shopId: null, underContract: false });
    expect((await list(`?q=TC-9`)).body.data.map((summary: Company) => summary.id)).toEqual([company.id]);
  });

  it('removing a shop leaves its equipment without a shop', async () => {
    const shop = testShop();
    const company = await seedCompany({ shops: [shop], equipment: [testEquipment({ shopId: shop.id })] });
    const removed = await part(company.id, 'boutiques', { item: shop.id, method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.data.shops).toEqual([]);
    expect(removed.body.data.equipment[0].shopId).toBeNull();
  });

  it('removing a person ends their sessions and erases their passkeys; a new address ends their sessions', async () => {
    const keep = testPerson({ name: 'Reste' });
    const leave = testPerson({ name: 'Part' });
    const company = await seedCompany({ people: [keep, leave] });
    await openCustomerSession(company, leave, { method: 'lien' });
    await openCustomerSession(company, leave, { method: 'cle' });
    await openCustomerSession(company, keep, { method: 'lien' });
    const passkeys = strongStore(storeNames.customerPasskeys);
    await passkeys.setJSON(`${leave.id}/cle-1`, { id: 'cle-1' });
    await passkeys.setJSON(`${keep.id}/cle-2`, { id: 'cle-2' });
    expect(await sessionsOf(leave.id)).toHaveLength(2);

    const removed = await part(company.id, 'personnes', { item: leave.id, method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.data.people.map((person: { id: string }) => person.id)).toEqual([keep.id]);
    expect(await sessionsOf(leave.id)).toEqual([]);
    expect((await passkeys.list({ prefix: `${leave.id}/` })).blobs).toEqual([]);
    expect(await findPersonByEmail(leave.email)).toBeUndefined();
    expect(await sessionsOf(keep.id)).toHaveLength(1);
    expect((await passkeys.list({ prefix: `${keep.id}/` })).blobs).toHaveLength(1);

    const moved = await part(company.id, 'personnes', { item: keep.id, body: { name: 'Reste', email: 'nouvelle.adresse@exemple.fr', phone: '' } });
    expect(moved.status).toBe(200);
    expect(await sessionsOf(keep.id)).toEqual([]);
    expect(await findPersonByEmail(keep.email)).toBeUndefined();
    expect((await findPersonByEmail('nouvelle.adresse@exemple.fr'))?.person.id).toBe(keep.id);
  });

  it('edits of different parts sent at once all stay', async () => {
    const company = await seedCompany({ people: [] });
    const answers = await Promise.all([
      ...[1, 2, 3].map((n) => part(company.id, 'personnes', { body: { name: `Personne ${n}`, email: `simultane-${n}-${company.id}@exemple.fr` } })),
      ...[1, 2, 3].map((n) => part(company.id, 'equipements', { body: { model: `Modèle ${n}`, serial: `S-${n}` } })),
      part(company.id, 'boutiques', { body: { name: 'Boutique' } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201, 201]);
    const stored = (await getCompany(company.id))!;
    expect(stored.people.map((person) => person.name).sort()).toEqual(['Personne 1', 'Personne 2', 'Personne 3']);
    expect(stored.equipment).toHaveLength(3);
    expect(stored.shops).toHaveLength(1);
    for (const person of stored.people) expect((await findPersonByEmail(person.email))?.person.id).toBe(person.id);
  });
});

describe('who may do what', () => {
  it('a technician reads companies and edits equipment only', async () => {
    const token = await tokenOfRole('technicien');
    const company = await seedCompany();
    expect((await list('', token)).status).toBe(200);
    const seen = await read(company.id, token);
    expect(seen.body.may).toEqual({ editCompany: false, editEquipment: true });
    expect((await part(company.id, 'equipements', { body: { model: 'Balance B-30', serial: 'B30-1' }, token })).status).toBe(201);
    expect((await part(company.id, 'personnes', { body: { name: 'X', email: 'x@exemple.fr' }, token })).status).toBe(403);
    expect((await part(company.id, 'boutiques', { body: { name: 'X' }, token })).status).toBe(403);
    expect((await change(company.id, { ...companyFields(), updatedAt: company.updatedAt }, token)).status).toBe(403);
    expect((await remove(company.id, token)).status).toBe(403);
    expect((await create(companyFields(), token)).status).toBe(403);
  });

  it('a sales person edits everything of a company of their territory, its equipment included', async () => {
    const token = await tokenOfRole('commercial');
    const created = await create(companyFields({ territory: 'martinique' }), token);
    expect(created.status).toBe(201);
    expect(created.body.may).toEqual({ editCompany: true, editEquipment: true });
    expect((await part(created.body.data.id, 'equipements', { body: { model: 'TP-15' }, token })).status).toBe(201);
    expect((await call(catalogueLookup, '/api/admin/catalogue?q=tc22', { token })).status).toBe(200);
  });

  it('staff read another territory’s company but never create or change it (403, in French), nor move theirs there; an administrator changes every territory’s', async () => {
    // The attack review: a sales person of Martinique added their own address as a person of a Guyane
    // company (201), signed in to its space and read its tickets.
    const sales = await tokenOfRole('commercial');
    const technician = await tokenOfRole('technicien');
    const guyane = await seedCompany({ territory: 'guyane', shops: [testShop()], equipment: [testEquipment()] });
    const refused = { status: 403, body: { error: API_ERRORS.company_other_territory.message } };
    const seen = await read(guyane.id, sales);
    expect(seen.status).toBe(200);
    expect(seen.body.may).toEqual({ editCompany: false, editEquipment: false });
    expect(await part(guyane.id, 'personnes', { body: { name: 'Intrus', email: 'intrus@exemple.fr' }, token: sales })).toMatchObject(refused);
    expect(await part(guyane.id, 'personnes', { item: guyane.people[0]!.id, body: { name: 'Intrus', email: 'intrus@exemple.fr' }, token: sales })).toMatchObject(refused);
    expect(await part(guyane.id, 'personnes', { item: guyane.people[0]!.id, method: 'DELETE', token: sales })).toMatchObject(refused);
    expect(await part(guyane.id, 'boutiques', { body: { name: 'Kourou' }, token: sales })).toMatchObject(refused);
    expect(await part(guyane.id, 'equipements', { body: { model: 'TP-15' }, token: technician })).toMatchObject(refused);
    expect(await change(guyane.id, { ...companyFields({ territory: 'guyane' }), updatedAt: guyane.updatedAt }, sales)).toMatchObject(refused);
    expect(await remove(guyane.id, sales)).toMatchObject(refused);
    expect(await create(companyFields({ territory: 'guyane' }), sales)).toMatchObject(refused);
    const invitation = await call(clientsInvitation, customersApi.invitation(guyane.id, guyane.people[0]!.id), { method: 'POST', token: sales, params: { id: guyane.id, personId: guyane.people[0]!.id } });
    expect(invitation).toMatchObject(refused);
    expect(env.postmark.sentTo(guyane.people[0]!.email)).toEqual([]);
    expect(await getCompany(guyane.id)).toEqual(guyane);
    // Their own company cannot be moved to another territory either.
    const own = await seedCompany({ territory: 'martinique' });
    expect(await change(own.id, { ...companyFields({ territory: 'guyane' }), updatedAt: own.updatedAt }, sales)).toMatchObject(refused);
    // The roles table gives administrators every territory.
    expect((await part(guyane.id, 'boutiques', { body: { name: 'Kourou' } })).status).toBe(201);
  });

  it('an address of a staff account is never a person of a customer company (and the reverse): French refusals, nothing stored', async () => {
    const staffEmail = `commercial-${Math.random().toString(36).slice(2)}@vision-caraibes.fr`;
    await activeAccount('commercial', staffEmail);
    const company = await seedCompany();
    const added = await part(company.id, 'personnes', { body: { name: 'Moi-même', email: staffEmail.toUpperCase() } });
    expect(added.status).toBe(400);
    expect(added.body.fields.email).toBe(API_ERRORS.email_is_staff.message);
    const changed = await part(company.id, 'personnes', { item: company.people[0]!.id, body: { name: 'Moi-même', email: staffEmail } });
    expect(changed.body.fields.email).toBe(API_ERRORS.email_is_staff.message);
    expect(await getCompany(company.id)).toEqual(company);
    // The reverse: inviting to the team a person of a customer company.
    const invited = await call(team, '/api/equipe', { body: { name: 'Client', email: company.people[0]!.email, role: 'technicien', territories: ['martinique'] }, token: env.token });
    expect(invited.status).toBe(409);
    expect(invited.body.error).toBe(API_ERRORS.email_is_customer.message);
  });
});

describe('the catalogue lookup and the journal', () => {
  it('finds products by reference, code or words of their name, the exact reference first', async () => {
    const byReference = await call(catalogueLookup, '/api/admin/catalogue?q=BTRY-TC2L-2XMAXX-01', { token: env.token });
    expect(byReference.body.data[0]).toEqual({ id: 'batterie-tc22', name: 'Batterie de rechange TC22', reference: 'BTRY-TC2L-2XMAXX-01', code: 'AR00100' });
    expect((await call(catalogueLookup, '/api/admin/catalogue?q=ar00100', { token: env.token })).body.data[0].id).toBe('batterie-tc22');
    const byWords = await call(catalogueLookup, '/api/admin/catalogue?q=batterie%20tc22', { token: env.token });
    expect(byWords.body.data.map((product: { id: string }) => product.id)).toContain('batterie-tc22');
    expect((await call(catalogueLookup, '/api/admin/catalogue?q=', { token: env.token })).body.data).toEqual([]);
  });

  it('records who changed which company, never a customer’s address', async () => {
    const created = await create(companyFields({ name: 'Journal & Fils' }));
    await part(created.body.data.id, 'personnes', { body: { name: 'Ada', email: 'ada.journal@exemple.fr' } });
    await remove(created.body.data.id);
    const { entries } = await listJournal({});
    const mine = entries.filter((entry) => entry.subject?.id === created.body.data.id);
    expect(mine.map((entry) => [entry.action, entry.detail])).toEqual([
      ['suppression', 'Société supprimée, avec 1 personne(s) et 0 équipement(s)'],
      ['client', 'Personne ajoutée'],
      ['client', 'Société créée'],
    ]);
    expect(mine[0]).toMatchObject({ actor: { id: 'proprietaire' }, subject: { kind: 'société', label: `Journal & Fils (${created.body.data.clientCode})` } });
    expect(JSON.stringify(mine)).not.toContain('ada.journal@exemple.fr');
  });
});
