/**
 * The admin session in the browser: the token and the login time under admin_token and
 * admin_login_time; valid only when both exist and less than 8 hours have passed.
 */
import { STORAGE_KEYS } from '../../lib/constants';
import { lifetimeMs } from '../../lib/lifetimes';
import { tokenRole } from '../../lib/token-role';

/** Whether a stored token and login time make a valid session at `now`. */
export function isSessionValid(token: string | null, loginTime: string | null, now: number): boolean {
  if (!token || !loginTime) return false;
  const since = Number(loginTime);
  if (!Number.isFinite(since) || since > now) return false;
  return now - since < lifetimeMs('staffSession');
}

/** The token of the stored session when it is valid, else undefined (and the session is cleared). */
export function readSession(storage: Storage, now = Date.now()): string | undefined {
  const token = storage.getItem(STORAGE_KEYS.adminToken);
  if (isSessionValid(token, storage.getItem(STORAGE_KEYS.adminLoginTime), now)) return token ?? undefined;
  clearSession(storage);
  return undefined;
}

/** The event the sign-in form sends once a session is stored: the admin bar shows the links of its role at once. */
export const ADMIN_SESSION_EVENT = 'admin-session';

/** Stores a new session. */
export function saveSession(storage: Storage, token: string, now = Date.now()): void {
  storage.setItem(STORAGE_KEYS.adminToken, token);
  storage.setItem(STORAGE_KEYS.adminLoginTime, String(now));
}

/**
 * Replaces the session's token, keeping its login time: after a change of the password or a second factor
 * the server ends every other session and gives this one a new token, which ends when the old one would have.
 */
export function replaceSessionToken(storage: Storage, token: string): void {
  storage.setItem(STORAGE_KEYS.adminToken, token);
}

/** Forgets the session (both keys). */
export function clearSession(storage: Storage): void {
  storage.removeItem(STORAGE_KEYS.adminToken);
  storage.removeItem(STORAGE_KEYS.adminLoginTime);
}

/**
 * « Connecté en tant qu’administrateur / que commercial / que technicien », by the token's role (none: the
 * owner, an administrator). A role's id is its name in lower case (roles.ts); the back office's admin folder
 * does not import the team's table, which imports it back.
 */
export function signedInAs(token: string): string {
  const name = tokenRole(token) ?? 'administrateur';
  return /^[aeiouyéèh]/.test(name) ? `Connecté en tant qu’${name}` : `Connecté en tant que ${name}`;
}
