/**
 * A signed-in person of a customer company for the browser tests: the company is written straight into the
 * e2e server's Blobs (through a BlobsServer of this process on its folder, found like the local outbox:
 * tests/helpers/e2e-server.ts), a session is opened for its person as a sign-in link would, and its cookie
 * is handed to the browser's context.
 */
import type { TerritoryId } from '../../src/lib/territories';
import { readFile } from 'node:fs/promises';
import type { BrowserContext } from '@playwright/test';
import { connectBlobs } from '../../scripts/lib/local-blobs.mjs';
import { newId, saveCompany } from '../../netlify/lib/customers/companies';
import { openCustomerSession } from '../../netlify/lib/customers/customer-session';
import { CUSTOMER_COOKIE } from '../../src/lib/constants';
import type { Company } from '../../src/features/customers/model';
import { e2ePort, e2eSiteRootFile } from './e2e-server';

let connection: Promise<unknown> | undefined;

/** Connects this process to the e2e server's Blobs once. */
async function connect(): Promise<void> {
  connection ??= (async () => connectBlobs((await readFile(e2eSiteRootFile(e2ePort()), 'utf8')).trim()))();
  await connection;
}

/** A company (of Martinique unless told) with one shop, one piece of equipment and one person who signed in once. */
export async function seedCustomer(label: string, territory: TerritoryId = 'martinique'): Promise<Company> {
  await connect();
  const id = newId();
  const tag = `${Date.now()}-${Math.floor(Math.random() * 100_000)}`;
  const now = new Date().toISOString();
  const shop = { id: newId(), name: `${label} – Fort-de-France`, address: '12 rue Victor Hugo, 97200 Fort-de-France' };
  return (await saveCompany(id, () => ({
    id,
    name: label,
    clientCode: `C-${tag}`,
    territory,
    shops: [shop],
    contractEndsOn: '2099-12-31',
    people: [{ id: newId(), name: 'Léa Marie-Sainte', email: `lea-${tag}@exemple.fr`, phone: '0696 12 34 56', createdAt: now, lastSignInAt: now }],
    equipment: [{ id: newId(), productSlug: null, model: 'Caisse tactile TPV-15', serial: `SN-${tag}`, shopId: shop.id, underContract: true }],
    createdAt: now,
    updatedAt: now,
  })))!;
}

/** Signs the company's first person in, in this browser context (the session cookie, as after a sign-in link). */
export async function signInCustomer(context: BrowserContext, company: Company, baseURL: string): Promise<void> {
  await connect();
  const { cookie } = await openCustomerSession(company, company.people[0]!, { method: 'lien', userAgent: 'e2e' });
  const value = cookie.split(';')[0]!.slice(`${CUSTOMER_COOKIE}=`.length);
  await context.addCookies([{ name: CUSTOMER_COOKIE, value, url: baseURL, httpOnly: true, secure: true, sameSite: 'Lax' }]);
}
