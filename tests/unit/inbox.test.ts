import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN, call, contactPayload, setTestEnv } from '../helpers/api';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs';
import { storeNames, strongStore } from '../../netlify/lib/storage/storage';
import { bucketOf, clearIndex } from '../../netlify/lib/requests/request-index';
import { createRequest, rebuildIndex, type NewRequest, type RequestPage, type RequestSummary } from '../../netlify/lib/requests/requests';
import { INBOX_PAGE_MAX, NOTE_MAX_LENGTH } from '../../src/lib/constants';
import contact from '../../netlify/routes/request-forms/contact-only-email.ts';
import login from '../../netlify/routes/staff-sign-in/auth-login.ts';
import list from '../../netlify/routes/requests/contact-list.ts';
import status from '../../netlify/routes/requests/contact-status.ts';
import view from '../../netlify/routes/requests/contact-request.ts';
import notes from '../../netlify/routes/requests/contact-notes.ts';

let blobs: TestBlobs;
let token: string;

beforeAll(async () => {
  blobs = await startTestBlobs();
  setTestEnv();
  token = (await call(login, '/api/auth/login', { body: TEST_ADMIN })).body.token;
});
afterAll(() => blobs.stop());

type Page = RequestPage & { success: true };

const page = async (query: Record<string, string | number> = {}): Promise<Page> => {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await call(list, `/api/contact?${search}`, { token });
  expect(response.status).toBe(200);
  return response.body;
};

/** Every page of a query, following nextCursor. */
const allPages = async (query: Record<string, string | number> = {}): Promise<RequestSummary[]> => {
  const all: RequestSummary[] = [];
  let cursor: string | null = null;
  do {
    const body = await page({ ...query, limit: query.limit ?? INBOX_PAGE_MAX, ...(cursor ? { cursor } : {}) });
    all.push(...body.data);
    cursor = body.nextCursor;
  } while (cursor);
  return all;
};

const counts = async () => (await page({ limit: 1 })).counts;
const setStatus = (id: string, statut: string) => call(status, `/api/contact/${id}/status`, { method: 'PUT', body: { statut }, token, params: { id } });
const getOne = (id: string) => call(view, `/api/contact/${id}`, { token, params: { id } });
const remove = (id: string) => call(view, `/api/contact/${id}`, { method: 'DELETE', token, params: { id } });
const addNote = (id: string, text: unknown) => call(notes, `/api/contact/${id}/notes`, { body: { text }, token, params: { id } });

const input = (overrides: Partial<NewRequest> = {}): NewRequest => ({
  kind: 'contact',
  name: 'Client test',
  email: 'client@exemple.fr',
  phone: '0596 00 00 00',
  company: 'Société test',
  subject: 'Autre',
  delai: '1 à 3 mois',
  message: 'Bonjour.',
  ...overrides,
});

/** A request stored with a given creation date. */
const stored = async (at: string, overrides: Partial<NewRequest> = {}) => (await createRequest(input(overrides), new Date(at))).request;

