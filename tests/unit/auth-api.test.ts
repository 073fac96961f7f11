import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ADMIN, TEST_SECRET, call, setTestEnv } from '../helpers/api';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs';
import {
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_USERNAME_FREE_FAILURES,
  LOGIN_USERNAME_MAX_DELAY_MS,
  TOKEN_CLOCK_TOLERANCE_S,
} from '../../src/lib/constants';
import { ADMIN_SESSION_MS, LOGIN_LOCK_MS } from '../../src/lib/lifetimes';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, issueToken, readAuthConfig } from '../../netlify/lib/auth/auth';
import { clientAddress } from '../../netlify/lib/http/http';
import { handleLogin } from '../../netlify/lib/auth/login';
import { hashPassword } from '../../netlify/lib/auth/password';
import login from '../../netlify/routes/staff-sign-in/auth-login.ts';
import logout from '../../netlify/routes/staff/auth-logout.ts';
import list from '../../netlify/routes/requests/contact-list.ts';

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(() => blobs.stop());
let adminCounter = 0;
/** A username of its own per test: the per-username delay of one test never slows another. */
beforeEach(() => {
  setTestEnv();
  process.env.ADMIN_USERNAME = `admin-${++adminCounter}`;
});
/** The credentials of this test's administrator. */
const admin = () => ({ username: process.env.ADMIN_USERNAME!, password: TEST_ADMIN.password });

