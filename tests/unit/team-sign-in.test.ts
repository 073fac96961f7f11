/**
 * Signing in with a staff account through the functions, against a real BlobsServer: password then a
 * TOTP code or a passkey, a passkey alone, the session version that ends sessions on the next call,
 * the throttle on codes, and the journal of sign-ins and failures.
 */
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it } from 'vitest';
import login from '../../netlify/routes/staff-sign-in/auth-login.ts';
import secondFactor from '../../netlify/routes/staff-sign-in/auth-second-factor.ts';
import passkeyLogin from '../../netlify/routes/staff-sign-in/auth-passkey.ts';
import account from '../../netlify/routes/staff/account.ts';
import accountSessions from '../../netlify/routes/staff/account-sessions.ts';
import accountPasskeys from '../../netlify/routes/staff/account-passkeys.ts';
import accountPasskey from '../../netlify/routes/staff/account-passkey.ts';
import accountPassword from '../../netlify/routes/staff/account-password.ts';
import list from '../../netlify/routes/requests/contact-list.ts';
import { activateAccount, changeRole, disableAccount, getAccount, setPassword } from '../../netlify/lib/team/accounts.ts';
import { listJournal } from '../../netlify/lib/team/journal.ts';
import { passkeyRegistrationOptions, verifyPasskeyRegistration } from '../../netlify/lib/team/passkeys.ts';
import { confirmTotpEnrolment, startTotpEnrolment } from '../../netlify/lib/team/totp.ts';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';
import { CAPS } from '../../netlify/lib/storage/caps.ts';
import { LOGIN_MAX_FAILURES } from '../../src/lib/constants.ts';
import { TEST_ADMIN, call, setTestEnv } from '../helpers/api';
import { SoftwareAuthenticator } from '../helpers/software-authenticator';
import { STRONG_PASSWORD, TEAM_OWNER, invitedAccount, useTeamBlobs } from '../helpers/team';

const SECOND_FACTOR_EXPIRED = API_ERRORS.second_factor_expired.message;
const TOTP_CODE_REPLAYED = API_ERRORS.totp_code_replayed.message;

useTeamBlobs();
beforeEach(() => setTestEnv());

/** The configured site (SITE_URL = http://localhost in the tests): that is the relying party. */
const site = { origin: 'http://localhost', rpID: 'localhost' };
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;
let emailCounter = 0;
const freshEmail = () => `personne-${++emailCounter}@exemple.fr`;

const codeAt = (secret: string, timestamp: number) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });

/** An active commercial with a TOTP app enrolled a minute ago. */
async function totpAccount(role = 'commercial') {
  const email = freshEmail();
  const invited = await invitedAccount(role, email, 'Marie Joseph');
  await setPassword(invited.id, STRONG_PASSWORD);
  const { secret } = await startTotpEnrolment(invited.id);
  const enrolledAt = Date.now() - 60_000;
  await confirmTotpEnrolment(invited.id, codeAt(secret, enrolledAt), { now: new Date(enrolledAt) });
  const active = await activateAccount(invited.id);
  return { account: active, email, secret };
}

/** An active technician with a passkey held by a software authenticator. */
async function passkeyAccount() {
  const email = freshEmail();
  const invited = await invitedAccount('technicien', email, 'Luc Bernard');
  const authenticator = new SoftwareAuthenticator(site.origin, site.rpID);
  await verifyPasskeyRegistration(invited.id, authenticator.register(await passkeyRegistrationOptions(invited.id, { rpID: site.rpID })), { ...site, deviceName: 'Téléphone de Luc' });
  await setPassword(invited.id, STRONG_PASSWORD);
  const active = await activateAccount(invited.id);
  return { account: active, email, authenticator };
}

const passwordStep = (email: string, ip: string, password = STRONG_PASSWORD) => call(login, '/api/auth/login', { body: { username: email, password }, ip });

