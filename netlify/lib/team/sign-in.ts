/**
 * Signing in with a staff account. The rules:
 * - Password step (POST /api/auth/login, throttled in auth/login.ts): for a stored account's e-mail, a
 *   correct password of an « actif » account answers « second facteur requis » with a pending token —
 *   HS256, its own audience, the account and its session version, valid SECOND_FACTOR_MS and used once —
 *   instead of a session; a disabled or still-invited account is told so, only after a correct password.
 * - Second step (POST /api/auth/second-factor): the pending token and a 6-digit TOTP code (each code
 *   accepted once, totp.ts) or a passkey assertion of that same account; a code try is throttled like a
 *   password (per address and account). Success spends the pending token and gives the 8-hour session.
 * - A passkey alone (POST /api/auth/passkey): discoverable-credential options, then the assertion signs the
 *   person in, with no username typed. Without a session, the options (each a stored challenge) and the
 *   journaled failures are capped per sender network (storage/caps.ts).
 * - Every sign-in and every failure is journaled (« connexion », « échec de connexion » with the address).
 * The relying party (rpID, origin) is the site's address (http/site-url.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { jwtVerify } from 'jose/jwt/verify';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { isProductionContext, issueToken, readAuthConfig, recordLoginFailure, recordLoginSuccess, reserveLoginCheck, type AuthConfig } from '../auth/auth.ts';
import { isKnownDevice, knownDeviceCookie } from '../auth/known-device.ts';
import { throttleName, tooManyTries, type StaffPasswordStep } from '../auth/login.ts';
import { verifyPassword } from '../auth/password.ts';
import { apiError, clientAddress, json, jsonError, senderNetwork, throttled } from '../http/http.ts';
import { siteAddress } from '../http/site-url.ts';
import { takeCap } from '../storage/caps.ts';
import { storeNames, updateJSON } from '../storage/storage.ts';
import { lifetimeMs } from '../../../src/lib/lifetimes.ts';
import { signToken } from '../tokens/signed-token.ts';
import { OWNER_ID } from '../../../src/features/team/roles.ts';
import { findAccountByEmail, getAccount, recordSignIn, sessionVersionOf, type StaffAccount } from './accounts.ts';
import { accountTerritory, recordEvent } from './journal.ts';
import type { TerritoryId } from '../../../src/lib/territories.ts';
import { passkeyAuthenticationOptions, relyingPartyOf, verifyPasskeyAuthentication } from './passkeys.ts';
import { API_ERRORS } from '../http/errors.ts';
import { Refusal } from '../http/refusal.ts';
import { verifyTotpCode } from './totp.ts';

/** How long the pending token of the second step lives (the lifetimes table's `secondFactorStep`). */
export const SECOND_FACTOR_MS = lifetimeMs('secondFactorStep');
const SECOND_FACTOR_AUDIENCE = 'vision-caraibes-second-facteur';
const TOKEN_ISSUER = 'vision-caraibes-api';

const now = (): number => Date.now();
const actorOf = (account: StaffAccount) => ({ id: account.id, name: account.name });

async function journalSignIn(account: { id: string; name: string; territories?: readonly TerritoryId[] }, address: string, how: string, at: number): Promise<void> {
  await recordEvent({ action: 'connexion', actor: { id: account.id, name: account.name }, address, detail: `Connexion (${how})`, ...accountTerritory(account) }, { now: new Date(at) });
}

async function journalFailure(account: StaffAccount | undefined, address: string, why: string, at: number): Promise<void> {
  await recordEvent({ action: 'echec_connexion', ...(account ? { actor: actorOf(account), ...accountTerritory(account) } : {}), address, detail: why }, { now: new Date(at) });
}

