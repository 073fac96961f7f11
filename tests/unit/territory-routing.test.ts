/**
 * Requests reach their territory: routing by phone prefix (and the notification to the territory's
 * address), the inbox scoped to a person's territories (a technician of Guyane sees Guyane only, 404 on
 * another territory's request), counters that follow the filters, « Assigné à » and the territory changed
 * from the request's view, and the history and journal naming who did it. Real BlobsServer, local Postmark.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getStore } from '@netlify/blobs';
import { TEST_ADMIN, call, contactPayload } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { STRONG_PASSWORD, TEAM_OWNER, testPasskey } from '../helpers/team';
import { storeNames } from '../../netlify/lib/storage/storage';
import { createRequest, listRequests, normaliseRequest, type ContactRequest, type NewRequest, type RequestSummary } from '../../netlify/lib/requests/requests';
import { getVisibleRequest, scopeOf } from '../../netlify/lib/requests/scope';
import { activateAccount, addPasskey, inviteAccount, setPassword, type StaffAccount } from '../../netlify/lib/team/accounts';
import { listJournal } from '../../netlify/lib/team/journal';
import type { StaffMember } from '../../netlify/lib/auth/permissions';
import type { TerritoryId } from '../../src/lib/territories';
import { newDraft, type DevisVersion } from '../../src/features/devis/devis';
import { answerMails } from '../../netlify/lib/devis/devis-mail';
import { startingDraft } from '../../netlify/lib/devis/devis-admin';
import contact from '../../netlify/routes/request-forms/contact-only-email.ts';
import list from '../../netlify/routes/requests/contact-list.ts';
import view from '../../netlify/routes/requests/contact-request.ts';
import status from '../../netlify/routes/requests/contact-status.ts';
import routing from '../../netlify/routes/requests/contact-routing.ts';
import assignees from '../../netlify/routes/tickets/admin-assignees.ts';

const world = useApiTestEnvironment();
const OWNER = { id: 'proprietaire', name: TEST_ADMIN.username };

afterEach(() => {
  delete process.env.MAIL_TO_GUADELOUPE;
  delete process.env.MAIL_TO_GUYANE;
  delete process.env.MAIL_TO_MARTINIQUE;
});

const input = (territory: TerritoryId | '', name = `Client ${territory || 'ancien'}`): NewRequest => ({
  kind: 'contact',
  name,
  email: 'client@exemple.fr',
  phone: '',
  company: 'Boutique',
  subject: 'Caisse',
  delai: '',
  message: 'Bonjour',
  territory,
});

/** An active staff account (password and passkey enrolled) of that role and those territories. */
async function activeStaff(role: string, territories: TerritoryId[], name: string): Promise<StaffAccount> {
  const email = `${name.normalize('NFD').replace(/[^A-Za-z ]/g, '').toLowerCase().replace(/\s+/g, '.')}.${crypto.randomUUID().slice(0, 8)}@vision-caraibes.fr`;
  const invited = await inviteAccount({ name, email, role, territories }, TEAM_OWNER, { env: { ADMIN_USERNAME: TEST_ADMIN.username } });
  await setPassword(invited.id, STRONG_PASSWORD);
  await addPasskey(invited.id, testPasskey());
  return activateAccount(invited.id);
}

/** A staff account as an endpoint sees the person signed in with it. */
const asStaff = (account: StaffAccount): StaffMember => ({ id: account.id, name: account.name, username: account.email, role: account.role, territories: account.territories, isOwner: false });

const page = (query = '') => call(list, `/api/contact?limit=100${query}`, { token: world.token });
const getOne = (id: string) => call(view, `/api/contact/${id}`, { token: world.token, params: { id } });
const patch = (id: string, body: unknown) => call(routing, `/api/contact/${id}/attribution`, { method: 'PATCH', body, token: world.token, params: { id } });

