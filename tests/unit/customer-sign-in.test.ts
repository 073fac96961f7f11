/**
 * The customers' sign-in over a real BlobsServer and the local Postmark stand-in: a link asked for an
 * address a company lists (and the same answer, no e-mail, for one it does not), spent once within 15
 * minutes, the throttles per address and per sender network, the session cookie's flags, calls from
 * another site refused, « Mon compte »'s sessions (one, this device's, all), a removed person's cookie
 * refused, passkeys added and used with a software authenticator, and the staff's invitation.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import clientsInvitation from '../../netlify/routes/companies/clients-invitation.ts';
import passkeySignIn from '../../netlify/routes/space-sign-in/espace-client-cle.ts';
import passkeyRemoval from '../../netlify/routes/space/espace-client-cle-suppression.ts';
import passkeysEndpoint from '../../netlify/routes/space/espace-client-cles.ts';
import connexion from '../../netlify/routes/space-sign-in/espace-client-connexion.ts';
import deconnexion from '../../netlify/routes/space/espace-client-deconnexion.ts';
import lien from '../../netlify/routes/space/espace-client-lien.ts';
import moi from '../../netlify/routes/space/espace-client-moi.ts';
import oneSession from '../../netlify/routes/space/espace-client-session.ts';
import sessions from '../../netlify/routes/space/espace-client-sessions.ts';
import contactList from '../../netlify/routes/requests/contact-list.ts';
import { getCompany, newId, saveCompany } from '../../netlify/lib/customers/companies.ts';
import { SIGN_IN_CAPS } from '../../netlify/lib/customers/sign-in-links.ts';
import { CAPS } from '../../netlify/lib/storage/caps.ts';
import { purgeCustomers } from '../../netlify/lib/customers/retention.ts';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';
import type { Company } from '../../src/features/customers/model.ts';
import { LINK_SENT_SENTENCE } from '../../src/features/space/account-model.ts';
import { customersApi } from '../../src/features/customers/admin-api.ts';
import { spaceApi } from '../../src/features/space/space-paths.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';

const env = useApiTestEnvironment();
const SITE = 'http://localhost';
const fromSite = { origin: SITE };

afterEach(() => {
  vi.useRealTimers();
});

let companies = 0;
/** A company with one person, whose address is fresh for each test. */
async function companyWithPerson(): Promise<{ company: Company; email: string }> {
  companies += 1;
  const id = newId();
  const email = `gerante-${companies}-${Date.now()}@exemple.fr`;
  const at = new Date().toISOString();
  const person = { id: newId(), name: 'Marie-Josée Lucien', email, phone: '0596 12 34 56', createdAt: at, lastSignInAt: null };
  const company = await saveCompany(id, () => ({
    id,
    name: `Supérette ${companies}`,
    clientCode: `C-${String(companies).padStart(5, '0')}`,
    territory: 'martinique',
    shops: [],
    contractEndsOn: null,
    people: [person],
    equipment: [],
    createdAt: at,
    updatedAt: at,
  }));
  return { company: company!, email };
}

const askLink = (email: string, ip?: string) => call(lien, spaceApi.link, { body: { email }, ip });
const linksTo = (email: string) => env.postmark.sentTo(email).map((mail) => /\/espace-client\/connexion\?jeton=([A-Za-z0-9_-]{43})/.exec(mail.body.TextBody)?.[1]).filter(Boolean) as string[];
const spend = (token: string, headers: Record<string, string> = fromSite) => call(connexion, spaceApi.signIn, { body: { token }, headers });
/** The session's Set-Cookie header among those answered (the session, and the hint the public forms read). */
const sessionSetCookie = (response: { headers: Headers }) => response.headers.getSetCookie().find((header) => header.startsWith('vc_espace_client='))!;
const cookieOf = (response: { headers: Headers }) => sessionSetCookie(response).split(';')[0]!;
const asCustomer = (cookie: string, more: Record<string, string> = {}) => ({ headers: { cookie, ...fromSite, ...more } });