/** The 8-hour session of an account, its sign-in recorded and journaled; this browser becomes a known device of the account. */
async function sessionOf(config: AuthConfig, account: StaffAccount, address: string, how: string, at: number): Promise<Response> {
  await recordSignIn(account.id, { now: new Date(at) });
  await journalSignIn(account, address, how, at);
  return json({ success: true, token: await issueToken(config, at, { id: account.id, sessionVersion: account.sessionVersion, role: account.role }) }, 200, {
    'Set-Cookie': await knownDeviceCookie(throttleName(account.email), config.secret, at),
  });
}

function pendingToken(config: AuthConfig, account: StaffAccount, at: number): Promise<string> {
  const issuedAt = Math.floor(at / 1000);
  return signToken(
    { sv: account.sessionVersion },
    { issuer: TOKEN_ISSUER, audience: SECOND_FACTOR_AUDIENCE, subject: account.id, issuedAt, expiresAt: issuedAt + SECOND_FACTOR_MS / 1000, id: randomUUID() },
    config.secret,
  );
}

/** The account of a valid, unspent pending token whose session version still holds; undefined otherwise. */
async function pendingAccount(config: AuthConfig, token: string, at: number): Promise<{ account: StaffAccount; jti: string; exp: number } | undefined> {
  try {
    const { payload } = await jwtVerify(token, config.secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: SECOND_FACTOR_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
      maxTokenAge: SECOND_FACTOR_MS / 1000,
      currentDate: new Date(at),
    });
    const account = await getAccount(String(payload.sub));
    if (!account || account.state !== 'actif' || account.sessionVersion !== payload.sv) return undefined;
    return { account, jti: String(payload.jti), exp: Number(payload.exp) };
  } catch {
    return undefined;
  }
}

/** Spends a pending token: true the first time only (the key sits with the revoked tokens until it expires). */
function spend(jti: string, exp: number): Promise<boolean> {
  return updateJSON<{ exp: number }, boolean>(storeNames.revokedTokens, `second-facteur-${jti}`, (current) => (current ? { result: false } : { value: { exp }, result: true }));
}

/** The password step for stored accounts, handed to auth/login.ts. */
export const staffPasswordStep: StaffPasswordStep = {
  async accountPassword(username, password, address, at) {
    const account = await findAccountByEmail(username);
    if (!account?.passwordHash) return undefined;
    if (!(await verifyPassword(password, account.passwordHash))) {
      await recordLoginFailure(throttleName(username), at);
      await journalFailure(account, address, 'Mot de passe incorrect', at);
      return apiError('wrong_credentials');
    }
    if (account.state !== 'actif') {
      await journalFailure(account, address, account.state === 'desactive' ? 'Compte désactivé' : 'Compte pas encore activé', at);
      return account.state === 'desactive' ? jsonError(403, API_ERRORS.account_disabled.message) : apiError('sign_in_not_active');
    }
    await recordLoginSuccess(address, throttleName(username));
    const config = readAuthConfig();
    if (!config.ok) return apiError('auth_not_configured');
    return json({
      success: true,
      secondFactor: { pending: await pendingToken(config.config, account, at), passkey: account.passkeys.length > 0, totp: account.totp !== undefined },
    });
  },
  async ownerSessionVersion() {
    return (await sessionVersionOf(OWNER_ID)) ?? 0;
  },
  async recordOwnerAttempt({ ok, username, address, now: at }) {
    if (ok) await journalSignIn({ id: OWNER_ID, name: username }, address, 'mot de passe', at);
    else await journalFailure(undefined, address, 'Identifiant ou mot de passe incorrect', at);
  },
};

type Body = Record<string, unknown>;
const asBody = (value: unknown): Body => (typeof value === 'object' && value !== null ? (value as Body) : {});

/** The configuration and the client's address every step needs, or the answer saying why not. */
function prerequisites(context: Partial<Context> | undefined): { ok: true; config: AuthConfig; address: string } | { ok: false; response: Response } {
  const config = readAuthConfig(process.env, isProductionContext(context));
  if (!config.ok) {
    console.error(`sign-in: disabled: ${config.reason}`);
    return { ok: false, response: apiError('auth_not_configured') };
  }
  const address = clientAddress(context);
  if (!address) return { ok: false, response: apiError('sign_in_unavailable') };
  return { ok: true, config: config.config, address };
}