describe('GET /api/contact: pages, cursor, counters', () => {
  it('pages newest first without gaps or repeats while requests arrive between two pages', async () => {
    const tag = `Pagination ${crypto.randomUUID()}`;
    const older = [];
    // Two requests share a creation date: the cursor must hold the id as well to split them right.
    for (let day = 1; day <= 9; day += 1) older.push(await stored(`2025-03-${String(day).padStart(2, '0')}T09:00:00.000Z`, { company: tag }));
    older.push(await stored('2025-03-05T09:00:00.000Z', { company: tag }));

    const first = await page({ q: tag, limit: 4 });
    expect(first.data).toHaveLength(4);
    expect(first.nextCursor).toEqual(expect.any(String));
    // Newer requests arrive between the pages: they belong before page one, never on the next pages.
    const arrived = await Promise.all([1, 2, 3].map(() => createRequest(input({ company: tag }))));
    const rest: RequestSummary[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page({ q: tag, limit: 4, cursor });
      rest.push(...next.data);
      cursor = next.nextCursor;
    }
    const seen = [...first.data, ...rest].map((r) => r.id);
    expect(new Set(seen).size).toBe(seen.length);
    const expected = [...older].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id)).map((r) => r.id);
    expect(seen).toEqual(expected);
    expect(seen).not.toContain(arrived[0]!.request.id);
    // A fresh first page has the newcomers on top.
    const fresh = await page({ q: tag, limit: 3 });
    expect(new Set(fresh.data.map((r) => r.id))).toEqual(new Set(arrived.map((a) => a.request.id)));
  });

  it('answers 50 a page by default, at most 100, null nextCursor on the last page', async () => {
    const tag = `Taille ${crypto.randomUUID()}`;
    await Promise.all(Array.from({ length: 120 }, (_, index) => createRequest(input({ company: tag, name: `Client ${index}` }))));
    expect((await page({ q: tag })).data).toHaveLength(50);
    const large = await page({ q: tag, limit: 500 });
    expect(large.data).toHaveLength(100);
    const last = await page({ q: tag, limit: 100, cursor: large.nextCursor! });
    expect(last.data).toHaveLength(20);
    expect(last.nextCursor).toBeNull();
  });

  it('summaries carry no notes nor history, and a long message cut to about 200 characters with « … »', async () => {
    const message = `${'Nous souhaitons équiper nos trois magasins de caisses tactiles. '.repeat(10)}FIN`;
    const request = await stored('2025-04-01T08:00:00.000Z', { message, reference: 'CT-2025-00001', company: 'Extrait' });
    const summary = (await page({ q: 'CT-2025-00001' })).data[0]!;
    expect(summary.id).toBe(request.id);
    expect(summary).not.toHaveProperty('notes');
    expect(summary).not.toHaveProperty('history');
    expect(summary.message.length).toBeLessThanOrEqual(200);
    expect(summary.message.length).toBeGreaterThan(150);
    expect(summary.message.endsWith('…')).toBe(true);
    expect(message.startsWith(summary.message.slice(0, -1))).toBe(true);
    expect((await getOne(request.id)).body.data.message).toBe(message);
  });

  it('refuses an unknown statut, a search over 200 characters, a bad limit and a forged cursor with a French 400', async () => {
    const cases = [
      ['statut=supprime', 'statut', /Statut invalide/],
      [`q=${'a'.repeat(201)}`, 'q', /200 caractères/],
      ['limit=0', 'limit', /entre 1 et 100/],
      ['limit=dix', 'limit', /entre 1 et 100/],
      ['cursor=pas-un-curseur', 'cursor', /Rechargez la liste/],
    ] as const;
    for (const [query, field, message] of cases) {
      const response = await call(list, `/api/contact?${query}`, { token });
      expect(response.status, query).toBe(400);
      expect(response.body).toMatchObject({ success: false, error: expect.stringMatching(message), fields: { [field]: expect.any(String) } });
    }
  });

  it('401 with logout without a valid token; 405 with Allow for another method', async () => {
    const anonymous = await call(list, '/api/contact');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, logout: true });
    expect((await call(list, '/api/contact', { token: 'faux' })).status).toBe(401);
    const post = await call(list, '/api/contact', { method: 'POST', token });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });

  it('counters are those of the whole inbox, exact after status changes and deletions', async () => {
    const before = await counts();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createRequest(input({ company: 'Compteurs' }))));
    expect(await counts()).toEqual({ ...before, total: before.total + 3, nouveau: before.nouveau + 3 });
    await setStatus(a!.request.id, 'en_cours');
    await setStatus(b!.request.id, 'traite');
    await setStatus(b!.request.id, 'archive');
    // Setting the status it already has changes nothing.
    await setStatus(c!.request.id, 'nouveau');
    expect(await counts()).toEqual({ ...before, total: before.total + 3, nouveau: before.nouveau + 1, en_cours: before.en_cours + 1, archive: before.archive + 1 });
    // The counters do not depend on the filter or the search.
    expect((await page({ statut: 'traite', q: 'Compteurs' })).counts).toEqual(await counts());
    await remove(a!.request.id);
    await remove(b!.request.id);
    expect(await counts()).toEqual({ ...before, total: before.total + 1, nouveau: before.nouveau + 1 });
  });

  it('200 concurrent submissions through the form endpoint are all stored, each with its own reference, listed, and counted exactly', async () => {
    const before = await counts();
    const storedBefore = (await strongStore(storeNames.requests).list()).blobs.length;
    const tag = `Rafale ${crypto.randomUUID()}`;
    const responses = await Promise.all(Array.from({ length: 200 }, (_, index) => call(contact, '/api/contact-only-email', { body: contactPayload({ company: tag, name: `Rafale ${index}` }) })));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const references = responses.map((r) => r.body.reference as string);
    expect(references.every((reference) => /^CT-\d{4}-\d{5}$/.test(reference))).toBe(true);
    expect(new Set(references).size).toBe(200);
    expect((await strongStore(storeNames.requests).list()).blobs.length).toBe(storedBefore + 200);
    const listed = await allPages({ q: tag });
    expect(new Set(listed.map((r) => r.id))).toEqual(new Set(responses.map((r) => r.body.id)));
    expect(listed.every((r) => r.mail_status === 'boite_locale')).toBe(true);
    expect(await counts()).toEqual({ ...before, total: before.total + 200, nouveau: before.nouveau + 200 });
  }, 120_000);
});

