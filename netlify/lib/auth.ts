/**
 * Administrator authentication: credentials from the environment, HS256 tokens (jose) with issuer,
 * audience, expiry and a revocable id, and a per-IP throttle on failed logins kept in Blobs.
 */
import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { ADMIN_SESSION_MS, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../../src/lib/constants.ts';
import { bearerToken, jsonError } from './http.ts';
import { safeEqual, verifyPassword } from './password.ts';
import { storeNames, strongStore } from './storage.ts';

export const TOKEN_ISSUER = 'vision-caraibes-api';
export const TOKEN_AUDIENCE = 'vision-caraibes-admin';
/** Smallest signing secret accepted, in bytes (HS256 wants at least the hash size). */
export const MIN_SECRET_BYTES = 32;

/** The administrator's credentials and the signing secret, as read from the environment. */
export interface AuthConfig {
  username: string;
  /** Exactly one of these is set: a scrypt hash (production) or a plain password (local use, tests). */
  passwordHash?: string;
  password?: string;
  secret: Uint8Array;
}

export type AuthConfigResult = { ok: true; config: AuthConfig } | { ok: false; reason: string };

type Env = Record<string, string | undefined>;

/** Reads the credentials and secret; says in English (for the log) what is missing. */
export function readAuthConfig(env: Env = process.env): AuthConfigResult {
  const username = env.ADMIN_USERNAME?.trim();
  const passwordHash = env.ADMIN_PASSWORD_HASH?.trim() || undefined;
  const password = env.ADMIN_PASSWORD || undefined;
  const secret = env.AUTH_SECRET ?? '';
  if (!username) return { ok: false, reason: 'ADMIN_USERNAME is not set' };
  if (!passwordHash && !password) return { ok: false, reason: 'neither ADMIN_PASSWORD_HASH nor ADMIN_PASSWORD is set' };
  const secretBytes = new TextEncoder().encode(secret);
  if (secretBytes.length < MIN_SECRET_BYTES) {
    return { ok: false, reason: `AUTH_SECRET is missing or shorter than ${MIN_SECRET_BYTES} bytes; no token is issued` };
  }
  return { ok: true, config: { username, passwordHash, password, secret: secretBytes } };
}

/** Whether a username and password are the administrator's, compared in constant time. */
export async function checkCredentials(config: AuthConfig, username: string, password: string): Promise<boolean> {
  const userMatches = safeEqual(username, config.username);
  // The password is always checked, so a wrong username takes as long as a wrong password.
  const passwordMatches = config.passwordHash
    ? await verifyPassword(password, config.passwordHash)
    : safeEqual(password, config.password ?? '');
  return userMatches && passwordMatches;
}

/** Signs a session token for the administrator: HS256, issuer, audience, 8-hour expiry, unique jti. */
export async function issueToken(config: AuthConfig, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(config.username)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + Math.floor(ADMIN_SESSION_MS / 1000))
    .setJti(randomUUID())
    .sign(config.secret);
}

/** The claims of a valid, unrevoked token, or undefined (bad signature, other alg, expired, revoked…). */
export async function verifyToken(config: AuthConfig, token: string): Promise<(JWTPayload & { jti: string; exp: number }) | undefined> {
  try {
    const { payload } = await jwtVerify(token, config.secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'jti', 'sub'],
    });
    if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return undefined;
    if (payload.sub !== config.username) return undefined;
    if (await isRevoked(payload.jti)) return undefined;
    return payload as JWTPayload & { jti: string; exp: number };
  } catch {
    return undefined;
  }
}

const revokedKey = (jti: string): string => createHash('sha256').update(jti).digest('hex');

async function isRevoked(jti: string): Promise<boolean> {
  const entry = await strongStore(storeNames.revokedTokens).get(revokedKey(jti), { type: 'text' });
  return entry !== null;
}

/** Revokes a token's id until it would have expired. */
export async function revokeToken(jti: string, exp: number): Promise<void> {
  await strongStore(storeNames.revokedTokens).setJSON(revokedKey(jti), { exp });
}

/** The outcome of checking a request's bearer token. */
export type AuthCheck = { ok: true; claims: JWTPayload & { jti: string; exp: number } } | { ok: false; response: Response };

/** Checks the bearer token of an admin call: 401 when missing or invalid, 503 when auth is not configured. */
export async function authenticate(request: Request, where: string): Promise<AuthCheck> {
  const configResult = readAuthConfig();
  if (!configResult.ok) {
    console.error(`${where}: authentication is not configured: ${configResult.reason}`);
    return { ok: false, response: jsonError(503, 'L’authentification n’est pas configurée sur ce serveur.') };
  }
  const token = bearerToken(request);
  const claims = token ? await verifyToken(configResult.config, token) : undefined;
  if (!claims) {
    return { ok: false, response: jsonError(401, 'Session expirée ou invalide. Veuillez vous reconnecter.', { logout: true }) };
  }
  return { ok: true, claims };
}

/* ---- Throttling of failed logins, per client IP ---- */

interface ThrottleEntry {
  failures: number;
  /** Start of the counting window (ms). */
  since: number;
  /** Until when login answers 429 (ms), once the limit is reached. */
  lockedUntil?: number;
}

const throttleKey = (ip: string): string => createHash('sha256').update(ip).digest('hex');

/** Milliseconds the client must still wait, or 0 when it may try to log in. */
export async function loginRetryAfter(ip: string, now = Date.now()): Promise<number> {
  const entry = (await strongStore(storeNames.loginThrottle).get(throttleKey(ip), { type: 'json' })) as ThrottleEntry | null;
  if (!entry?.lockedUntil) return 0;
  return Math.max(0, entry.lockedUntil - now);
}

/** Counts a failed login; the limit-th failure in the window holds the client off for LOGIN_LOCK_MS. */
export async function recordLoginFailure(ip: string, now = Date.now()): Promise<void> {
  const store = strongStore(storeNames.loginThrottle);
  const key = throttleKey(ip);
  const current = (await store.get(key, { type: 'json' })) as ThrottleEntry | null;
  const fresh = !current || now - current.since > LOGIN_LOCK_MS || (current.lockedUntil !== undefined && current.lockedUntil <= now);
  const entry: ThrottleEntry = fresh ? { failures: 1, since: now } : { ...current, failures: current.failures + 1 };
  if (entry.failures >= LOGIN_MAX_FAILURES) entry.lockedUntil = now + LOGIN_LOCK_MS;
  await store.setJSON(key, entry);
}

/** Forgets a client's failures after a successful login. */
export async function clearLoginFailures(ip: string): Promise<void> {
  await strongStore(storeNames.loginThrottle).delete(throttleKey(ip));
}
