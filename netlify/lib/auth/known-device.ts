/**
 * Known devices (OWASP's « device cookies »), so the per-account slowdown of the login throttle cannot
 * keep a person out of their own account: a browser that signed in to an account gets a cookie naming that
 * account (an HMAC-signed token of its throttle name's hash, never the address itself), HttpOnly, Secure,
 * SameSite=Strict, sent to /api/auth only, for KNOWN_DEVICE_DAYS days. Its password and code tries skip the
 * per-account delay (auth.ts reserveLoginCheck): the strangers' failures slow the strangers, not the
 * person at their usual computer. Its tries still count for the per-address caps, the password is still
 * checked and a staff account's second factor is still asked.
 */
import { createHash } from 'node:crypto';
import { jwtVerify } from 'jose/jwt/verify';
import { signToken } from '../tokens/signed-token.ts';

/** How long a device stays known after a sign-in on it. */
export const KNOWN_DEVICE_DAYS = 30;
const AUDIENCE = 'vision-caraibes-appareil-connu';
const ISSUER = 'vision-caraibes-api';

const nameHash = (throttleName: string): string => createHash('sha256').update(throttleName).digest('hex');
/** One cookie per account: a shared computer knows each account that signed in on it. */
const cookieName = (throttleName: string): string => `vc_appareil_${nameHash(throttleName).slice(0, 16)}`;

/** The Set-Cookie header that makes this browser a known device of the account. */
export async function knownDeviceCookie(throttleName: string, secret: Uint8Array, now = Date.now()): Promise<string> {
  const seconds = KNOWN_DEVICE_DAYS * 24 * 3600;
  const token = await signToken({}, { issuer: ISSUER, audience: AUDIENCE, subject: nameHash(throttleName), expiresAt: Math.floor(now / 1000) + seconds }, secret);
  return `${cookieName(throttleName)}=${token}; Max-Age=${seconds}; Path=/api/auth; HttpOnly; Secure; SameSite=Strict`;
}

/** Whether the request comes from a known device of the account (its cookie, valid and for this account). */
export async function isKnownDevice(request: Request, throttleName: string, secret: Uint8Array, now = Date.now()): Promise<boolean> {
  const wanted = `${cookieName(throttleName)}=`;
  const value = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(wanted))
    ?.slice(wanted.length);
  if (!value) return false;
  try {
    const { payload } = await jwtVerify(value, secret, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, subject: nameHash(throttleName), currentDate: new Date(now) });
    return payload.sub === nameHash(throttleName);
  } catch {
    return false;
  }
}