/** Password and code; `later` takes the code of the next time step (each code signs in once). */
async function signInWithCode(email: string, secret: string, ip = freshIp(), later = false): Promise<string> {
  const first = await passwordStep(email, ip);
  const code = codeAt(secret, Date.now() + (later ? 30_000 : 0));
  const done = await call(secondFactor, '/api/auth/second-factor', { body: { pending: first.body.secondFactor.pending, code }, ip });
  expect(done.status).toBe(200);
  return done.body.token as string;
}

/** Password and the code of the time step `step` away from now (-1, 0 or 1: each step's code signs in once, in order). */
async function signInAtStep(email: string, secret: string, step: number, password = STRONG_PASSWORD): Promise<string> {
  const ip = freshIp();
  const first = await passwordStep(email, ip, password);
  const done = await call(secondFactor, '/api/auth/second-factor', { body: { pending: first.body.secondFactor.pending, code: codeAt(secret, Date.now() + step * 30_000) }, ip });
  expect(done.status).toBe(200);
  return done.body.token as string;
}

/** « Ajouter une clé d’accès » from « Mon compte », the password given again: the key and this session's new token. */
async function withPasskey(token: string, password = STRONG_PASSWORD): Promise<{ authenticator: SoftwareAuthenticator; token: string }> {
  const options = await call(accountPasskeys, '/api/compte/cles', { body: { etape: 'options', reauth: { password } }, token, ip: freshIp() });
  expect(options.status).toBe(200);
  const authenticator = new SoftwareAuthenticator(site.origin, site.rpID);
  const added = await call(accountPasskeys, '/api/compte/cles', { body: { response: authenticator.register(options.body.options), deviceName: 'Tablette' }, token });
  expect(added.status).toBe(200);
  return { authenticator, token: added.body.token as string };
}