const secret = new TextEncoder().encode(TEST_SECRET);
let ipCounter = 0;
/** A fresh client IP per test, so the brute-force counter of one test never affects another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

async function logIn(ip = freshIp()): Promise<string> {
  const response = await call(login, '/api/auth/login', { body: admin(), ip });
  expect(response.status).toBe(200);
  return response.body.token as string;
}

const listWith = (token: string) => call(list, '/api/contact', { token });

/** A login at a given time, from a given platform address, with extra request headers. */
async function loginAt(body: unknown, ip: string | undefined, now = Date.now(), headers: Record<string, string> = {}) {
  const request = new Request('http://localhost/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const response = await handleLogin(request, { ip } as never, () => now);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('POST /api/auth/login', () => {
  it('answers { success: true, token } for the right credentials', async () => {
    const response = await call(login, '/api/auth/login', { body: admin(), ip: freshIp() });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 { success: false } for a wrong password or an unknown user', async () => {
    const ip = freshIp();
    const wrongPassword = await call(login, '/api/auth/login', { body: { ...admin(), password: 'faux' }, ip });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toMatchObject({ success: false, error: 'Identifiant ou mot de passe incorrect' });
    expect(wrongPassword.body.token).toBeUndefined();
    const wrongUser = await call(login, '/api/auth/login', { body: { ...admin(), username: 'root' }, ip });
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
    expect((await call(login, '/api/auth/login', { body: { username: admin().username, password: 'un-autre-secret' }, ip })).status).toBe(200);
    expect((await call(login, '/api/auth/login', { body: { username: admin().username, password: admin().password }, ip })).status).toBe(401);
  });

  it('answers 503 and issues nothing when no credentials are configured', async () => {
    delete process.env.ADMIN_USERNAME;
    const response = await call(login, '/api/auth/login', { body: admin(), ip: freshIp() });
    expect(response.status).toBe(503);
    expect(response.body.error).toMatch(/n’est pas configurée/);
  });

  it('refuses to issue tokens with a secret shorter than 32 bytes', async () => {
    process.env.AUTH_SECRET = 'trop-court';
    expect(readAuthConfig()).toMatchObject({ ok: false, reason: expect.stringContaining('AUTH_SECRET') });
    expect((await call(login, '/api/auth/login', { body: admin(), ip: freshIp() })).status).toBe(503);
  });

  it(`holds a client off with 429 after ${LOGIN_MAX_FAILURES} failures, without locking out other clients`, async () => {
    const attacker = freshIp();
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
      const response = await call(login, '/api/auth/login', { body: { ...admin(), password: `essai-${attempt}` }, ip: attacker });
      expect(response.status).toBe(401);
    }
    const blocked = await call(login, '/api/auth/login', { body: admin(), ip: attacker });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/Trop de tentatives/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The administrator, from another address, still logs in.
    expect((await call(login, '/api/auth/login', { body: admin(), ip: freshIp() })).status).toBe(200);
  });

  it('lets the client try again once the hold-off has passed (clock moved, no waiting)', async () => {
    const ip = freshIp();
    const start = Date.now();
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
      expect((await loginAt({ ...admin(), password: 'faux' }, ip, start)).status).toBe(401);
    }
    const held = await loginAt(admin(), ip, start + 1000);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBe(Math.ceil((LOGIN_LOCK_MS - 1000) / 1000));
    expect((await loginAt(admin(), ip, start + LOGIN_LOCK_MS + 1)).status).toBe(200);
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

describe('login throttle that holds (the holes of the attack review)', () => {
  const wrong = (username = admin().username) => ({ username, password: 'mauvais-mot-de-passe' });

  it('the address is the platform’s: changing X-Forwarded-For and friends on each try changes nothing', async () => {
    const attacker = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const spoofed = `203.0.113.${100 + attempt}`;
      const response = await loginAt(wrong(), attacker, Date.now(), {
        'x-forwarded-for': spoofed,
        'x-nf-client-connection-ip': spoofed,
        'x-real-ip': spoofed,
        'client-ip': spoofed,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('without any forwarding header, clients are told apart by the platform’s address: a locked attacker does not lock the administrator', async () => {
    const attacker = freshIp();
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES + 2; attempt += 1) await loginAt(wrong(), attacker);
    expect((await loginAt(admin(), attacker)).status).toBe(429);
    expect((await loginAt(admin(), freshIp())).status).toBe(200);
  });

  it('no address from the platform: 503, and no password is checked (never one shared bucket)', async () => {
    const response = await loginAt(admin(), undefined, Date.now(), { 'x-forwarded-for': '198.51.100.250' });
    expect(response.status).toBe(503);
    expect(response.body.token).toBeUndefined();
  });

  it('an IPv6 client counts by its /64: rotating addresses inside it does not help', async () => {
    const prefix = `2001:db8:${(++ipCounter).toString(16)}:1`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) statuses.push((await loginAt(wrong(), `${prefix}::${(attempt + 1).toString(16)}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await loginAt(admin(), `2001:db8:${ipCounter.toString(16)}:2::1`)).status).toBe(200);
  });

  it('clientAddress: IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by /64, garbage refused', () => {
    expect(clientAddress({ ip: '192.0.2.7' })).toBe('192.0.2.7');
    expect(clientAddress({ ip: '::ffff:192.0.2.7' })).toBe('192.0.2.7');
    expect(clientAddress({ ip: '2001:db8:a:b:1:2:3:4' })).toBe('2001:db8:a:b::/64');
    expect(clientAddress({ ip: '2001:DB8::1' })).toBe('2001:db8:0:0::/64');
    expect(clientAddress({ ip: '::1' })).toBe('0:0:0:0::/64');
    expect(clientAddress({ ip: 'unknown' })).toBeUndefined();
    expect(clientAddress({ ip: '' })).toBeUndefined();
    expect(clientAddress({})).toBeUndefined();
  });

  it(`30 simultaneous wrong tries: at most ${LOGIN_MAX_FAILURES} passwords are checked (401), the rest wait (429)`, async () => {
    const attacker = freshIp();
    const responses = await Promise.all(Array.from({ length: 30 }, () => loginAt(wrong('intrus-parallele'), attacker)));
    const checked = responses.filter((r) => r.status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(30 - checked);
    for (const response of responses.filter((r) => r.status === 429)) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 30_000);

  it('20 wrong tries for another username from the administrator’s address: the administrator still gets in', async () => {
    const office = freshIp();
    const start = Date.now();
    for (let attempt = 0; attempt < 20; attempt += 1) await loginAt(wrong(`stagiaire`), office, start + attempt);
    expect((await loginAt(admin(), office, start + 20)).status).toBe(200);
  });

  it(`password guessing from many addresses: after ${LOGIN_USERNAME_FREE_FAILURES} failures of one account each check waits a doubling delay, up to 15 minutes, remembered a day; the account's known device is never held`, async () => {
    setTestEnv();
    process.env.ADMIN_USERNAME = 'admin-cible';
    const target = { username: 'admin-cible', password: admin().password };
    const office = freshIp();
    let now = Date.now();
    // The administrator signed in from the office browser earlier: it holds the known-device cookie.
    const earlier = await loginAt(target, office, now);
    expect(earlier.status).toBe(200);
    const deviceCookie = earlier.headers.get('set-cookie')!;
    expect(deviceCookie).toMatch(/^vc_appareil_[0-9a-f]{16}=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=2592000; Path=\/api\/auth; HttpOnly; Secure; SameSite=Strict$/);
    const cookie = { cookie: deviceCookie.split(';')[0]! };
    // The attack review: five failures from one address, then one from each of six more addresses, each
    // answered 401, and the right password from a seventh signed in. Past the account's free failures
    // (more than one address's own cap), each check now waits: from the sixth address on, tries wait.
    const attacker = freshIp();
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) expect((await loginAt({ ...target, password: 'faux' }, attacker, now + attempt)).status).toBe(401);
    now += LOGIN_MAX_FAILURES;
    for (let attempt = LOGIN_MAX_FAILURES; attempt < LOGIN_USERNAME_FREE_FAILURES; attempt += 1) expect((await loginAt({ ...target, password: 'faux' }, freshIp(), (now += 1))).status).toBe(401);
    const held = await loginAt(target, freshIp(), now + 10);
    expect(held.status).toBe(429);
    expect(held.body.error).toMatch(/^Trop de tentatives de connexion\. Réessayez dans \d+ secondes?\.$/);
    // A patient crowd: each delay waited out, the next one doubles, up to 15 minutes.
    let delay = 1000;
    for (let attempt = 0; attempt < 12; attempt += 1) {
      now += delay + 1;
      expect((await loginAt({ ...target, password: 'faux' }, freshIp(), now)).status).toBe(401);
      delay = Math.min(delay * 2, LOGIN_USERNAME_MAX_DELAY_MS);
    }
    expect(delay).toBe(LOGIN_USERNAME_MAX_DELAY_MS);
    expect(LOGIN_USERNAME_MAX_DELAY_MS).toBe(15 * 60_000);
    // The right password from a new device waits too (the same answer as a wrong one: nothing learnt)…
    const newDevice = await loginAt(target, freshIp(), now + 1000);
    expect(newDevice.status).toBe(429);
    expect(Number(newDevice.headers.get('retry-after'))).toBeGreaterThan(60);
    // …the office browser signs in at once; a wrong password from it is still refused and counted.
    expect((await loginAt(target, office, now + 1000, cookie)).status).toBe(200);
    expect((await loginAt({ ...target, password: 'faux' }, office, now + 2000, cookie)).status).toBe(401);
    // Another account's cookie, or a forged one, is no known device.
    expect((await loginAt(target, freshIp(), now + 3000, { cookie: `${cookie.cookie.split('=')[0]}=faux.jeton.signe` })).status).toBe(429);
    // Waiting the delay out never resets the count: the next check waits 15 minutes again.
    now += LOGIN_USERNAME_MAX_DELAY_MS + 5000;
    expect((await loginAt({ ...target, password: 'faux' }, freshIp(), now)).status).toBe(401);
    expect((await loginAt(target, freshIp(), now + 60_000)).status).toBe(429);
  });

  it('during the username’s delay, simultaneous tries from many addresses get one check at most', async () => {
    setTestEnv();
    process.env.ADMIN_USERNAME = 'admin-foule';
    let now = Date.now();
    for (let attempt = 0; attempt < LOGIN_USERNAME_FREE_FAILURES; attempt += 1) {
      now += LOGIN_USERNAME_MAX_DELAY_MS + 1000;
      await loginAt({ username: 'admin-foule', password: 'faux' }, freshIp(), now);
    }
    now += LOGIN_USERNAME_MAX_DELAY_MS + 1000;
    const crowd = await Promise.all(Array.from({ length: 10 }, () => loginAt({ username: 'admin-foule', password: 'faux' }, freshIp(), now)));
    expect(crowd.filter((r) => r.status === 401)).toHaveLength(1);
  });

  it(`one address gets ${LOGIN_MAX_FAILURES_PER_ADDRESS} checks across usernames, then waits`, async () => {
    const sprayer = freshIp();
    const start = Date.now();
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES_PER_ADDRESS; attempt += 1) {
      expect((await loginAt(wrong(`compte-${attempt}`), sprayer, start)).status).toBe(401);
    }
    expect((await loginAt(wrong('compte-suivant'), sprayer, start)).status).toBe(429);
  }, 30_000);
});

describe('production password', () => {
  it('ADMIN_PASSWORD in clear is refused in Netlify’s production context, with a log line; the hash works there', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.join(' '));
    try {
      const production = { ip: freshIp(), deploy: { context: 'production' } };
      const request = () => new Request('http://localhost/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin()) });
      const refused = await handleLogin(request(), production as never);
      expect(refused.status).toBe(503);
      expect(errors.join('\n')).toMatch(/ADMIN_PASSWORD \(in clear\) is ignored in the production context/);
      // Elsewhere (deploy previews, local) the clear password still works.
      expect((await handleLogin(request(), { ip: freshIp(), deploy: { context: 'deploy-preview' } } as never)).status).toBe(200);

      process.env.ADMIN_PASSWORD_HASH = await hashPassword(admin().password);
      delete process.env.ADMIN_PASSWORD;
      expect((await handleLogin(request(), production as never)).status).toBe(200);
      process.env.CONTEXT = 'production';
      process.env.ADMIN_PASSWORD = admin().password;
      delete process.env.ADMIN_PASSWORD_HASH;
      expect((await handleLogin(request(), { ip: freshIp() } as never)).status).toBe(503);
    } finally {
      console.error = original;
      delete process.env.CONTEXT;
    }
  });
});

describe('token age', () => {
  const signed = (claims: { iat?: number; exp: number }) => {
    const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(admin().username).setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setJti(crypto.randomUUID()).setExpirationTime(claims.exp);
    if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
    return jwt.sign(secret);
  };
  const nowS = () => Math.floor(Date.now() / 1000);

  it('a token signed with the secret but with a 100-year exp is refused once 8 hours old', async () => {
    const iat = nowS() - ADMIN_SESSION_MS / 1000 - 60;
    expect((await listWith(await signed({ iat, exp: iat + 100 * 365 * 24 * 3600 }))).status).toBe(401);
  });

  it('a fresh token with a 100-year exp still works until its 8 hours are up (the age rules, not exp)', async () => {
    expect((await listWith(await signed({ iat: nowS(), exp: nowS() + 100 * 365 * 24 * 3600 }))).status).toBe(200);
  });

  it('a token without iat is refused', async () => {
    expect((await listWith(await signed({ exp: nowS() + 3600 }))).status).toBe(401);
  });

  it(`a token issued in the future is refused (beyond ${TOKEN_CLOCK_TOLERANCE_S} s of clock difference)`, async () => {
    expect((await listWith(await signed({ iat: nowS() + 3600, exp: nowS() + 7200 }))).status).toBe(401);
    expect((await listWith(await signed({ iat: nowS() + TOKEN_CLOCK_TOLERANCE_S + 5, exp: nowS() + 7200 }))).status).toBe(401);
    expect((await listWith(await signed({ iat: nowS() + 2, exp: nowS() + 7200 }))).status).toBe(200);
  });
});