describe('search', () => {
  it('finds by name, e-mail, company, phone, message and reference, ignoring case and accents', async () => {
    const request = await stored('2025-05-02T10:00:00.000Z', {
      name: 'Hélène Pérez-Lacroix',
      email: 'h.perez@epicerie-du-morne.fr',
      company: 'Épicerie du Morne',
      phone: '0696 45 12 78',
      message: 'Nous voulons une balance étiqueteuse reliée à la caisse, avec le cœur du système en réseau.',
      reference: 'CT-2025-04242',
    });
    const queries = ['hélène', 'HELENE', 'perez-lacroix', 'Pérez', 'epicerie-du-morne.fr', 'ÉPICERIE DU MORNE', 'epicerie du morne', '0696 45', 'etiqueteuse', 'ÉTIQUETEUSE', 'coeur du systeme', 'ct-2025-04242', 'CT-2025-04242'];
    for (const q of queries) {
      const ids = (await allPages({ q })).map((r) => r.id);
      expect(ids, q).toContain(request.id);
    }
    expect((await allPages({ q: 'Hélène Pérez-Lacroix introuvable' })).map((r) => r.id)).not.toContain(request.id);
  });

  it('combines with the status filter', async () => {
    const tag = `Filtre ${crypto.randomUUID()}`;
    const [a, b] = await Promise.all([1, 2].map(() => createRequest(input({ company: tag }))));
    await setStatus(b!.request.id, 'traite');
    expect((await page({ q: tag, statut: 'traite' })).data.map((r) => r.id)).toEqual([b!.request.id]);
    expect((await page({ q: tag, statut: 'nouveau' })).data.map((r) => r.id)).toEqual([a!.request.id]);
    expect((await page({ q: tag, statut: 'archive' })).data).toEqual([]);
    // Empty statut: all of them, archived included.
    await setStatus(a!.request.id, 'archive');
    expect((await page({ q: tag, statut: '' })).data.map((r) => r.id).sort()).toEqual([a!.request.id, b!.request.id].sort());
  });
});

