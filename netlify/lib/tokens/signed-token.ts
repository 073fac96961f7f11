/**
 * Signed tokens (JWT, HS256 with the site's AUTH_SECRET), written one way: a token names who issued it and
 * for whom (its audience, so that a token made for one use is never accepted for another), what it is
 * about (its subject), until when it holds, and optionally its own id (jti) for revoking it.
 */
import { SignJWT } from 'jose/jwt/sign';
import { serverEnv } from '../env.ts';

type Env = Record<string, string | undefined>;

/** The shortest signing secret accepted: 32 bytes, as HS256 asks. */
const SECRET_MIN_BYTES = 32;

/** The signing key from AUTH_SECRET; throws, naming what cannot be signed, when it is missing or too short. */
export function signingKey(what: string, env: Env = process.env): Uint8Array {
  const key = new TextEncoder().encode(serverEnv(env).AUTH_SECRET ?? '');
  if (key.length < SECRET_MIN_BYTES) throw new Error(`AUTH_SECRET is missing or shorter than ${SECRET_MIN_BYTES} bytes: no ${what} can be signed`);
  return key;
}

/** What a token says besides its own claims. */
export interface TokenSpec {
  issuer: string;
  audience: string;
  subject: string;
  /** When it stops holding, in seconds since the epoch. */
  expiresAt: number;
  /** When it was issued, in seconds since the epoch (absent: not written). */
  issuedAt?: number;
  /** Its own id, to revoke it. */
  id?: string;
}

/** A token with these claims, signed with `key` (HS256). */
export function signToken(claims: Record<string, unknown>, spec: TokenSpec, key: Uint8Array): Promise<string> {
  const token = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(spec.issuer)
    .setAudience(spec.audience)
    .setSubject(spec.subject)
    .setExpirationTime(spec.expiresAt);
  if (spec.issuedAt !== undefined) token.setIssuedAt(spec.issuedAt);
  if (spec.id) token.setJti(spec.id);
  return token.sign(key);
}