/** Asks a link for the address, spends it: the session's cookie (`name=value`). */
async function signIn(email: string): Promise<string> {
  expect((await askLink(email)).status).toBe(202);
  const token = linksTo(email).at(-1)!;
  const opened = await spend(token);
  expect(opened.status).toBe(200);
  return cookieOf(opened);
}

describe('asking for a sign-in link', () => {
  it('e-mails a one-use link to an address a company lists, answering the same words as for an unknown address, which gets no e-mail', async () => {
    const { email } = await companyWithPerson();
    const known = await askLink(email.toUpperCase());
    const unknown = await askLink('personne@inconnu.fr');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual({ success: true, message: LINK_SENT_SENTENCE });
    expect(unknown.body).toEqual(known.body);
    expect(env.postmark.sentTo('personne@inconnu.fr')).toEqual([]);
    const [mail] = env.postmark.sentTo(email);
    expect(mail!.body.Subject).toContain('Votre lien de connexion');
    expect(mail!.body.TextBody).toMatch(/http:\/\/localhost\/espace-client\/connexion\?jeton=[A-Za-z0-9_-]{43}\n/);
    expect(linksTo(email)).toHaveLength(1);
  });

  it('refuses a malformed address with a French field error, sending nothing', async () => {
    const before = env.postmark.sent.length;
    const answer = await askLink('pas-une-adresse');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, fields: { email: 'Veuillez saisir une adresse e-mail valide.' } });
    expect(env.postmark.sent.length).toBe(before);
  });

  it(`sends at most ${SIGN_IN_CAPS.perAddress} links an hour to one address, still answering the same words`, async () => {
    const { email } = await companyWithPerson();
    for (let i = 0; i < SIGN_IN_CAPS.perAddress + 2; i += 1) {
      const answer = await askLink(email);
      expect(answer.status).toBe(202);
      expect(answer.body.message).toBe(LINK_SENT_SENTENCE);
    }
    expect(linksTo(email)).toHaveLength(SIGN_IN_CAPS.perAddress);
    // An hour later, the address gets links again.
    vi.useFakeTimers({ now: Date.now() + SIGN_IN_CAPS.windowMs + 1_000, toFake: ['Date'] });
    expect((await askLink(email)).status).toBe(202);
    expect(linksTo(email)).toHaveLength(SIGN_IN_CAPS.perAddress + 1);
  });

  it(`answers 429 past ${SIGN_IN_CAPS.perSender} links an hour from one sender network (an IPv6 /64), known address or not`, async () => {
    const { email } = await companyWithPerson();
    for (let i = 0; i < SIGN_IN_CAPS.perSender; i += 1) {
      expect((await askLink(`inconnu-${i}@exemple.fr`, `2001:db8:7:7::${i + 1}`)).status).toBe(202);
    }
    const refused = await askLink(email, '2001:db8:7:7::ff');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(API_ERRORS.sign_in_throttled.message);
    // When to come back: once the network's first link of the hour leaves the window.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(SIGN_IN_CAPS.windowMs / 1000 - 120);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(SIGN_IN_CAPS.windowMs / 1000);
    expect(env.postmark.sentTo(email)).toEqual([]);
    // Another network is not concerned.
    expect((await askLink(email, '2001:db8:7:8::1')).status).toBe(202);
    expect(linksTo(email)).toHaveLength(1);
  });

  it(`passkey sign-in options of the space: ${CAPS.passkeyOptions.cap} an hour per sender network, then 429 in French with when to come back`, async () => {
    for (let i = 0; i < CAPS.passkeyOptions.cap; i += 1) {
      expect((await call(passkeySignIn, spaceApi.passkeySignIn, { body: { etape: 'options' }, headers: fromSite, ip: `203.0.113.${i + 1}` })).status).toBe(200);
    }
    const refused = await call(passkeySignIn, spaceApi.passkeySignIn, { body: { etape: 'options' }, headers: fromSite, ip: '203.0.113.250' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(API_ERRORS.passkey_options_throttled.message);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(CAPS.passkeyOptions.windowMs / 1000 - 120);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(CAPS.passkeyOptions.windowMs / 1000);
  });

  it(`counts an IPv4 sender by its /24: ${SIGN_IN_CAPS.perSender} links from the addresses of one /24, then 429 for its other addresses`, async () => {
    const { email } = await companyWithPerson();
    for (let i = 0; i < SIGN_IN_CAPS.perSender; i += 1) {
      expect((await askLink(`inconnu-v4-${i}@exemple.fr`, `192.0.2.${i + 1}`)).status).toBe(202);
    }
    const refused = await askLink(email, '192.0.2.200');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(API_ERRORS.sign_in_throttled.message);
    // The neighbouring /24 is another sender.
    expect((await askLink(email, '192.0.3.1')).status).toBe(202);
    expect(linksTo(email)).toHaveLength(1);
  });

  it('writes the link on the configured site, never on the Host the request claims (Host: evil.example)', async () => {
    const { email } = await companyWithPerson();
    expect((await call(lien, spaceApi.link, { body: { email }, host: 'evil.example' })).status).toBe(202);
    const [mail] = env.postmark.sentTo(email);
    expect(mail!.body.TextBody).toMatch(/http:\/\/localhost\/espace-client\/connexion\?jeton=[\w-]{43}/);
    expect(`${mail!.body.TextBody}${mail!.body.HtmlBody}`).not.toContain('evil.example');
  });
});