describe('GET /api/contact/:id, notes and history', () => {
  it('answers the whole request with its notes, history and mails; 404 for an unknown or malformed id', async () => {
    const { request } = await createRequest(input({ message: 'Ligne 1\nLigne 2' }));
    const response = await getOne(request.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { ...request, notes: [], history: [] }, mails: [] });
    for (const id of [crypto.randomUUID(), '%ZZ', '../../etc/passwd']) {
      const missing = await getOne(id);
      expect(missing.status, id).toBe(404);
      expect(missing.body).toEqual({ success: false, error: 'Demande introuvable.' });
    }
    expect((await call(view, `/api/contact/${request.id}`, { params: { id: request.id } })).status).toBe(401);
    const put = await call(view, `/api/contact/${request.id}`, { method: 'PUT', token, params: { id: request.id } });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, DELETE');
  });

  it('adds notes (oldest first, trimmed) and moves updated_at; the list shows the change', async () => {
    const { request } = await stored('2025-06-01T08:00:00.000Z').then((r) => ({ request: r }));
    const first = await addNote(request.id, '  Rappeler lundi.\nDevis à chiffrer.  ');
    expect(first.status).toBe(201);
    // A note is signed by who wrote it: here the environment's owner.
    expect(first.body.data.notes).toEqual([{ text: 'Rappeler lundi.\nDevis à chiffrer.', at: expect.any(String), by: { id: 'proprietaire', name: TEST_ADMIN.username } }]);
    const second = await addNote(request.id, 'Client rappelé.');
    expect(second.body.data.notes.map((note: { text: string }) => note.text)).toEqual(['Rappeler lundi.\nDevis à chiffrer.', 'Client rappelé.']);
    const whole = (await getOne(request.id)).body.data;
    expect(whole.notes).toHaveLength(2);
    expect(whole.updated_at > request.updated_at).toBe(true);
    expect((await allPages()).find((r) => r.id === request.id)!.updated_at).toBe(whole.updated_at);
  });

  it('refuses an empty, too long or unprintable note with fields.text, and changes nothing', async () => {
    const { request } = await createRequest(input());
    const cases = [['   ', /écrire la note/], ['x'.repeat(NOTE_MAX_LENGTH + 1), /ne doit pas dépasser/], ['Bonjour\u0007', /caractère non autorisé\u00a0: caractère de contrôle U\+0007/], ['Facture \u202egpj.exe', /caractère non autorisé\u00a0: caractère de direction du texte U\+202E/], ['Rappeler\rlundi', /caractère non autorisé\u00a0: retour chariot/], [42, /texte/]] as const;
    for (const [text, message] of cases) {
      const response = await addNote(request.id, text);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, error: expect.stringMatching(message), fields: { text: expect.stringMatching(message) } });
    }
    expect((await addNote(request.id, 'x'.repeat(NOTE_MAX_LENGTH))).status).toBe(201);
    expect((await addNote(crypto.randomUUID(), 'Note')).status).toBe(404);
    const raw = await call(notes, `/api/contact/${request.id}/notes`, { raw: 'text=x', contentType: 'text/plain', token, params: { id: request.id } });
    expect(raw.status).toBe(415);
    expect((await getOne(request.id)).body.data.notes).toHaveLength(1);
  });

  it('each status change is recorded in the history (from, to, at, by whom); none when the status does not change', async () => {
    const { request } = await createRequest(input());
    expect((await setStatus(request.id, 'en_cours')).body.data.history).toEqual([{ from: 'nouveau', to: 'en_cours', at: expect.any(String), by: { id: 'proprietaire', name: TEST_ADMIN.username } }]);
    await setStatus(request.id, 'en_cours');
    const last = await setStatus(request.id, 'traite');
    expect(last.body.data.history.map((change: { from: string; to: string }) => `${change.from}>${change.to}`)).toEqual(['nouveau>en_cours', 'en_cours>traite']);
    expect((await getOne(request.id)).body.data.history).toEqual(last.body.data.history);
    expect((await allPages({ statut: 'traite' })).map((r) => r.id)).toContain(request.id);
  });
});

