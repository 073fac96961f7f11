/**
 * Staff authentication: the owner's credentials from the environment, HS256 tokens (jose) with issuer,
 * audience, expiry, a maximum age and a revocable id, and a throttle on failed logins kept in Blobs.
 *
 * A session token names its account (`sub`: a staff account's id, or OWNER_ID for the environment's
 * owner) and the account's session version (`sv`). A call is accepted only while the account may sign in
 * (the owner always; a stored account while « actif ») and its session version is still the token's:
 * disabling an account, resetting its second factor or « Déconnecter toutes les sessions » bump the
 * version, so its tokens are refused on the very next call. Tokens made before named accounts existed
 * carry the owner's username and no version: they stand for the owner at version 0.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { SignJWT } from 'jose/jwt/sign';
import { jwtVerify } from 'jose/jwt/verify';
import {
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_USERNAME_FREE_FAILURES,
  LOGIN_USERNAME_MAX_DELAY_MS,
  TOKEN_CLOCK_TOLERANCE_S,
} from '../../../src/lib/constants.ts';
import { ADMIN_SESSION_MS, LOGIN_LOCK_MS, LOGIN_USERNAME_MEMORY_MS } from '../../../src/lib/lifetimes.ts';
import { apiError, bearerToken } from '../http/http.ts';
import { safeEqual, verifyPassword } from './password.ts';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';
import { OWNER_ID } from './permissions.ts';

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

/**
 * Whether the function runs in Netlify's production context: the platform says so in the function's
 * context (`context.deploy.context`) and in the CONTEXT variable; either is enough.
 */
export function isProductionContext(context?: { deploy?: { context?: string } }, env: Env = process.env): boolean {
  return context?.deploy?.context === 'production' || env.CONTEXT === 'production';
}

/**
 * Reads the credentials and secret; says in English (for the log) what is missing. In production only
 * ADMIN_PASSWORD_HASH counts: a password in clear is refused there.
 */
