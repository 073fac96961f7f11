/**
 * The customers' space in the browser tests: a company stored in the e2e server's own Blobs (found through
 * the file it writes its root to, tests/helpers/e2e-server.ts), a devis sent by the administrator to one of
 * its people, and that person's session opened with the sign-in link read from the local outbox.
 */
import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { connectBlobs } from '../../scripts/lib/local-blobs.mjs';
import { apiPaths, devisAdminApiPath } from '../../src/lib/paths';
import { spaceApi as signInApi } from '../../src/features/space/space-paths';
import { ownerToken } from './e2e-staff';
import { e2ePort, e2eSiteRootFile } from './e2e-server';
import { seedCompany, testEquipment, testPerson, testShop } from './customers';
import { lastLinkTo } from './local-outbox';

let connection: Promise<unknown> | undefined;

/** Stores a company in the e2e server's Blobs: one person, one shop, a catalogue printer under contract and a typed scale. */
export async function storedCompany() {
  connection ??= readFile(e2eSiteRootFile(e2ePort()), 'utf8').then((root) => connectBlobs(root.trim()));
  await connection;
  const shop = testShop({ name: 'Magasin du Lamentin' });
  return seedCompany({
    name: `Supérette du Bourg ${Date.now()}`,
    contractEndsOn: '2099-12-31',
    shops: [shop],
    people: [testPerson({ name: 'Léa Martin' })],
    equipment: [
      testEquipment({ productSlug: 'zebra-zt411', model: 'Imprimante industrielle Zebra ZT411', shopId: shop.id, underContract: true }),
      testEquipment({ model: 'Balance Mettler Toledo', underContract: false }),
    ],
  });
}

/** A quote request from the store with this address, and its devis sent by the administrator: its reference. */
export async function devisSentTo(request: APIRequestContext, email: string): Promise<{ id: string; reference: string }> {
  const quote = await request.post(apiPaths.quote, {
    data: { name: 'Léa Martin', email, phone: '0596 12 34 56', company: 'Supérette du Bourg', clientCode: '', subject: '', message: '', items: [{ id: 'zebra-zt411', quantity: 1 }], territory: 'martinique', website: '' },
  });
  expect(quote.ok()).toBe(true);
  const { id, reference } = (await quote.json()) as { id: string; reference: string };
  const headers = { Authorization: `Bearer ${await ownerToken(request)}` };
  const draft = ((await (await request.get(devisAdminApiPath(id), { headers })).json()) as { data: { draft: unknown } }).data.draft;
  expect((await request.post(devisAdminApiPath(id, 'envoi'), { headers, data: { draft } })).ok()).toBe(true);
  return { id, reference };
}

/** « Recevoir un lien de connexion », then the link read from the local outbox opens the session in this page's browser context. */
export async function signInToSpace(page: Page, email: string, baseURL: string): Promise<void> {
  expect((await page.request.post(signInApi.link, { data: { email }, headers: { origin: baseURL } })).status()).toBe(202);
  const link = await lastLinkTo(email, /https?:\/\/\S+jeton=[\w-]+/);
  const token = new URL(link).searchParams.get('jeton')!;
  const opened = await page.request.post(signInApi.signIn, { data: { token }, headers: { origin: baseURL } });
  expect(opened.ok()).toBe(true);
}