describe('spending a link', () => {
  it('opens a 30-day session in an HttpOnly, Secure, SameSite=Lax cookie for the whole site, and records the sign-in', async () => {
    const { company, email } = await companyWithPerson();
    await askLink(email);
    const opened = await spend(linksTo(email)[0]!);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      success: true,
      data: { person: { id: company.people[0]!.id, name: 'Marie-Josée Lucien', email, phone: '0596 12 34 56' }, company: { id: company.id, name: company.name, clientCode: company.clientCode, territory: 'martinique' } },
    });
    const flags = sessionSetCookie(opened).split(';').map((part) => part.trim());
    expect(flags[0]).toMatch(/^vc_espace_client=[\w-]+\.[\w-]{43}$/);
    expect(flags.slice(1).sort()).toEqual(['HttpOnly', `Max-Age=${30 * 24 * 3600}`, 'Path=/', 'SameSite=Lax', 'Secure'].sort());
    // Beside it, the hint the public forms read (« 1 », no secret, readable by the page's scripts), for as long.
    const hint = opened.headers.getSetCookie().find((header) => header.startsWith('vc_espace_client_present='))!;
    expect(hint.split(';').map((part) => part.trim()).sort()).toEqual(['vc_espace_client_present=1', `Max-Age=${30 * 24 * 3600}`, 'Path=/', 'SameSite=Lax', 'Secure'].sort());
    const me = await call(moi, spaceApi.me, asCustomer(cookieOf(opened)));
    expect(me.status).toBe(200);
    expect(me.body.data.person.email).toBe(email);
    expect((await getCompany(company.id))!.people[0]!.lastSignInAt).not.toBeNull();
  });

  it('serves once: used again, « déjà servi » (410) and no session', async () => {
    const { email } = await companyWithPerson();
    await askLink(email);
    const token = linksTo(email)[0]!;
    expect((await spend(token)).status).toBe(200);
    const again = await spend(token);
    expect(again.status).toBe(410);
    expect(again.body.error).toBe(API_ERRORS.sign_in_link_used.message);
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('two simultaneous uses open one session', async () => {
    const { email } = await companyWithPerson();
    await askLink(email);
    const token = linksTo(email)[0]!;
    const answers = await Promise.all([spend(token), spend(token), spend(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410, 410]);
  });

  it('expires after 15 minutes: « a expiré » (410)', async () => {
    const { email } = await companyWithPerson();
    await askLink(email);
    const token = linksTo(email)[0]!;
    vi.useFakeTimers({ now: Date.now() + 15 * 60_000 + 1_000, toFake: ['Date'] });
    const late = await spend(token);
    expect(late.status).toBe(410);
    expect(late.body.error).toBe(API_ERRORS.sign_in_link_expired.message);
  });

  it('the daily job deletes the links and counters once expired, and sessions after their 30 days', async () => {
    const { email } = await companyWithPerson();
    const cookie = await signIn(email);
    await askLink(email);
    const unspent = linksTo(email).at(-1)!;
    const soon = await purgeCustomers(new Date(Date.now() + 60_000));
    expect(soon.links).toBe(0);
    expect((await call(moi, spaceApi.me, asCustomer(cookie))).status).toBe(200);
    const later = await purgeCustomers(new Date(Date.now() + 31 * 24 * 3_600_000));
    expect(later.links).toBeGreaterThanOrEqual(2);
    expect(later.caps).toBeGreaterThanOrEqual(1);
    expect(later.sessions).toBeGreaterThanOrEqual(1);
    expect((await spend(unspent)).status).toBe(400);
    expect((await call(moi, spaceApi.me, asCustomer(cookie))).status).toBe(401);
  });

  it('an unknown or malformed token: 400 with a French sentence', async () => {
    for (const token of ['A'.repeat(43), 'court', 42]) {
      const answer = await call(connexion, spaceApi.signIn, { body: { token }, headers: fromSite });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(API_ERRORS.sign_in_link_unknown.message);
    }
  });

  it('a call from another site (or without Origin) is refused and leaves the link unspent', async () => {
    const { email } = await companyWithPerson();
    await askLink(email);
    const token = linksTo(email)[0]!;
    for (const headers of [{ origin: 'https://pirate.example' }, {}] as Array<Record<string, string>>) {
      const refused = await spend(token, headers);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(API_ERRORS.origin_refused.message);
    }
    expect((await spend(token)).status).toBe(200);
  });
});

describe('the session', () => {
  it('a state-changing call from another site is refused even with the cookie', async () => {
    const { email } = await companyWithPerson();
    const cookie = await signIn(email);
    const refused = await call(deconnexion, spaceApi.signOut, { method: 'POST', headers: { cookie, origin: 'https://pirate.example' } });
    expect(refused.status).toBe(403);
    expect((await call(moi, spaceApi.me, asCustomer(cookie))).status).toBe(200);
  });

  it('« Mon compte » lists the sessions, this device marked; ending another one leaves this one', async () => {
    const { email } = await companyWithPerson();
    const phone = await signIn(email);
    const laptop = await signIn(email);
    const listed = await call(sessions, spaceApi.sessions, asCustomer(laptop, { 'user-agent': 'Navigateur de test' }));
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(2);
    expect(listed.body.data.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    expect(listed.body.data.every((session: { method: string }) => session.method === 'lien')).toBe(true);
    const other = listed.body.data.find((session: { current: boolean }) => !session.current);
    const ended = await call(oneSession, `${spaceApi.sessions}/${other.id}`, { method: 'DELETE', params: { id: other.id }, ...asCustomer(laptop) });
    expect(ended.status).toBe(200);
    expect(ended.headers.get('set-cookie')).toBeNull();
    expect((await call(moi, spaceApi.me, asCustomer(phone))).status).toBe(401);
    expect((await call(moi, spaceApi.me, asCustomer(laptop))).status).toBe(200);
    // Ending it again: 404.
    expect((await call(oneSession, `${spaceApi.sessions}/${other.id}`, { method: 'DELETE', params: { id: other.id }, ...asCustomer(laptop) })).status).toBe(404);
  });

  it('« Se déconnecter » ends this device only and clears its cookie', async () => {
    const { email } = await companyWithPerson();
    const phone = await signIn(email);
    const laptop = await signIn(email);
    const out = await call(deconnexion, spaceApi.signOut, { method: 'POST', ...asCustomer(laptop) });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()).toEqual([expect.stringMatching(/^vc_espace_client=; Path=\/; Max-Age=0;/), expect.stringMatching(/^vc_espace_client_present=; Path=\/; Max-Age=0;/)]);
    expect((await call(moi, spaceApi.me, asCustomer(laptop))).status).toBe(401);
    expect((await call(moi, spaceApi.me, asCustomer(phone))).status).toBe(200);
  });

  it('« Se déconnecter de tous les appareils » ends every session', async () => {
    const { email } = await companyWithPerson();
    const phone = await signIn(email);
    const laptop = await signIn(email);
    const out = await call(sessions, spaceApi.sessions, { method: 'DELETE', ...asCustomer(laptop) });
    expect(out.status).toBe(200);
    expect(out.body.ended).toBe(2);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    for (const cookie of [phone, laptop]) {
      const refused = await call(moi, spaceApi.me, asCustomer(cookie));
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe(API_ERRORS.customer_signed_out.message);
    }
  });

  it('a person removed from their company is signed out at once, and their unspent link no longer opens', async () => {
    const { company, email } = await companyWithPerson();
    const cookie = await signIn(email);
    await askLink(email);
    const token = linksTo(email).at(-1)!;
    await saveCompany(company.id, (current) => current && { ...current, people: [] });
    expect((await call(moi, spaceApi.me, asCustomer(cookie))).status).toBe(401);
    expect((await spend(token)).status).toBe(400);
  });

  it('the customer cookie means nothing to a staff endpoint (401), a staff token nothing to the space (401)', async () => {
    const { email } = await companyWithPerson();
    const cookie = await signIn(email);
    expect((await call(contactList, '/api/contact', asCustomer(cookie))).status).toBe(401);
    expect((await call(moi, spaceApi.me, { token: env.token })).status).toBe(401);
  });
});

describe('passkeys', () => {
  it('a signed-in person adds a passkey, signs in with it alone, lists and removes it', async () => {
    const { company, email } = await companyWithPerson();
    const cookie = await signIn(email);
    const authenticator = new SoftwareAuthenticator(SITE, 'localhost');
    const options = await call(passkeysEndpoint, spaceApi.passkeys, { body: { etape: 'options' }, ...asCustomer(cookie) });
    expect(options.status).toBe(200);
    expect(options.body.options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const unnamed = await call(passkeysEndpoint, spaceApi.passkeys, { body: { response: authenticator.register(options.body.options), name: ' ' }, ...asCustomer(cookie) });
    expect(unnamed.status).toBe(400);
    const again = await call(passkeysEndpoint, spaceApi.passkeys, { body: { etape: 'options' }, ...asCustomer(cookie) });
    const added = await call(passkeysEndpoint, spaceApi.passkeys, { body: { response: authenticator.register(again.body.options), name: 'Téléphone de Marie' }, ...asCustomer(cookie) });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ id: authenticator.id, name: 'Téléphone de Marie', lastUsedAt: null });

    // Sign-in with the key alone, on a device without cookie.
    const signInOptions = await call(passkeySignIn, spaceApi.passkeySignIn, { body: { etape: 'options' }, headers: fromSite });
    expect(signInOptions.body.options.allowCredentials ?? []).toEqual([]);
    const opened = await call(passkeySignIn, spaceApi.passkeySignIn, { body: { response: authenticator.authenticate(signInOptions.body.options) }, headers: fromSite });
    expect(opened.status).toBe(200);
    expect(opened.body.data.company.id).toBe(company.id);
    const keyCookie = cookieOf(opened);
    const listed = await call(sessions, spaceApi.sessions, asCustomer(keyCookie));
    expect(listed.body.data.find((session: { current: boolean }) => session.current).method).toBe('cle');

    // The same answer replayed: refused.
    const replay = await call(passkeySignIn, spaceApi.passkeySignIn, { body: { response: authenticator.authenticate(signInOptions.body.options) }, headers: fromSite });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe(API_ERRORS.customer_passkey_refused.message);

    const keys = await call(passkeysEndpoint, spaceApi.passkeys, asCustomer(keyCookie));
    expect(keys.body.data).toEqual([expect.objectContaining({ id: authenticator.id, lastUsedAt: expect.any(String) })]);
    const removed = await call(passkeyRemoval, `${spaceApi.passkeys}/${authenticator.id}`, { method: 'DELETE', params: { id: authenticator.id }, ...asCustomer(keyCookie) });
    expect(removed.status).toBe(200);
    const fresh = await call(passkeySignIn, spaceApi.passkeySignIn, { body: { etape: 'options' }, headers: fromSite });
    expect((await call(passkeySignIn, spaceApi.passkeySignIn, { body: { response: authenticator.authenticate(fresh.body.options) }, headers: fromSite })).status).toBe(401);
  });

  it('a passkey answered for another site (phishing page) is refused', async () => {
    const { email } = await companyWithPerson();
    const cookie = await signIn(email);
    const authenticator = new SoftwareAuthenticator(SITE, 'localhost');
    const options = await call(passkeysEndpoint, spaceApi.passkeys, { body: { etape: 'options' }, ...asCustomer(cookie) });
    await call(passkeysEndpoint, spaceApi.passkeys, { body: { response: authenticator.register(options.body.options), name: 'Clé' }, ...asCustomer(cookie) });
    authenticator.origin = 'https://vision-caraibes.example';
    const signInOptions = await call(passkeySignIn, spaceApi.passkeySignIn, { body: { etape: 'options' }, headers: fromSite });
    const refused = await call(passkeySignIn, spaceApi.passkeySignIn, { body: { response: authenticator.authenticate(signInOptions.body.options) }, headers: fromSite });
    expect(refused.status).toBe(401);
  });
});