describe('a request reaches its territory', () => {
  it('a contact with a 0690 number lands in Guadeloupe, and its notification goes to MAIL_TO_GUADELOUPE', async () => {
    process.env.MAIL_TO_GUADELOUPE = 'guadeloupe@vision-caraibes.fr';
    const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ name: 'Client de Baie-Mahault', phone: '0690 12 34 56' }) });
    expect(response.status).toBe(200);
    const stored = (await getOne(response.body.id)).body.data as ContactRequest;
    expect(stored.territory).toBe('guadeloupe');
    const notification = world.postmark.sentTo('guadeloupe@vision-caraibes.fr').find((mail) => mail.body.Subject.includes(response.body.reference));
    expect(notification?.body.Subject).toContain('Nouvelle demande de contact');
    expect(world.postmark.sentTo('commercial@vision-caraibes.fr').some((mail) => mail.body.Subject.includes(response.body.reference))).toBe(false);
  });

  it('+594 is Guyane; a territory without its own address falls back to MAIL_TO; no prefix is Martinique', async () => {
    const guyane = await call(contact, '/api/contact-only-email', { body: contactPayload({ name: 'Client de Cayenne', phone: '+594 594 30 00 00' }) });
    expect((await getOne(guyane.body.id)).body.data.territory).toBe('guyane');
    expect(world.postmark.sentTo('commercial@vision-caraibes.fr').some((mail) => mail.body.Subject.includes(guyane.body.reference))).toBe(true);
    process.env.MAIL_TO_MARTINIQUE = 'martinique@vision-caraibes.fr';
    const other = await call(contact, '/api/contact-only-email', { body: contactPayload({ name: 'Client de Paris', phone: '01 44 00 00 00' }) });
    expect((await getOne(other.body.id)).body.data.territory).toBe('martinique');
    expect(world.postmark.sentTo('martinique@vision-caraibes.fr').some((mail) => mail.body.Subject.includes(other.body.reference))).toBe(true);
  });

  it('a devis starts in its request’s territory (after a move too); an older request’s in Martinique', async () => {
    const { request } = await createRequest({ ...input('guadeloupe', 'Client devis'), kind: 'devis' });
    expect(startingDraft((await getOne(request.id)).body.data).territory).toBe('guadeloupe');
    await patch(request.id, { territory: 'guyane' });
    expect(startingDraft((await getOne(request.id)).body.data).territory).toBe('guyane');
    expect(startingDraft(normaliseRequest(crypto.randomUUID(), { kind: 'devis', name: 'Ancien' })).territory).toBe('martinique');
  });

  it('the company’s notice of a devis answer goes to the devis’ territory’s address', () => {
    const version = {
      version: 1,
      number: 'DV-2026-00042-1',
      draft: newDraft([{ reference: 'ZD4A042-D0EM00EZ', designation: 'Imprimante Zebra ZD421d', quantity: 1, unitPriceHTCents: 49917, discountBasisPoints: 0 }], 'guyane'),
      customer: { name: 'Paul Édouard', company: 'Entrepôt de Kourou', email: 'paul@exemple.fr', phone: '0594 32 00 00', clientCode: '' },
      sentAt: '2026-11-23T14:00:00.000Z',
      validUntil: '2026-12-23',
      state: 'accepte',
      answer: { decision: 'accepte', name: 'Paul Édouard', role: 'Gérant', at: '2026-11-24T15:00:00.000Z' },
    } as DevisVersion;
    const env = { MAIL_TO: 'commercial@vision-caraibes.fr', MAIL_TO_GUYANE: 'guyane@vision-caraibes.fr', SITE_URL: 'https://www.vision-caraibes.fr' };
    expect(answerMails(version, 'req-1', env).company.to).toBe('guyane@vision-caraibes.fr');
    expect(answerMails(version, 'req-1', { ...env, MAIL_TO_GUYANE: undefined }).company.to).toBe('commercial@vision-caraibes.fr');
  });

  it('a request stored before territories existed is read as Martinique, in its view and by the filter', async () => {
    const id = crypto.randomUUID();
    const old = { ...input('', 'Client historique'), id, reference: '', territory: undefined, statut: 'nouveau', created_at: '2025-01-02T10:00:00.000Z', updated_at: '2025-01-02T10:00:00.000Z', notes: [], history: [{ from: 'nouveau', to: 'en_cours', at: '2025-01-03T10:00:00.000Z' }] };
    await getStore({ name: storeNames.requests, consistency: 'strong' }).setJSON(id, old);
    const seen = (await getOne(id)).body.data as ContactRequest;
    expect(seen.territory).toBe('martinique');
    // An old history line has nobody to name: it stays as it was.
    expect(seen.history).toEqual([{ from: 'nouveau', to: 'en_cours', at: '2025-01-03T10:00:00.000Z' }]);
    // An index entry written before territories (territory '') is in Martinique for the filters.
    const martinique = scopeOf(OWNER_STAFF, { territory: 'martinique', mine: false });
    expect(martinique({ territory: '', assignedTo: undefined })).toBe(true);
    expect(scopeOf(OWNER_STAFF, { territory: 'guyane', mine: false })({ territory: '', assignedTo: undefined })).toBe(false);
  });
});

