/**
 * Customers of the space for the browser tests: a company with one person written straight into the e2e
 * server's Blobs (through the server library, as the admin would save it), and the person signed in with a
 * sign-in link made the same way (not asked on the endpoint, whose cap of links per sender network every
 * test would share), opened in the browser: its script spends it and the browser keeps the session cookie.
 * tests/e2e/space-sign-in.spec.ts goes through the e-mail itself.
 */
import { expect, type Page } from '@playwright/test';
import { newId, saveCompany } from '../../netlify/lib/customers/companies';
import { createSignInLink } from '../../netlify/lib/customers/sign-in-links';
import type { Company, Person } from '../../src/features/customers/model';
import { signInLinkPath, spacePages } from '../../src/features/space/space-paths';
import { connectE2eBlobs, lastLinkTo } from './local-outbox';

/** A fresh company of Martinique with one person, whose address no other test uses. */
export async function seedCustomer(name = 'Marie-Josée Lucien'): Promise<{ company: Company; person: Person }> {
  await connectE2eBlobs();
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 100_000)}`;
  const at = new Date().toISOString();
  const person: Person = { id: newId(), name, email: `client-${stamp}@exemple.fr`, phone: '0596 12 34 56', createdAt: at, lastSignInAt: null };
  const id = newId();
  const company = await saveCompany(id, () => ({
    id,
    name: `Supérette ${stamp}`,
    clientCode: `C-${stamp}`,
    territory: 'martinique',
    shops: [],
    contractEndsOn: null,
    people: [person],
    equipment: [],
    createdAt: at,
    updatedAt: at,
  }));
  return { company: company!, person };
}

/** The newest sign-in link e-mailed to an address (`after`: a link already seen, to wait for a newer one). */
export const signInLinkTo = (email: string, after?: string): Promise<string> => lastLinkTo(email, /https?:\/\/\S+\/espace-client\/connexion\?jeton=[\w-]{43}/, { after, timeoutMs: 45_000 });

/** Signs the person in on this page (the browser keeps the cookie); resolves to the link's path it used. */
export async function signInCustomer(page: Page, { company, person }: { company: Company; person: Person }): Promise<string> {
  await connectE2eBlobs();
  const { token } = await createSignInLink(company, person, 'connexion');
  const link = signInLinkPath(token);
  await page.goto(link);
  // The first call of the sign-in function may wait for the server's warm-up (minutes on a busy machine).
  await expect(page).toHaveURL(new RegExp(`${spacePages.home}$`), { timeout: 180_000 });
  return link;
}