describe('DELETE /api/contact/:id', () => {
  it('erases the request, its index entry and its mail records: gone from the list, the search and the counters', async () => {
    const { request } = await createRequest(input({ company: 'Droit à l’effacement', name: 'Effacé Bientôt' }));
    const id = request.id;
    const outbox = strongStore(storeNames.outbox);
    await outbox.setJSON(`${id}/entreprise`, { to: 'commercial@vision-caraibes.fr' });
    await outbox.setJSON(`${id}/visiteur`, { to: 'client@exemple.fr' });
    const other = await createRequest(input());
    await outbox.setJSON(`${other.request.id}/entreprise`, { to: 'x@exemple.fr' });
    const before = await counts();

    const deleted = await remove(id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect((await allPages()).map((r) => r.id)).not.toContain(id);
    expect((await allPages({ q: 'effacé bientôt' })).map((r) => r.id)).not.toContain(id);
    expect(await counts()).toEqual({ ...before, total: before.total - 1, nouveau: before.nouveau - 1 });
    expect((await getOne(id)).status).toBe(404);
    expect(await strongStore(storeNames.requests).get(id)).toBeNull();
    expect((await outbox.list({ prefix: id })).blobs).toEqual([]);
    expect((await outbox.list({ prefix: other.request.id })).blobs).toHaveLength(1);
    // The index keeps no trace of it: a search text would still match otherwise.
    expect(JSON.stringify(await strongStore(storeNames.index).get(`recherche/${bucketOf(id)}`, { type: 'json' }))).not.toContain(id);

    const again = await remove(id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ success: false, error: 'Demande introuvable.' });
    expect((await remove('%ZZ')).status).toBe(404);
    expect((await call(view, `/api/contact/${other.request.id}`, { method: 'DELETE', params: { id: other.request.id } })).status).toBe(401);
  });

  it('also erases the e-mails of the request from the outbox (keys `<id>/entreprise`, `<id>/visiteur`)', async () => {
    const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ name: 'Boîte locale effacée' }) });
    const outbox = strongStore(storeNames.outbox);
    const keys = async () => (await outbox.list({ prefix: `${response.body.id}/` })).blobs.map((blob) => blob.key).sort();
    expect(await keys()).toEqual([`${response.body.id}/entreprise`, `${response.body.id}/visiteur`]);
    expect((await remove(response.body.id)).status).toBe(200);
    expect(await keys()).toEqual([]);
  });
});

describe('index repair', () => {
  it('deleted index: rebuildIndex gives back the same list, counters and search', async () => {
    const { request } = await createRequest(input({ name: 'Réparation Totale' }));
    await setStatus(request.id, 'en_cours');
    const before = { list: await allPages(), counts: await counts() };
    await clearIndex();
    const result = await rebuildIndex();
    expect(result.indexed).toBe(before.counts.total);
    expect(await allPages()).toEqual(before.list);
    expect(await counts()).toEqual(before.counts);
    expect((await allPages({ q: 'reparation totale' })).map((r) => r.id)).toEqual([request.id]);
  });

  it('a corrupt index blob makes the list fail loudly (never an empty inbox); rebuildIndex repairs it', async () => {
    const before = await allPages();
    const index = strongStore(storeNames.index);
    for (const bucket of ['0', '7', 'f']) await index.set(`resume/${bucket}`, '{"entries": {"tronqué');
    await index.set('recherche/3', 'pas du JSON');
    const broken = await call(list, '/api/contact', { token });
    expect(broken.status).toBe(500);
    expect(broken.body).toMatchObject({ success: false, error: expect.stringMatching(/erreur interne/) });
    await rebuildIndex();
    expect(await allPages()).toEqual(before);
  });

  it('an entry that drifted from its request blob (status changed behind the index) is put right', async () => {
    const { request } = await createRequest(input({ name: 'Dérive' }));
    const requests = strongStore(storeNames.requests);
    await requests.setJSON(request.id, { ...request, statut: 'archive', rev: 7 });
    expect((await allPages()).find((r) => r.id === request.id)!.statut).toBe('nouveau');
    await rebuildIndex();
    expect((await allPages()).find((r) => r.id === request.id)!.statut).toBe('archive');
  });
});