describe('password, then a second factor', () => {
  it('a correct password of a staff account asks for the second factor, with no session yet', async () => {
    const { email } = await totpAccount();
    const answer = await passwordStep(email.toUpperCase(), freshIp());
    expect(answer.status).toBe(200);
    expect(answer.body.token).toBeUndefined();
    expect(answer.body.secondFactor).toMatchObject({ passkey: false, totp: true, pending: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) });
    // The pending token is not a session.
    expect((await call(list, '/api/contact', { token: answer.body.secondFactor.pending })).status).toBe(401);
  });

  it('the 6-digit code gives an 8-hour session that names the account and its role', async () => {
    const { account: person, email, secret } = await totpAccount();
    const token = await signInWithCode(email, secret);
    const me = await call(account, '/api/compte', { token });
    expect(me.status).toBe(200);
    expect(me.body.account).toMatchObject({ id: person.id, name: 'Marie Joseph', role: 'commercial', hasTotp: true, territories: ['martinique'] });
    expect(JSON.stringify(me.body)).not.toMatch(/sealedSecret|passwordHash|publicKey/);
    expect((await getAccount(person.id))?.lastSignInAt).toBeDefined();
  });

  it('a TOTP code is accepted once: the same code at the next sign-in is refused', async () => {
    const { email, secret } = await totpAccount();
    const code = codeAt(secret, Date.now());
    const ip = freshIp();
    const first = await passwordStep(email, ip);
    expect((await call(secondFactor, '/api/auth/second-factor', { body: { pending: first.body.secondFactor.pending, code }, ip })).status).toBe(200);
    const again = await passwordStep(email, ip);
    const replay = await call(secondFactor, '/api/auth/second-factor', { body: { pending: again.body.secondFactor.pending, code }, ip });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe(TOTP_CODE_REPLAYED);
    expect(replay.body.token).toBeUndefined();
  });

  it('the pending token is used once, and refused when forged', async () => {
    const { email, secret } = await totpAccount();
    const ip = freshIp();
    const { pending } = (await passwordStep(email, ip)).body.secondFactor;
    expect((await call(secondFactor, '/api/auth/second-factor', { body: { pending, code: codeAt(secret, Date.now()) }, ip })).status).toBe(200);
    const second = await call(secondFactor, '/api/auth/second-factor', { body: { pending, code: codeAt(secret, Date.now() + 30_000) }, ip });
    expect(second.status).toBe(401);
    expect(second.body.error).toBe(SECOND_FACTOR_EXPIRED);
    expect((await call(secondFactor, '/api/auth/second-factor', { body: { pending: 'a.b.c', code: '123456' }, ip })).body.error).toBe(SECOND_FACTOR_EXPIRED);
  });

  it('wrong codes are throttled like passwords: after the cap, 429 even with the right code', async () => {
    const { email, secret } = await totpAccount();
    const ip = freshIp();
    const { pending } = (await passwordStep(email, ip)).body.secondFactor;
    const wrong = codeAt(secret, Date.now() - 10 * 60_000);
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
      expect((await call(secondFactor, '/api/auth/second-factor', { body: { pending, code: wrong }, ip })).status).toBe(401);
    }
    const locked = await call(secondFactor, '/api/auth/second-factor', { body: { pending, code: codeAt(secret, Date.now()) }, ip });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Trop de tentatives de connexion/);
  });

  it('a passkey of the same account completes the password step', async () => {
    const { account: person, email, authenticator } = await passkeyAccount();
    const ip = freshIp();
    const first = await passwordStep(email, ip);
    expect(first.body.secondFactor).toMatchObject({ passkey: true, totp: false });
    const options = (await call(passkeyLogin, '/api/auth/passkey', { body: { etape: 'options' }, ip })).body.options;
    const done = await call(secondFactor, '/api/auth/second-factor', { body: { pending: first.body.secondFactor.pending, passkey: authenticator.authenticate(options) }, ip });
    expect(done.status).toBe(200);
    expect((await call(account, '/api/compte', { token: done.body.token })).body.account.id).toBe(person.id);
  });

  it('a wrong password is refused and journaled with the address; a disabled account is told so only after a correct password', async () => {
    const { account: person, email } = await totpAccount();
    const ip = freshIp();
    const wrong = await passwordStep(email, ip, 'pas-le-bon-mot-de-passe');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Identifiant ou mot de passe incorrect');
    const failures = await listJournal({ action: 'echec_connexion', person: person.id });
    expect(failures.entries[0]).toMatchObject({ actor: { id: person.id, name: 'Marie Joseph' }, address: ip, detail: 'Mot de passe incorrect' });
    await disableAccount(person.id, TEAM_OWNER);
    expect((await passwordStep(email, freshIp(), 'pas-le-bon-mot-de-passe')).status).toBe(401);
    const disabled = await passwordStep(email, freshIp());
    expect(disabled.status).toBe(403);
    expect(disabled.body.error).toBe('Ce compte est désactivé.');
  });
});

describe('a passkey alone', () => {
  it('options name no credential; the assertion gives a session and the journal records it', async () => {
    const { account: person, authenticator } = await passkeyAccount();
    const ip = freshIp();
    const options = (await call(passkeyLogin, '/api/auth/passkey', { body: { etape: 'options' }, ip })).body.options;
    expect(options.allowCredentials).toEqual([]);
    expect(options.rpId).toBe('localhost');
    const done = await call(passkeyLogin, '/api/auth/passkey', { body: { response: authenticator.authenticate(options) }, ip });
    expect(done.status).toBe(200);
    const me = await call(account, '/api/compte', { token: done.body.token });
    expect(me.body.account).toMatchObject({ id: person.id, role: 'technicien', passkeys: [expect.objectContaining({ name: 'Téléphone de Luc', lastUsedAt: expect.any(String) })] });
    const signIns = await listJournal({ action: 'connexion', person: person.id });
    expect(signIns.entries[0]).toMatchObject({ address: ip, detail: 'Connexion (clé d’accès)' });
  });

  it('an unknown key signs nobody in, and the failure is journaled with the address', async () => {
    const ip = freshIp();
    const options = (await call(passkeyLogin, '/api/auth/passkey', { body: { etape: 'options' }, ip })).body.options;
    const stranger = new SoftwareAuthenticator(site.origin, site.rpID);
    const refused = await call(passkeyLogin, '/api/auth/passkey', { body: { response: stranger.authenticate(options) }, ip });
    expect(refused.status).toBe(401);
    expect(refused.body.token).toBeUndefined();
    const failures = await listJournal({ action: 'echec_connexion' });
    expect(failures.entries.some((entry) => entry.address === ip)).toBe(true);
  });
});