/** POST /api/auth/second-factor { pending, code } or { pending, passkey }: the session, or why not. */
export async function secondFactorStep(request: Request, context: Partial<Context> | undefined, body: unknown, at = now()): Promise<Response> {
  const ready = prerequisites(context);
  if (!ready.ok) return ready.response;
  const { pending, code, passkey } = asBody(body);
  const found = typeof pending === 'string' ? await pendingAccount(ready.config, pending, at) : undefined;
  if (!found) return apiError('second_factor_expired');
  const { account } = found;
  const name = throttleName(account.email);
  try {
    if (typeof code === 'string') {
      const reservation = await reserveLoginCheck(ready.address, name, at, { knownDevice: await isKnownDevice(request, name, ready.config.secret, at) });
      if (!reservation.ok) return tooManyTries(reservation.retryAfterMs);
      try {
        await verifyTotpCode(account.id, code, { now: new Date(at) });
      } catch (error) {
        await recordLoginFailure(name, at);
        throw error;
      }
      await recordLoginSuccess(ready.address, name);
    } else if (typeof passkey === 'object' && passkey !== null) {
      const signedIn = await verifyPasskeyAuthentication(passkey as AuthenticationResponseJSON, { ...relyingPartyOf(siteAddress()), now: new Date(at) });
      if (signedIn.id !== account.id) throw new Refusal('passkey_refused');
    } else {
      return apiError('second_factor_missing');
    }
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await journalFailure(account, ready.address, typeof code === 'string' ? `Code refusé : ${error.message}` : 'Clé d’accès refusée', at);
    return jsonError(error.status === 409 ? 403 : 401, error.message);
  }
  if (!(await spend(found.jti, found.exp))) return apiError('second_factor_expired');
  const current = (await getAccount(account.id)) ?? account;
  return sessionOf(ready.config, current, ready.address, typeof code === 'string' ? 'mot de passe et code' : 'mot de passe et clé d’accès', at);
}

/**
 * POST /api/auth/passkey { etape: 'options' }: the options of a discoverable sign-in. Each call stores a
 * challenge (5 minutes), so a sender network asks at most CAPS.passkeyOptions an hour (429 past it).
 */
export async function passkeySignInOptions(context: Partial<Context> | undefined, at = now()): Promise<Response> {
  const place = await takeCap('passkeyOptions', senderNetwork(context), new Date(at));
  if (!place.taken) return throttled('passkey_options_throttled', place.retryAfterMs);
  const options = await passkeyAuthenticationOptions({ rpID: relyingPartyOf(siteAddress()).rpID });
  return json({ success: true, options });
}

/** POST /api/auth/passkey { response }: a passkey alone signs the person in. */
export async function passkeySignIn(request: Request, context: Partial<Context> | undefined, body: unknown, at = now()): Promise<Response> {
  const ready = prerequisites(context);
  if (!ready.ok) return ready.response;
  const { response } = asBody(body);
  if (typeof response !== 'object' || response === null) return apiError('passkey_refused');
  let account: StaffAccount;
  try {
    account = await verifyPasskeyAuthentication(response as AuthenticationResponseJSON, { ...relyingPartyOf(siteAddress()), now: new Date(at) });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    // A stranger's failures are journaled up to CAPS.passkeyFailures an hour per sender network: past it,
    // still refused, no longer written (the journal is not theirs to fill).
    if ((await takeCap('passkeyFailures', senderNetwork(context), new Date(at))).taken) await journalFailure(undefined, ready.address, `Clé d’accès refusée : ${error.message}`, at);
    return jsonError(401, error.message);
  }
  return sessionOf(ready.config, account, ready.address, 'clé d’accès', at);
}

