/**
 * A request sent while signed in to the customers' space is attached to the company, from the session
 * cookie only: the same address typed without a cookie attaches nothing, a forged or expired cookie or a
 * call from another site attaches nothing, and the request is stored either way. The sign-in answers the
 * session cookie and its readable hint; signing out clears both.
 */
import { describe, expect, it } from 'vitest';
import { call, contactPayload } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { saveCompany } from '../../netlify/lib/customers/companies';
import { clearedSessionCookies, endAllCustomerSessions, openCustomerSession } from '../../netlify/lib/customers/customer-session';
import { readStored } from '../../netlify/lib/requests/requests';
import { readEntries } from '../../netlify/lib/requests/request-index';
import { CUSTOMER_PRESENT_COOKIE } from '../../src/lib/constants';
import type { Company } from '../../src/features/customers/model';
import contact from '../../netlify/routes/request-forms/contact-only-email.ts';
import quote from '../../netlify/routes/request-forms/quote.ts';

useApiTestEnvironment();

const SITE = 'http://localhost';
const stamp = new Date().toISOString();

/** A company with one person, stored. */
async function company(id: string, email: string): Promise<Company> {
  const saved = await saveCompany(id, () => ({
    id,
    name: `Société ${id}`,
    clientCode: `C-${id.toUpperCase()}`,
    territory: 'guadeloupe',
    shops: [],
    contractEndsOn: null,
    people: [{ id: `p-${id}`, name: 'Léa Client', email, phone: '0590 11 22 33', createdAt: stamp, lastSignInAt: null }],
    equipment: [],
    createdAt: stamp,
    updatedAt: stamp,
  }));
  return saved!;
}

/** The Cookie header a browser sends after the sign-in answered `cookies`. */
const cookieHeader = (cookies: string[]) => cookies.map((cookie) => cookie.split(';')[0]).join('; ');

const quoteBody = (email: string) => ({
  name: 'Léa Client',
  company: 'Société',
  phone: '0590 11 22 33',
  email,
  clientCode: '',
  message: 'Produits : ZT411 × 1',
  items: [{ id: 'zebra-zt411', quantity: 1 }],
  territory: 'guadeloupe',
  website: '',
});

/** The stored request and its index entry. */
async function storedOf(id: string) {
  const stored = await readStored(id);
  const entry = (await readEntries()).find((candidate) => candidate.id === id);
  return { request: stored!.request, entry: entry! };
}

describe('the sign-in cookies', () => {
  it('a session answers the HttpOnly session cookie and a readable hint holding only « 1 », both for 30 days; signing out clears both', async () => {
    const saved = await company('indices', 'lea@indices.fr');
    const { cookie, cookies } = await openCustomerSession(saved, saved.people[0]!, { method: 'lien' });
    expect(cookies[0]).toBe(cookie);
    expect(cookies[1]).toBe(`${CUSTOMER_PRESENT_COOKIE}=1; Path=/; Max-Age=2592000; Secure; SameSite=Lax`);
    expect(cookie).toMatch(/; Max-Age=2592000; HttpOnly; Secure; SameSite=Lax$/);
    expect(clearedSessionCookies()).toEqual([expect.stringMatching(/^vc_espace_client=; Path=\/; Max-Age=0; HttpOnly/), `${CUSTOMER_PRESENT_COOKIE}=; Path=/; Max-Age=0; Secure; SameSite=Lax`]);
  });
});

describe('a request sent while signed in', () => {
  it('the contact form with the session cookie: attached to the company and person, in the request and its index entry', async () => {
    const saved = await company('rattachee', 'lea@rattachee.fr');
    const { cookies } = await openCustomerSession(saved, saved.people[0]!, { method: 'lien' });
    const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ email: 'autre@exemple.fr' }), headers: { cookie: cookieHeader(cookies), origin: SITE } });
    expect(response.status).toBe(200);
    const { request, entry } = await storedOf(response.body.id);
    expect(request.customer).toEqual({ companyId: 'rattachee', personId: 'p-rattachee' });
    expect(entry.customer).toEqual({ companyId: 'rattachee', personId: 'p-rattachee' });
    // The territory still follows the phone number, not the company.
    expect(request.territory).toBe('martinique');
  });

  it('the quote dialog with the session cookie: attached too', async () => {
    const saved = await company('devis-rattache', 'lea@devis-rattache.fr');
    const { cookies } = await openCustomerSession(saved, saved.people[0]!, { method: 'cle' });
    const response = await call(quote, '/api/quote', { body: quoteBody('lea@devis-rattache.fr'), headers: { cookie: cookieHeader(cookies), origin: SITE } });
    expect(response.status).toBe(200);
    expect((await storedOf(response.body.id)).request.customer).toEqual({ companyId: 'devis-rattache', personId: 'p-devis-rattache' });
  });

  it('a customer’s address typed in a public form, without a cookie, attaches nothing', async () => {
    await company('sans-cookie', 'lea@sans-cookie.fr');
    for (const [handler, path, body] of [
      [contact, '/api/contact-only-email', contactPayload({ email: 'lea@sans-cookie.fr' })],
      [quote, '/api/quote', quoteBody('lea@sans-cookie.fr')],
    ] as const) {
      const response = await call(handler, path, { body, headers: { origin: SITE } });
      expect(response.status).toBe(200);
      const { request, entry } = await storedOf(response.body.id);
      expect(request).not.toHaveProperty('customer');
      expect(entry).not.toHaveProperty('customer');
    }
  });

  it('a forged, expired or ended session, or a call from another site, attaches nothing and the request is still stored', async () => {
    const saved = await company('refusee', 'lea@refusee.fr');
    const ended = await openCustomerSession(saved, saved.people[0]!, { method: 'lien' });
    await endAllCustomerSessions('p-refusee');
    const expired = await openCustomerSession(saved, saved.people[0]!, { method: 'lien', now: new Date(Date.now() - 31 * 24 * 3_600_000) });
    const live = await openCustomerSession(saved, saved.people[0]!, { method: 'lien' });
    const cases: Array<[string, Record<string, string>]> = [
      ['forged', { cookie: `vc_espace_client=p-refusee.${'A'.repeat(43)}; ${CUSTOMER_PRESENT_COOKIE}=1`, origin: SITE }],
      ['ended', { cookie: cookieHeader(ended.cookies), origin: SITE }],
      ['expired', { cookie: cookieHeader(expired.cookies), origin: SITE }],
      ['another site', { cookie: cookieHeader(live.cookies), origin: 'https://ailleurs.example' }],
      ['no Origin', { cookie: cookieHeader(live.cookies) }],
    ];
    for (const [label, headers] of cases) {
      const response = await call(contact, '/api/contact-only-email', { body: contactPayload({ email: 'lea@refusee.fr', message: `Bonjour, un essai (${label}).` }), headers });
      expect(response.status, label).toBe(200);
      expect((await storedOf(response.body.id)).request, label).not.toHaveProperty('customer');
    }
  });
});