describe('what strangers can make the site store', () => {
  it(`passkey options without a session: ${CAPS.passkeyOptions.cap} an hour per sender network (an IPv4 /24), then 429 in French`, async () => {
    for (let i = 0; i < CAPS.passkeyOptions.cap; i += 1) {
      expect((await call(passkeyLogin, '/api/auth/passkey', { body: { etape: 'options' }, ip: `198.51.100.${i + 1}` })).status).toBe(200);
    }
    const refused = await call(passkeyLogin, '/api/auth/passkey', { body: { etape: 'options' }, ip: '198.51.100.250' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(API_ERRORS.passkey_options_throttled.message);
    // When to come back: once the network's first challenge of the hour leaves the window.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(CAPS.passkeyOptions.windowMs / 1000 - 120);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(CAPS.passkeyOptions.windowMs / 1000);
    expect((await call(passkeyLogin, '/api/auth/passkey', { body: { etape: 'options' }, ip: '198.51.101.1' })).status).toBe(200);
  });

  it(`bogus passkey sign-ins from one sender network are all refused, and journaled ${CAPS.passkeyFailures.cap} times an hour at most`, async () => {
    const options = (await call(passkeyLogin, '/api/auth/passkey', { body: { etape: 'options' }, ip: '192.0.2.1' })).body.options;
    for (let i = 0; i < CAPS.passkeyFailures.cap + 5; i += 1) {
      const stranger = new SoftwareAuthenticator(site.origin, site.rpID);
      expect((await call(passkeyLogin, '/api/auth/passkey', { body: { response: stranger.authenticate(options) }, ip: `192.0.2.${i + 1}` })).status).toBe(401);
    }
    const failures = await listJournal({ action: 'echec_connexion' });
    expect(failures.entries.filter((entry) => entry.address?.startsWith('192.0.2.'))).toHaveLength(CAPS.passkeyFailures.cap);
  });
});

describe('sessions end on the next call', () => {
  it("a disabled account's token is refused at its next call, with a French sentence", async () => {
    const { account: person, email, secret } = await totpAccount();
    const token = await signInWithCode(email, secret);
    expect((await call(list, '/api/contact', { token })).status).toBe(200);
    await disableAccount(person.id, TEAM_OWNER);
    const refused = await call(list, '/api/contact', { token });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: API_ERRORS.session_ended.message, logout: true });
  });

  it('« Déconnecter toutes les sessions » refuses every older token of the account, not the others’', async () => {
    const { email, secret } = await totpAccount();
    const first = await signInWithCode(email, secret);
    const second = await signInWithCode(email, secret, freshIp(), true);
    const other = await totpAccount();
    const otherToken = await signInWithCode(other.email, other.secret);
    expect((await call(accountSessions, '/api/compte/sessions', { method: 'DELETE', token: first })).status).toBe(200);
    expect((await call(list, '/api/contact', { token: first })).status).toBe(401);
    expect((await call(list, '/api/contact', { token: second })).status).toBe(401);
    expect((await call(list, '/api/contact', { token: otherToken })).status).toBe(200);
  });

  it('a change of role ends the sessions opened with the old role; signing in again carries the new one', async () => {
    const { account: person, email, secret } = await totpAccount('commercial');
    const before = await signInWithCode(email, secret);
    expect((await call(list, '/api/contact', { token: before })).status).toBe(200);
    await changeRole(person.id, 'technicien', { id: 'proprietaire', name: 'Propriétaire' });
    const refused = await call(list, '/api/contact', { token: before });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: API_ERRORS.session_ended.message, logout: true });
    const after = await signInWithCode(email, secret, freshIp(), true);
    expect((await call(account, '/api/compte', { token: after })).body.account).toMatchObject({ role: 'technicien' });
  });

  it("the owner's « Déconnecter toutes les sessions » refuses its older tokens; signing in again works", async () => {
    const ownerToken = async () => (await call(login, '/api/auth/login', { body: TEST_ADMIN, ip: freshIp() })).body.token as string;
    const old = await ownerToken();
    expect((await call(account, '/api/compte', { token: old })).body.account).toMatchObject({ owner: true, role: 'administrateur' });
    expect((await call(accountSessions, '/api/compte/sessions', { method: 'DELETE', token: old })).status).toBe(200);
    expect((await call(list, '/api/contact', { token: old })).status).toBe(401);
    expect((await call(list, '/api/contact', { token: await ownerToken() })).status).toBe(200);
  });
});

