/**
 * The password step of signing in: the throttle first (a place reserved before any password is checked,
 * keyed by the address and the username without case), then the check, then a token for the owner. A
 * username that is a staff account's e-mail is handed to `staff` (netlify/lib/team/sign-in.ts), which
 * answers with the second step instead; `staff` also journals the owner's sign-ins and failures and
 * gives the owner's session version. The clock is a parameter so tests can move time instead of waiting.
 */
import type { Context } from '@netlify/functions';
import { API_BODY_LIMIT_BYTES } from '../../../src/lib/constants.ts';
import { OWNER_ID } from './permissions.ts';
import { checkCredentials, isProductionContext, issueToken, readAuthConfig, recordLoginFailure, recordLoginSuccess, reserveLoginCheck } from './auth.ts';
import { isKnownDevice, knownDeviceCookie } from './known-device.ts';
import { apiError, clientAddress, json, methodNotAllowed, readJsonBody, serverError, throttled } from '../http/http.ts';


/** What the staff accounts add to the password step. */
export interface StaffPasswordStep {
  /** The answer for a stored account's e-mail (second step, or refusal); undefined when `username` is no account's. */
  accountPassword(username: string, password: string, address: string, now: number): Promise<Response | undefined>;
  /** The owner's session version, which its tokens carry. */
  ownerSessionVersion(): Promise<number>;
  /** Journals the owner's sign-in, or a failure under a name that is no account's. */
  recordOwnerAttempt(outcome: { ok: boolean; username: string; address: string; now: number }): Promise<void>;
}

/** « Trop de tentatives… »: 429 with Retry-After. */
export function tooManyTries(retryAfterMs: number): Response {
  return throttled('login_throttled', retryAfterMs, { wait: waitInFrench(retryAfterMs) });
}
const FIELD_MAX_LENGTH = 200;

/** « 45 secondes », « 1 minute », « 15 minutes »: how long to wait, in French. */
export function waitInFrench(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} seconde${seconds > 1 ? 's' : ''}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? 's' : ''}`;
}

/** The name the throttles count under: the username without case, so « Marie@… » and « marie@… » are one account. */
export const throttleName = (username: string): string => username.trim().toLowerCase();

/** POST /api/auth/login at the time `now()`. */
export async function handleLogin(request: Request, context?: Partial<Context>, now: () => number = Date.now, staff?: StaffPasswordStep): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const auth = readAuthConfig(process.env, isProductionContext(context));
  if (!auth.ok) {
    console.error(`auth-login: login is disabled: ${auth.reason}`);
    return apiError('auth_not_configured');
  }
  try {
    const address = clientAddress(context);
    if (!address) {
      // Without the platform's address no throttle can hold: refuse rather than check unthrottled.
      console.error(`auth-login: no client address from the platform (context.ip = ${JSON.stringify(context?.ip)}); login refused`);
      return apiError('sign_in_unavailable');
    }
    const read = await readJsonBody(request, API_BODY_LIMIT_BYTES);
    if (!read.ok) return read.response;
    const body = (typeof read.body === 'object' && read.body !== null ? read.body : {}) as Record<string, unknown>;
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!username || !password || username.length > FIELD_MAX_LENGTH || password.length > FIELD_MAX_LENGTH) {
      const fields: Record<string, string> = {};
      if (!username) fields.username = 'Veuillez saisir votre identifiant.';
      if (!password) fields.password = 'Veuillez saisir votre mot de passe.';
      if (username.length > FIELD_MAX_LENGTH) fields.username = `L’identifiant ne doit pas dépasser ${FIELD_MAX_LENGTH} caractères.`;
      if (password.length > FIELD_MAX_LENGTH) fields.password = `Le mot de passe ne doit pas dépasser ${FIELD_MAX_LENGTH} caractères.`;
      return apiError('credentials_missing', { fields });
    }

    // A browser that signed in to this account before skips the per-account delay (known-device.ts).
    const knownDevice = await isKnownDevice(request, throttleName(username), auth.config.secret, now());
    const reservation = await reserveLoginCheck(address, throttleName(username), now(), { knownDevice });
    if (!reservation.ok) return tooManyTries(reservation.retryAfterMs);
    const accountAnswer = await staff?.accountPassword(username, password, address, now());
    if (accountAnswer) return accountAnswer;
    if (!(await checkCredentials(auth.config, username, password))) {
      await recordLoginFailure(throttleName(username), now());
      await staff?.recordOwnerAttempt({ ok: false, username, address, now: now() });
      return apiError('wrong_credentials');
    }
    await recordLoginSuccess(address, throttleName(username));
    await staff?.recordOwnerAttempt({ ok: true, username, address, now: now() });
    const sessionVersion = (await staff?.ownerSessionVersion()) ?? 0;
    return json({ success: true, token: await issueToken(auth.config, now(), { id: OWNER_ID, sessionVersion }) }, 200, {
      'Set-Cookie': await knownDeviceCookie(throttleName(username), auth.config.secret, now()),
    });
  } catch (error) {
    return serverError('auth-login', error);
  }
}
