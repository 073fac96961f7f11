/**
 * Each Blobs call is a network call from the function on Netlify, counted here on a real BlobsServer: the
 * inbox's list call reads its index buckets and nothing else (no marker, no listing, no write), what a
 * first start or a failed index write leaves to do is the outbox job's, and « Mes devis » reads no request
 * that has no devis.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { storeNames, strongStore } from '../../netlify/lib/storage/storage';
import { INDEX_BUCKETS } from '../../netlify/lib/requests/request-index';
import { completeInboxIndex, importRequests, newRequest, type NewRequest } from '../../netlify/lib/requests/requests';
import { newId, saveCompany } from '../../netlify/lib/customers/companies';
import { openCustomerSession } from '../../netlify/lib/customers/customer-session';
import list from '../../netlify/routes/requests/contact-list.ts';
import spaceDevis from '../../netlify/routes/space/space-devis.ts';

const world = useApiTestEnvironment();

const input = (name: string): NewRequest => ({ kind: 'contact', name, email: 'compte@exemple.fr', phone: '0596 00 00 00', company: 'Allers-retours', subject: 'Autre', delai: 'Plus de 6 mois', message: 'Combien d’appels au stockage ?' });

/** A list call's answer and the Blobs operations it made. */
async function counted(path: string) {
  const start = world.blobOperations.length;
  const answer = await call(list, path, { token: world.token });
  expect(answer.status).toBe(200);
  const operations = world.blobOperations.slice(start).map((operation) => operation.type);
  return { ids: (answer.body.data as Array<{ id: string }>).map((row) => row.id), operations };
}

/** The session's check (the revoked tokens, the team's blob), the devis states, then the buckets. */
const SESSION_AND_DEVIS = 3;

describe('the inbox in Blobs calls', () => {
  it('a site whose requests predate the index: the outbox job builds it once, and a list call then reads only its buckets', async () => {
    const requests = strongStore(storeNames.requests);
    const older = [newRequest(input('Avant l’index 1')), newRequest(input('Avant l’index 2'))];
    for (const request of older) await requests.setJSON(request.id, { ...request, rev: 1 });

    expect((await completeInboxIndex()).rebuilt).toBe(2);
    expect((await completeInboxIndex()).rebuilt).toBeUndefined();

    const listed = await counted('/api/contact');
    expect(new Set(listed.ids)).toEqual(new Set(older.map((request) => request.id)));
    expect(listed.operations).toEqual(Array.from({ length: SESSION_AND_DEVIS + INDEX_BUCKETS }, () => 'get'));
  });

  it('a search reads the search texts too, and writes nothing', async () => {
    const searched = await counted('/api/contact?q=avant%20l%E2%80%99index%202');
    expect(searched.ids).toHaveLength(1);
    expect(searched.operations).toEqual(Array.from({ length: SESSION_AND_DEVIS + 2 * INDEX_BUCKETS }, () => 'get'));
  });

  it('a request whose index write failed (left pending) is listed once the outbox job ran, not by a visitor’s call', async () => {
    const request = newRequest(input('Laissée en attente'));
    await strongStore(storeNames.requests).setJSON(request.id, { ...request, rev: 1 });
    await strongStore(storeNames.index).set(`en-attente/${request.id}`, '');

    expect((await counted('/api/contact')).ids).not.toContain(request.id);
    expect(await completeInboxIndex()).toEqual({ rebuilt: undefined, pending: 1 });
    expect((await counted('/api/contact')).ids).toContain(request.id);
    expect((await strongStore(storeNames.index).list({ prefix: 'en-attente/' })).blobs).toEqual([]);
  });

  it('an index cut into more buckets (an earlier layout) is rebuilt by the job and its old blobs deleted', async () => {
    const index = strongStore(storeNames.index);
    await index.setJSON('etat', { builtAt: new Date().toISOString() });
    await index.setJSON('resume/f', { entries: {} });
    await index.setJSON('recherche/f', { texts: {} });
    expect((await completeInboxIndex()).rebuilt).toBe(3);
    expect(await index.get('resume/f')).toBeNull();
    expect(await index.get('recherche/f')).toBeNull();
    expect((await counted('/api/contact')).ids).toHaveLength(3);
  });
});

describe('« Mes devis » in Blobs calls', () => {
  it('reads the session, the company, its request owners and the devis index, whatever the number of its requests without a devis', async () => {
    const id = newId();
    const at = new Date().toISOString();
    const email = `devis-${id.slice(0, 8)}@exemple.fr`;
    const company = (await saveCompany(id, () => ({ id, name: 'Allers-retours SARL', clientCode: `C-${id.slice(0, 8)}`, territory: 'martinique', shops: [], contractEndsOn: null, people: [{ id: newId(), name: 'Léa Compte', email, phone: '0696 00 00 00', createdAt: at, lastSignInAt: null }], equipment: [], createdAt: at, updatedAt: at })))!;
    await importRequests(Array.from({ length: 6 }, (_, index) => newRequest({ ...input(`Sans devis ${index}`), email })));
    const { cookie } = await openCustomerSession(company, company.people[0]!, { method: 'lien' });

    const start = world.blobOperations.length;
    const answer = await call(spaceDevis, '/api/espace-client/devis', { headers: { cookie: cookie.split(';')[0]! } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([]);
    const reads = world.blobOperations.slice(start).map((operation) => operation.url.split('/')[2]);
    expect(reads).toHaveLength(5);
    expect(reads).not.toContain('site:contact-requests');
    expect(reads).not.toContain('site:devis');
  });
});
