/**
 * The customer's link of a devis version: `/devis/<jeton>`, a token signed with jose for its own audience
 * (an admin token is never a devis link, nor the reverse), naming the request, the version and the link's
 * id (jti, stored with the version so that one link can be revoked), and expiring at the end of the
 * devis' last day — answered or not: the customers' space keeps answered devis reachable, not the link.
 */
import { JWTExpired } from 'jose/errors';
import { jwtVerify } from 'jose/jwt/verify';
import { devisPagePath } from '../../../src/lib/paths.ts';
import { expiresAt, type DevisVersion } from '../../../src/features/devis/devis.ts';
import { API_ERRORS, type ApiErrorCode } from '../http/errors.ts';
import { signToken, signingKey } from '../tokens/signed-token.ts';
import { getDevis, type DevisRecord } from './devis-records.ts';

type Env = Record<string, string | undefined>;

/** The audience of a devis link's token: an admin token is never a devis link, nor the reverse. */
export const DEVIS_TOKEN_AUDIENCE = 'vision-caraibes-devis';
const DEVIS_TOKEN_ISSUER = 'vision-caraibes-api';

const linkSecret = (env: Env): Uint8Array => signingKey('devis link', env);

/** The token of a version's link: names the request, the version and the link's id; expires with the devis. */
export function devisToken(requestId: string, version: DevisVersion, env: Env = process.env): Promise<string> {
  return signToken(
    { v: version.version },
    {
      issuer: DEVIS_TOKEN_ISSUER,
      audience: DEVIS_TOKEN_AUDIENCE,
      subject: requestId,
      expiresAt: Math.floor(expiresAt(version.validUntil).getTime() / 1000),
      ...(version.linkId ? { id: version.linkId } : {}),
    },
    linkSecret(env),
  );
}

/** The customer's link of a version, on the site's own address (`site`, from siteAddress). */
export async function devisLink(site: string, requestId: string, version: DevisVersion, env: Env = process.env): Promise<string> {
  return `${site}${devisPagePath(await devisToken(requestId, version, env))}`;
}

interface Named {
  requestId: string;
  version: number;
  /** The link's id; absent from the links of versions sent before links had one. */
  linkId?: string;
}

/** What a link's token names, or why it names nothing. */
export type TokenCheck = ({ ok: true } & Named) | { ok: false; reason: 'invalide' } | ({ ok: false; reason: 'expire' } & Named);

/** Checks a link's token: signature, algorithm, issuer, audience, expiry. */
export async function checkDevisToken(token: string, now = new Date(), env: Env = process.env): Promise<TokenCheck> {
  const named = (payload: { sub?: unknown; v?: unknown; jti?: unknown }): Named | undefined =>
    typeof payload.sub === 'string' && typeof payload.v === 'number' && Number.isInteger(payload.v)
      ? { requestId: payload.sub, version: payload.v, ...(typeof payload.jti === 'string' ? { linkId: payload.jti } : {}) }
      : undefined;
  try {
    const { payload } = await jwtVerify(token, linkSecret(env), {
      algorithms: ['HS256'],
      issuer: DEVIS_TOKEN_ISSUER,
      audience: DEVIS_TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub', 'v'],
      currentDate: now,
    });
    const names = named(payload);
    return names ? { ok: true, ...names } : { ok: false, reason: 'invalide' };
  } catch (error) {
    // Expired, yet signed by us: the page can say which devis expired.
    if (error instanceof JWTExpired) {
      const names = named(error.payload);
      if (names) return { ok: false, reason: 'expire', ...names };
    }
    return { ok: false, reason: 'invalide' };
  }
}

/** Why a link shows no devis to answer, in the customer's words. */
export type LinkRefusal = 'invalide' | 'introuvable' | 'expire' | 'remplace' | 'revoque' | 'repondu';

/** Each refusal's row of the error table: its sentence and its HTTP status. */
const LINK_ERRORS = {
  invalide: 'devis_link_invalid',
  introuvable: 'devis_link_gone',
  expire: 'devis_link_expired',
  remplace: 'devis_link_replaced',
  revoque: 'devis_link_revoked',
  repondu: 'devis_link_answered',
} as const satisfies Record<LinkRefusal, ApiErrorCode>;

export const LINK_MESSAGES = Object.fromEntries(Object.entries(LINK_ERRORS).map(([reason, code]) => [reason, API_ERRORS[code].message])) as Record<LinkRefusal, string>;

/** The HTTP status of each refusal. */
export const LINK_STATUS = Object.fromEntries(Object.entries(LINK_ERRORS).map(([reason, code]) => [reason, API_ERRORS[code].status])) as Record<LinkRefusal, number>;

/** What a link opens: the version (answered or not), or why none. */
export type LinkOpening =
  | { ok: true; requestId: string; record: DevisRecord; version: DevisVersion }
  | { ok: false; reason: Exclude<LinkRefusal, 'repondu'>; number?: string };

/**
 * Opens a link: checks the token, then finds the version it names. A replaced version, a revoked link
 * (or one whose id is not the version's), and an expired link or version say so; the expiry holds for
 * answered versions too.
 */
export async function openLink(token: string, now = new Date(), env: Env = process.env): Promise<LinkOpening> {
  const check = await checkDevisToken(token, now, env);
  if (!check.ok && check.reason === 'invalide') return { ok: false, reason: 'invalide' };
  const record = await getDevis(check.requestId);
  const version = record?.versions.find((candidate) => candidate.version === check.version);
  if (!record || !version) return { ok: false, reason: 'introuvable' };
  // A version with a link id answers only the token carrying it (an expired one, signed by us, says it expired).
  if (version.linkId && check.linkId !== version.linkId) return check.ok ? { ok: false, reason: 'invalide' } : { ok: false, reason: 'expire', number: version.number };
  if (version.linkRevokedAt) return { ok: false, reason: 'revoque', number: version.number };
  if (version.state === 'remplace') return { ok: false, reason: 'remplace', number: version.number };
  if (!check.ok || version.state === 'expire' || now > expiresAt(version.validUntil)) return { ok: false, reason: 'expire', number: version.number };
  return { ok: true, requestId: check.requestId, record, version };
}