const OWNER_STAFF: StaffMember = { ...OWNER, username: TEST_ADMIN.username, role: 'administrateur', territories: ['martinique', 'guadeloupe', 'guyane'], isOwner: true };

describe('the inbox shows a person the requests of their territories', () => {
  it('a technician of Guyane lists only Guyane requests, and a Martinique request is not found for them', async () => {
    const [inMartinique, inGuyane] = await Promise.all([createRequest(input('martinique')), createRequest(input('guyane'))]);
    const technician = asStaff(await activeStaff('technicien', ['guyane'], 'Tony Lapin'));
    for (const territory of ['tous', 'mes', 'martinique', 'guyane'] as const) {
      const listed = await listRequests({ limit: 100, scope: scopeOf(technician, { territory, mine: false }) });
      expect(listed.data.every((request) => request.territory === 'guyane')).toBe(true);
      expect(listed.data.some((request) => request.id === inMartinique.request.id)).toBe(false);
      expect(listed.counts.total).toBe(listed.data.length);
    }
    expect((await listRequests({ limit: 100, scope: scopeOf(technician, { territory: 'tous', mine: false }) })).data.map((r) => r.id)).toContain(inGuyane.request.id);
    expect(await getVisibleRequest(technician, inMartinique.request.id)).toBeUndefined();
    expect((await getVisibleRequest(technician, inGuyane.request.id))?.id).toBe(inGuyane.request.id);
    // A commercial of Martinique and Guadeloupe, the other way round.
    const sales = asStaff(await activeStaff('commercial', ['martinique', 'guadeloupe'], 'Marie Joseph'));
    expect(await getVisibleRequest(sales, inGuyane.request.id)).toBeUndefined();
    // An administrator sees every territory, whatever their own.
    const admin = asStaff(await activeStaff('administrateur', ['guadeloupe'], 'Paul Édouard'));
    expect((await getVisibleRequest(admin, inGuyane.request.id))?.id).toBe(inGuyane.request.id);
  });

  it('the counters follow the territory filter; « Tous » adds up the three territories; an unknown territory is refused', async () => {
    await Promise.all([createRequest(input('martinique')), createRequest(input('guadeloupe')), createRequest(input('guyane'))]);
    const totals: Record<string, number> = {};
    for (const territory of ['martinique', 'guadeloupe', 'guyane']) {
      const answer = await page(`&territoire=${territory}`);
      expect(answer.status).toBe(200);
      expect(answer.body.data.every((request: RequestSummary) => request.territory === territory)).toBe(true);
      expect(answer.body.counts.total).toBe(answer.body.data.length);
      totals[territory] = answer.body.counts.total;
    }
    const all = await page('&territoire=tous');
    expect(all.body.counts.total).toBe(totals.martinique! + totals.guadeloupe! + totals.guyane!);
    // The owner's territories are all three: « Mes territoires » (the default) is everything.
    expect((await page()).body.counts.total).toBe(all.body.counts.total);
    const bad = await page('&territoire=france');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.territoire).toMatch(/^Territoire invalide/);
  });
});