describe('the staff invitation', () => {
  it('e-mails the person a sign-in link worded as an invitation, valid 48 hours; an unknown person gets 404', async () => {
    const { company, email } = await companyWithPerson();
    const personId = company.people[0]!.id;
    const invited = await call(clientsInvitation, customersApi.invitation(company.id, personId), { method: 'POST', token: env.token, params: { id: company.id, personId }, host: 'evil.example' });
    expect(invited.status).toBe(200);
    const [mail] = env.postmark.sentTo(email);
    expect(mail!.body.TextBody).toContain('vous donne accès à l’espace client de Vision Caraïbes');
    // The owner's account invites as the company: its sign-in name is nobody's name.
    expect(mail!.body.TextBody).toContain('Vision Caraïbes vous donne accès');
    expect(mail!.body.TextBody).not.toContain(', de Vision Caraïbes,');
    // The link is the configured site's, whatever Host the staff member's call claimed.
    expect(mail!.body.TextBody).toContain('http://localhost/espace-client/connexion?jeton=');
    expect(`${mail!.body.TextBody}${mail!.body.HtmlBody}`).not.toContain('evil.example');
    const unknown = await call(clientsInvitation, customersApi.invitation(company.id, 'inconnu'), { method: 'POST', token: env.token, params: { id: company.id, personId: 'inconnu' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(API_ERRORS.person_not_found.message);
    // 47 hours later the invitation still opens the space (a link asked on the sign-in page would have expired).
    vi.useFakeTimers({ now: Date.now() + 47 * 3_600_000, toFake: ['Date'] });
    expect((await spend(linksTo(email)[0]!)).status).toBe(200);
  });
});
