import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ADMIN, TEST_SECRET, call, setTestEnv } from '../helpers/api';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs';
import { ADMIN_SESSION_MS, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../../src/lib/constants';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, issueToken, readAuthConfig, recordLoginFailure, loginRetryAfter } from '../../netlify/lib/auth';
import { hashPassword } from '../../netlify/lib/password';
import login from '../../netlify/functions/auth-login.mts';
import logout from '../../netlify/functions/auth-logout.mts';
import list from '../../netlify/functions/contact-list.mts';

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(() => blobs.stop());
beforeEach(() => setTestEnv());

const secret = new TextEncoder().encode(TEST_SECRET);
let ipCounter = 0;
/** A fresh client IP per test, so the brute-force counter of one test never affects another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

async function logIn(ip = freshIp()): Promise<string> {
  const response = await call(login, '/api/auth/login', { body: TEST_ADMIN, ip });
  expect(response.status).toBe(200);
  return response.body.token as string;
}

const listWith = (token: string) => call(list, '/api/contact', { token });

describe('POST /api/auth/login', () => {
  it('answers { success: true, token } for the right credentials', async () => {
    const response = await call(login, '/api/auth/login', { body: TEST_ADMIN, ip: freshIp() });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 { success: false } for a wrong password or an unknown user', async () => {
    const ip = freshIp();
    const wrongPassword = await call(login, '/api/auth/login', { body: { ...TEST_ADMIN, password: 'faux' }, ip });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toMatchObject({ success: false, error: 'Identifiant ou mot de passe incorrect' });
    expect(wrongPassword.body.token).toBeUndefined();
    const wrongUser = await call(login, '/api/auth/login', { body: { ...TEST_ADMIN, username: 'root' }, ip });
    expect(wrongUser.status).toBe(401);
  });

  it('requires both username and password, with a French message per field', async () => {
    const response = await call(login, '/api/auth/login', { body: { username: '', password: 42 }, ip: freshIp() });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ username: 'Veuillez saisir votre identifiant.', password: 'Veuillez saisir votre mot de passe.' });
  });

  it('accepts a scrypt hash from ADMIN_PASSWORD_HASH instead of a plain password', async () => {
    delete process.env.ADMIN_PASSWORD;
    process.env.ADMIN_PASSWORD_HASH = await hashPassword('un-autre-secret');
    const ip = freshIp();
    expect((await call(login, '/api/auth/login', { body: { username: 'admin', password: 'un-autre-secret' }, ip })).status).toBe(200);
    expect((await call(login, '/api/auth/login', { body: { username: 'admin', password: TEST_ADMIN.password }, ip })).status).toBe(401);
  });

  it('answers 503 and issues nothing when no credentials are configured', async () => {
    delete process.env.ADMIN_USERNAME;
    const response = await call(login, '/api/auth/login', { body: TEST_ADMIN, ip: freshIp() });
    expect(response.status).toBe(503);
    expect(response.body.error).toMatch(/n’est pas configurée/);
  });

  it('refuses to issue tokens with a secret shorter than 32 bytes', async () => {
    process.env.AUTH_SECRET = 'trop-court';
    expect(readAuthConfig()).toMatchObject({ ok: false, reason: expect.stringContaining('AUTH_SECRET') });
    expect((await call(login, '/api/auth/login', { body: TEST_ADMIN, ip: freshIp() })).status).toBe(503);
  });

  it(`holds a client off with 429 after ${LOGIN_MAX_FAILURES} failures, without locking out other clients`, async () => {
    const attacker = freshIp();
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
      const response = await call(login, '/api/auth/login', { body: { ...TEST_ADMIN, password: `essai-${attempt}` }, ip: attacker });
      expect(response.status).toBe(401);
    }
    const blocked = await call(login, '/api/auth/login', { body: TEST_ADMIN, ip: attacker });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/Trop de tentatives/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The administrator, from another address, still logs in.
    expect((await call(login, '/api/auth/login', { body: TEST_ADMIN, ip: freshIp() })).status).toBe(200);
  });

  it('lets the client try again once the hold-off has passed', async () => {
    const ip = freshIp();
    const start = Date.now();
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) await recordLoginFailure(ip, start);
    expect(await loginRetryAfter(ip, start + 1000)).toBeGreaterThan(0);
    expect(await loginRetryAfter(ip, start + LOGIN_LOCK_MS + 1)).toBe(0);
  });

  it('rejects a body that is not JSON with 415 and bad JSON with 400', async () => {
    const notJson = await call(login, '/api/auth/login', { raw: 'username=admin', contentType: 'application/x-www-form-urlencoded', ip: freshIp() });
    expect(notJson.status).toBe(415);
    const badJson = await call(login, '/api/auth/login', { raw: '{"username":', ip: freshIp() });
    expect(badJson.status).toBe(400);
    expect(badJson.body.error).toMatch(/JSON/);
  });
});

describe('bearer tokens', () => {
  it('a fresh token opens the list', async () => {
    const response = await listWith(await logIn());
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
  });

  it('a missing token gets 401', async () => {
    const response = await call(list, '/api/contact');
    expect(response.status).toBe(401);
    expect(response.body.error).toMatch(/Session expirée/);
  });

  it('an expired token gets 401', async () => {
    const config = readAuthConfig();
    if (!config.ok) throw new Error(config.reason);
    const token = await issueToken(config.config, Date.now() - ADMIN_SESSION_MS - 60_000);
    expect((await listWith(token)).status).toBe(401);
  });

  it('a token whose payload was altered gets 401', async () => {
    const [header, , signature] = (await logIn()).split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'admin', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: 9999999999, jti: 'x' })).toString('base64url');
    expect((await listWith(`${header}.${payload}.${signature}`)).status).toBe(401);
  });

  it('a token signed with another secret gets 401', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .setJti('forged')
      .sign(new TextEncoder().encode('another-secret-that-is-also-long-enough'));
    expect((await listWith(token)).status).toBe(401);
  });

  it('an unsigned token (alg: none) gets 401', async () => {
    const token = new UnsecuredJWT({}).setSubject('admin').setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setExpirationTime('1h').setJti('none').encode();
    expect(token.split('.')[2]).toBe('');
    expect((await listWith(token)).status).toBe(401);
  });

  it('a token for another audience or without expiry gets 401', async () => {
    const base = () => new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('admin').setIssuer(TOKEN_ISSUER).setJti('x');
    const otherAudience = await base().setAudience('another-app').setExpirationTime('1h').sign(secret);
    const noExpiry = await base().setAudience(TOKEN_AUDIENCE).sign(secret);
    expect((await listWith(otherAudience)).status).toBe(401);
    expect((await listWith(noExpiry)).status).toBe(401);
  });

  it('logout revokes the token: it is refused afterwards, other sessions keep working', async () => {
    const token = await logIn();
    const other = await logIn();
    const response = await call(logout, '/api/auth/logout', { method: 'POST', token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await listWith(token)).status).toBe(401);
    expect((await call(logout, '/api/auth/logout', { method: 'POST', token })).status).toBe(401);
    expect((await listWith(other)).status).toBe(200);
  });
});