describe('« Assigné à », the territory and who did what', () => {
  it('lists the owner and the active staff to assign to; invited accounts are left out', async () => {
    const active = await activeStaff('commercial', ['martinique'], 'Léa Marie');
    const invited = await inviteAccount({ name: 'Pas Encore', email: `pas.encore.${crypto.randomUUID().slice(0, 8)}@vision-caraibes.fr`, role: 'commercial', territories: ['martinique'] }, TEAM_OWNER, { env: { ADMIN_USERNAME: TEST_ADMIN.username } });
    const answer = await call(assignees, '/api/admin/personnes', { token: world.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toEqual(OWNER);
    expect(answer.body.data).toContainEqual({ id: active.id, name: 'Léa Marie' });
    expect(answer.body.data.some((person: { id: string }) => person.id === invited.id)).toBe(false);
    expect((await call(assignees, '/api/admin/personnes')).status).toBe(401);
  });

  it('moves a request and assigns it, each change a history line « par » the person; « Mes dossiers » follows', async () => {
    const { request } = await createRequest(input('martinique', 'Client à confier'));
    const colleague = await activeStaff('commercial', ['guyane'], 'Marie Joseph');
    const moved = await patch(request.id, { territory: 'guyane', assignedTo: colleague.id });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ territory: 'guyane', assignedTo: { id: colleague.id, name: 'Marie Joseph' } });
    expect(moved.body.data.history).toEqual([
      { kind: 'territoire', from: 'martinique', to: 'guyane', at: expect.any(String), by: OWNER },
      { kind: 'assignation', to: { id: colleague.id, name: 'Marie Joseph' }, at: expect.any(String), by: OWNER },
    ]);
    // The same again changes nothing.
    expect((await patch(request.id, { territory: 'guyane' })).body.data.history).toHaveLength(2);
    const changed = await call(status, `/api/contact/${request.id}/status`, { method: 'PUT', body: { statut: 'en_cours' }, token: world.token, params: { id: request.id } });
    expect(changed.body.data.history.at(-1)).toEqual({ from: 'nouveau', to: 'en_cours', at: expect.any(String), by: OWNER });

    // « Mes dossiers »: the owner's own requests only, with counters of those.
    expect((await page('&dossiers=miens')).body.data.some((r: RequestSummary) => r.id === request.id)).toBe(false);
    await patch(request.id, { assignedTo: OWNER.id });
    const mine = await page('&dossiers=miens');
    expect(mine.body.data.map((r: RequestSummary) => r.id)).toContain(request.id);
    expect(mine.body.data.every((r: RequestSummary) => r.assignedTo?.id === OWNER.id)).toBe(true);
    expect(mine.body.counts.total).toBe(mine.body.data.length);
    const back = await patch(request.id, { assignedTo: null });
    expect(back.body.data.assignedTo).toBeNull();
    expect(back.body.data.history.at(-1)).toEqual({ kind: 'assignation', to: null, at: expect.any(String), by: OWNER });
  });

  it('refuses an unknown territory, an inactive person or an empty change in French, and changes nothing', async () => {
    const { request } = await createRequest(input('martinique', 'Client inchangé'));
    const invited = await inviteAccount({ name: 'Jean Attente', email: `jean.attente.${crypto.randomUUID().slice(0, 8)}@vision-caraibes.fr`, role: 'commercial', territories: ['martinique'] }, TEAM_OWNER, { env: { ADMIN_USERNAME: TEST_ADMIN.username } });
    const cases = [
      [{ territory: 'france' }, 'territory', /^Territoire inconnu/],
      [{ assignedTo: invited.id }, 'assignedTo', /choisissez un compte actif/],
      [{ assignedTo: 42 }, 'assignedTo', /^Personne inconnue/],
      [{}, 'territory', /^Indiquez un territoire ou une personne/],
    ] as const;
    for (const [body, field, message] of cases) {
      const answer = await patch(request.id, body);
      expect(answer.status).toBe(400);
      expect(answer.body.fields[field]).toMatch(message);
    }
    const after = (await getOne(request.id)).body.data as ContactRequest;
    expect(after).toMatchObject({ territory: 'martinique', history: [] });
    expect(after.assignedTo ?? null).toBeNull();
    expect((await patch(crypto.randomUUID(), { territory: 'guyane' })).status).toBe(404);
  });

  it('a deletion is recorded in the journal with who made it', async () => {
    const { request } = await createRequest(input('guadeloupe', 'Client supprimé'));
    const erased = await call(view, `/api/contact/${request.id}`, { method: 'DELETE', token: world.token, params: { id: request.id } });
    expect(erased.status).toBe(200);
    const { entries } = await listJournal({ action: 'suppression' });
    const entry = entries.find((candidate) => candidate.subject?.id === request.id);
    expect(entry).toMatchObject({ actor: OWNER, subject: { kind: 'demande', label: request.reference || request.id } });
    // Nothing of the customer outlives the erase, not even in the journal.
    expect(JSON.stringify(entry)).not.toContain('Client supprimé');
  });
});