export function readAuthConfig(env: Env = process.env, production = isProductionContext(undefined, env)): AuthConfigResult {
  const username = env.ADMIN_USERNAME?.trim();
  const passwordHash = env.ADMIN_PASSWORD_HASH?.trim() || undefined;
  const plainPassword = env.ADMIN_PASSWORD || undefined;
  if (production && plainPassword) {
    console.error('auth: ADMIN_PASSWORD (in clear) is ignored in the production context; set ADMIN_PASSWORD_HASH (npm run hash-password) and remove ADMIN_PASSWORD');
  }
  const password = production ? undefined : plainPassword;
  if (production && !passwordHash) {
    return { ok: false, reason: 'in the production context only ADMIN_PASSWORD_HASH is accepted, and it is not set' };
  }
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

/** Whose session a token is: an account id (or OWNER_ID) and the account's session version when signed in. */
export interface SessionSubject {
  id: string;
  sessionVersion: number;
  /** The role, read by the static admin pages to show or hide the administrators' links (never trusted by the API). */
  role?: string;
}

/** Signs a session token: HS256, issuer, audience, 8-hour expiry, unique jti, the account and its session version. */
export async function issueToken(config: AuthConfig, now = Date.now(), { id, sessionVersion, role }: SessionSubject = { id: OWNER_ID, sessionVersion: 0 }): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT(role ? { sv: sessionVersion, role } : { sv: sessionVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + Math.floor(ADMIN_SESSION_MS / 1000))
    .setJti(randomUUID())
    .sign(config.secret);
}

/**
 * The claims of a valid, unrevoked token, or undefined (bad signature, other alg, expired, revoked…). A
 * token is refused ADMIN_SESSION_MS after its `iat` whatever its `exp` says, and so is one without `iat`
 * or issued in the future (beyond TOKEN_CLOCK_TOLERANCE_S).
 */
export async function verifyToken(config: AuthConfig, token: string, now = Date.now()): Promise<(JWTPayload & { jti: string; exp: number }) | undefined> {
  try {
    const { payload } = await jwtVerify(token, config.secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
      maxTokenAge: Math.floor(ADMIN_SESSION_MS / 1000),
      clockTolerance: TOKEN_CLOCK_TOLERANCE_S,
      currentDate: new Date(now),
    });
    if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return undefined;
    if (payload.sv !== undefined && !Number.isInteger(payload.sv)) return undefined;
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
export type AuthCheck = { ok: true; claims: JWTPayload & { jti: string; exp: number }; config: AuthConfig } | { ok: false; response: Response };

/**
 * Checks the bearer token of a staff call: 401 when missing or invalid, 503 when auth is not configured.
 * Whether its account may still be signed in is netlify/lib/api/staff-session.ts's check, which every
 * endpoint makes.
 */
export async function authenticate(request: Request, where: string): Promise<AuthCheck> {
  const configResult = readAuthConfig();
  if (!configResult.ok) {
    console.error(`${where}: authentication is not configured: ${configResult.reason}`);
    return { ok: false, response: apiError('auth_not_configured') };
  }
  const token = bearerToken(request);
  const claims = token ? await verifyToken(configResult.config, token) : undefined;
  if (!claims) {
    return { ok: false, response: apiError('unauthenticated', { logout: true }) };
  }
  return { ok: true, claims, config: configResult.config };
}

/* ---- Throttling of failed logins ---- */

/**
 * Three counters, each a blob written conditionally (storage.updateJSON), so simultaneous tries cannot
 * slip past them. Each try reserves its place *before* the password is checked:
 * - per address and username: LOGIN_MAX_FAILURES checks, then 429 for LOGIN_LOCK_MS;
 * - per address, across usernames: LOGIN_MAX_FAILURES_PER_ADDRESS checks, then 429 likewise;
 * - per username (the account), across addresses: after LOGIN_USERNAME_FREE_FAILURES failures, each next
 *   check waits a delay that doubles from 1 s up to LOGIN_USERNAME_MAX_DELAY_MS (15 minutes), the failures
 *   remembered LOGIN_USERNAME_MEMORY_MS (a day) after the last one: a crowd of addresses gets about a
 *   hundred guesses a day at one account. A known device of the account (known-device.ts: a browser that
 *   signed in to it) skips that delay, so the strangers' failures never keep the person out of their own
 *   account; it keeps the per-address caps, and a staff account's second factor is still asked.
 */

interface WindowCounter {
  /** Checks reserved in the window. */
  count: number;
  /** Start of the counting window (ms). */
  since: number;
  /** Until when tries answer 429 (ms), once the cap is reached. */
  lockedUntil?: number;
}

interface UsernameCounter {
  failures: number;
  /** Last failure (ms); the failures are forgotten LOGIN_USERNAME_MEMORY_MS after it. */
  lastFailure: number;
  /** No check of this username before this time (ms), except from a known device. */
  notBefore?: number;
  /** When the daily job may delete the counter (lastFailure + LOGIN_USERNAME_MEMORY_MS), ISO. */
  expiresAt?: string;
}

const hashed = (...parts: string[]): string => createHash('sha256').update(parts.join('\u0000')).digest('hex');
const pairKey = (address: string, username: string) => `paire-${hashed(address, username)}`;
const addressKey = (address: string) => `adresse-${hashed(address)}`;
const usernameKey = (username: string) => `identifiant-${hashed(username)}`;
const throttle = storeNames.loginThrottle;

/** The delay before the next check of a username that has failed `failures` times. */
export function usernameDelay(failures: number): number {
  if (failures < LOGIN_USERNAME_FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - LOGIN_USERNAME_FREE_FAILURES), LOGIN_USERNAME_MAX_DELAY_MS);
}

/** Takes one check in a window counter, or says how long to wait (ms). */
function reserveIn(cap: number, now: number) {
  return (current: WindowCounter | undefined) => {
    if (current?.lockedUntil !== undefined && current.lockedUntil > now) return { result: current.lockedUntil - now };
    const fresh = !current || current.lockedUntil !== undefined || now - current.since >= LOGIN_LOCK_MS;
    const count = (fresh ? 0 : current.count) + 1;
    const value: WindowCounter = { count, since: fresh ? now : current.since };
    // The cap-th check is still made; the tries after it wait.
    if (count >= cap) value.lockedUntil = now + LOGIN_LOCK_MS;
    return { value, result: 0 };
  };
}

/** Gives back a check taken in a window counter (the try was not checked after all, or succeeded). */
const release = (current: WindowCounter | undefined) => {
  if (!current || current.count === 0) return { result: undefined };
  const count = current.count - 1;
  return { value: { count, since: current.since }, result: undefined };
};

const remembered = (entry: UsernameCounter | undefined, now: number): entry is UsernameCounter => !!entry && now - entry.lastFailure < LOGIN_USERNAME_MEMORY_MS;

const usernameWait = (entry: UsernameCounter | undefined, now: number): number => {
  if (!remembered(entry, now)) return 0;
  return Math.max(0, (entry.notBefore ?? 0) - now);
};

/** Either the try may check the password now, or it must wait `retryAfterMs`. */
export type LoginReservation = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Reserves a password check for this address and username, before the check; or says how long to wait.
 * `knownDevice` (auth/known-device.ts): the try comes from a browser that signed in to this account, and
 * skips the per-account delay (never the per-address caps).
 */
export async function reserveLoginCheck(address: string, username: string, now = Date.now(), { knownDevice = false }: { knownDevice?: boolean } = {}): Promise<LoginReservation> {
  const store = strongStore(throttle);
  const userWait = knownDevice ? 0 : usernameWait((await store.get(usernameKey(username), { type: 'json' })) as UsernameCounter | undefined, now);
  if (userWait > 0) return { ok: false, retryAfterMs: userWait };

  const pairWait = await updateJSON(throttle, pairKey(address, username), reserveIn(LOGIN_MAX_FAILURES, now));
  if (pairWait > 0) return { ok: false, retryAfterMs: pairWait };
  const addressWait = await updateJSON(throttle, addressKey(address), reserveIn(LOGIN_MAX_FAILURES_PER_ADDRESS, now));
  if (addressWait > 0) {
    await updateJSON(throttle, pairKey(address, username), release);
    return { ok: false, retryAfterMs: addressWait };
  }
  // Past its free failures, a username is checked once per delay: the first try to claim the slot gets it
  // (a known device does not take the slot, nor wait for it).
  if (knownDevice) return { ok: true };
  const claimWait = await updateJSON<UsernameCounter, number>(throttle, usernameKey(username), (current) => {
    const wait = usernameWait(current, now);
    if (wait > 0) return { result: wait };
    const delay = remembered(current, now) ? usernameDelay(current.failures) : 0;
    if (delay === 0) return { result: 0 };
    return { value: { ...current!, notBefore: now + delay }, result: 0 };
  });
  if (claimWait > 0) {
    await updateJSON(throttle, pairKey(address, username), release);
    await updateJSON(throttle, addressKey(address), release);
    return { ok: false, retryAfterMs: claimWait };
  }
  return { ok: true };
}

/** Records a failed check: the username's failures grow, and so does the wait before its next check. */
export async function recordLoginFailure(username: string, now = Date.now()): Promise<void> {
  await updateJSON<UsernameCounter, void>(throttle, usernameKey(username), (current) => {
    const failures = (remembered(current, now) ? current.failures : 0) + 1;
    const delay = usernameDelay(failures);
    const expiresAt = new Date(now + LOGIN_USERNAME_MEMORY_MS).toISOString();
    return { value: { failures, lastFailure: now, expiresAt, ...(delay > 0 ? { notBefore: now + delay } : {}) }, result: undefined };
  });
}

/** After a successful login: this address and username start afresh, and its check is given back. */
export async function recordLoginSuccess(address: string, username: string): Promise<void> {
  await strongStore(throttle).delete(pairKey(address, username));
  await updateJSON(throttle, addressKey(address), release);
}