describe('« Mon compte »', () => {
  it('adds a passkey under a device name once the password is given again, and never removes the last second factor', async () => {
    const { account: person, email, secret } = await totpAccount();
    let token = await signInWithCode(email, secret);
    const reauth = { password: STRONG_PASSWORD };
    const options = (await call(accountPasskeys, '/api/compte/cles', { body: { etape: 'options', reauth }, token, ip: freshIp() })).body.options;
    const authenticator = new SoftwareAuthenticator(site.origin, site.rpID);
    const added = await call(accountPasskeys, '/api/compte/cles', { body: { response: authenticator.register(options), deviceName: 'Portable du bureau' }, token });
    expect(added.status).toBe(200);
    expect(added.body.account.passkeys).toEqual([expect.objectContaining({ id: authenticator.id, name: 'Portable du bureau' })]);
    // A second factor added: this session goes on with its new token.
    token = added.body.token;
    // Passkey and TOTP: the passkey may go; then it is the only passkey of a TOTP account, fine.
    const removed = await call(accountPasskey, `/api/compte/cles/${authenticator.id}`, { method: 'DELETE', token, params: { cle: authenticator.id }, body: { reauth }, ip: freshIp() });
    expect(removed.status).toBe(200);
    expect(removed.body.account.passkeys).toEqual([]);
    const { authenticator: only, email: otherEmail } = await passkeyAccount();
    const options2 = (await call(passkeyLogin, '/api/auth/passkey', { body: { etape: 'options' } })).body.options;
    const otherToken = (await call(passkeyLogin, '/api/auth/passkey', { body: { response: only.authenticate(options2) } })).body.token;
    const last = await call(accountPasskey, `/api/compte/cles/${only.id}`, { method: 'DELETE', token: otherToken, params: { cle: only.id }, body: { reauth }, ip: freshIp() });
    expect(last.status).toBe(409);
    expect(last.body.error).toBe('Gardez au moins une clé d’accès ou une application d’authentification.');
    expect(otherEmail).toBeTruthy();
    expect((await getAccount(person.id))?.passkeys).toEqual([]);
  });

  it('a bare session token gets no passkey options nor removes a key: the password or an authenticator code is asked again (ASVS 5.0 ch. 6–7)', async () => {
    const { account: person, email, secret } = await totpAccount();
    const token = await signInWithCode(email, secret);
    const bare = await call(accountPasskeys, '/api/compte/cles', { body: { etape: 'options' }, token });
    expect(bare).toMatchObject({ status: 403, body: { error: API_ERRORS.reauthentication_required.message, reauthenticate: true } });
    const wrong = await call(accountPasskeys, '/api/compte/cles', { body: { etape: 'options', reauth: { password: 'pas-celui-la' } }, token, ip: freshIp() });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'Le mot de passe actuel est incorrect.' } });
    // A code of the authenticator app confirms too (once).
    const code = codeAt(secret, Date.now() + 30_000);
    const withCode = await call(accountPasskeys, '/api/compte/cles', { body: { etape: 'options', reauth: { code } }, token, ip: freshIp() });
    expect(withCode.status).toBe(200);
    expect(withCode.body.options.challenge).toEqual(expect.any(String));
    const replayed = await call(accountPasskeys, '/api/compte/cles', { body: { etape: 'options', reauth: { code } }, token, ip: freshIp() });
    expect(replayed.status).toBe(400);
    // Removing: the same.
    const { authenticator, token: keyToken } = await withPasskey(token);
    const removal = await call(accountPasskey, `/api/compte/cles/${authenticator.id}`, { method: 'DELETE', token: keyToken, params: { cle: authenticator.id } });
    expect(removal).toMatchObject({ status: 403, body: { reauthenticate: true } });
    expect((await getAccount(person.id))?.passkeys).toHaveLength(1);
  });

  it('changing the password or a second factor ends the other sessions; this one goes on with its new token', async () => {
    const { email, secret } = await totpAccount();
    const here = await signInAtStep(email, secret, -1);
    const elsewhere = await signInAtStep(email, secret, 0);
    const changed = await call(accountPassword, '/api/compte/mot-de-passe', { body: { current: STRONG_PASSWORD, password: 'mangrove-colibri-soufriere-42' }, token: here, ip: freshIp() });
    expect(changed.status).toBe(200);
    expect(changed.body.token).toEqual(expect.any(String));
    // The attack review: the other session's token stayed valid (200).
    expect((await call(list, '/api/contact', { token: elsewhere })).status).toBe(401);
    expect((await call(list, '/api/contact', { token: here })).status).toBe(401);
    const current = changed.body.token as string;
    expect((await call(list, '/api/contact', { token: current })).status).toBe(200);
    // A passkey added from this session ends the others again.
    const other = await signInAtStep(email, secret, 1, 'mangrove-colibri-soufriere-42');
    const { token: afterKey } = await withPasskey(current, 'mangrove-colibri-soufriere-42');
    expect((await call(list, '/api/contact', { token: other })).status).toBe(401);
    expect((await call(list, '/api/contact', { token: afterKey })).status).toBe(200);
  });

  it('changes the password after the current one, with the rule’s French reason for a weak one', async () => {
    const { email, secret } = await totpAccount();
    const token = await signInWithCode(email, secret);
    const wrongCurrent = await call(accountPassword, '/api/compte/mot-de-passe', { body: { current: 'pas-celui-la', password: 'mangrove-colibri-soufriere-42' }, token });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.error).toBe('Le mot de passe actuel est incorrect.');
    const weak = await call(accountPassword, '/api/compte/mot-de-passe', { body: { current: STRONG_PASSWORD, password: 'court' }, token });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe('Le mot de passe doit compter au moins 12 caractères.');
    const changed = await call(accountPassword, '/api/compte/mot-de-passe', { body: { current: STRONG_PASSWORD, password: 'mangrove-colibri-soufriere-42' }, token });
    expect(changed.status).toBe(200);
    expect((await passwordStep(email, freshIp(), 'mangrove-colibri-soufriere-42')).body.secondFactor).toBeDefined();
  });

  it("the owner's password and keys live in the site's configuration", async () => {
    const token = (await call(login, '/api/auth/login', { body: TEST_ADMIN, ip: freshIp() })).body.token;
    const refused = await call(accountPasskeys, '/api/compte/cles', { body: { etape: 'options', reauth: { password: TEST_ADMIN.password } }, token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Le compte propriétaire se règle dans la configuration du site, pas ici.');
  });
});
