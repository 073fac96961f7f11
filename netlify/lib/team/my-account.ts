/**
 * « Mon compte »: what a signed-in person reads and changes of their own account. The rules:
 * - Read: name, e-mail, role, territories, passkeys (device name, added, last use), TOTP or not.
 * - Change: add a passkey (options, then the browser's answer with a device name), remove one (never the
 *   last second factor of an active account), change the password (the current one first, throttled like
 *   a sign-in; the new one by the password rule), end all one's sessions (every token, this one included,
 *   is refused on its next call).
 * - Recent re-authentication (ASVS 5.0 ch. 6–7): a session token alone never changes the factors. Adding a
 *   passkey (at its options step) and removing one ask again for the password or a code of the
 *   authenticator app (`reauth: { password } | { code }`, throttled like a sign-in; 403
 *   reauthentication_required with `reauthenticate: true` without it): a stolen token does not become a
 *   permanent passkey.
 * - Changing the password or a second factor ends the person's other sessions: the session version moves
 *   on, and this session gets a new token (answered as `token`, same end as the old one) — so a token
 *   stolen before the change is refused on its next call.
 * - The owner (the environment's account) reads a summary and may end its sessions; its password and
 *   factors are the site configuration's, so those changes are refused with a French sentence.
 * - Every change is journaled. Refusals are thrown as `Refusal`, answered by endpoint() with their table row.
 */
import type { Context } from '@netlify/functions';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { issueToken, readAuthConfig, recordLoginFailure, recordLoginSuccess, reserveLoginCheck } from '../auth/auth.ts';
import { throttleName, tooManyTries } from '../auth/login.ts';
import { verifyPassword } from '../auth/password.ts';
import type { StaffMember } from '../auth/permissions.ts';
import { ADMIN_SESSION_MS } from '../../../src/lib/lifetimes.ts';
import type { PlainErrorCode } from '../http/errors.ts';
import { apiError, clientAddress, json } from '../http/http.ts';
import { siteAddress } from '../http/site-url.ts';
import { accountView, endAllSessions, getAccount, ownerView, removePasskey, setPassword, type AccountView, type StaffAccount } from './accounts.ts';
import { recordAccountChange, recordEvent } from './journal.ts';
import { passkeyRegistrationOptions, relyingPartyOf, verifyPasskeyRegistration } from './passkeys.ts';
import { Refusal } from '../http/refusal.ts';
import { verifyTotpCode } from './totp.ts';

type Body = Record<string, unknown>;
const asBody = (value: unknown): Body => (typeof value === 'object' && value !== null ? (value as Body) : {});

const actorOf = (staff: StaffMember) => ({ id: staff.id, name: staff.name });

/** A change of one's account is journaled and answered with the account as the screen shows it. */
async function changed(account: StaffAccount): Promise<Response> {
  await recordAccountChange(account);
  return json({ success: true, account: accountView(account) });
}

/** The session of the call: its token's expiry (the new token keeps it). */
type Session = { exp: number } | undefined;

/**
 * After a change of the password or a second factor: every other session ends (the session version moves
 * on) and this one goes on with a new token of the new version, ending when the old one would have.
 */
async function changedEndingOtherSessions(staff: StaffMember, session: Session, account: StaffAccount): Promise<Response> {
  const version = await endAllSessions(account.id, actorOf(staff));
  await recordAccountChange((await getAccount(account.id)) ?? account);
  const config = readAuthConfig();
  if (!config.ok) return apiError('auth_not_configured');
  const issuedAt = session ? session.exp * 1000 - ADMIN_SESSION_MS : Date.now();
  const token = await issueToken(config.config, issuedAt, { id: account.id, sessionVersion: version, role: account.role });
  return json({ success: true, account: accountView((await getAccount(account.id)) ?? account), token });
}

/**
 * A check of what the person typed again (their password, or a code of their authenticator app), throttled
 * like a sign-in (per address and account): undefined when right, else the answer (`wrong`'s 400, 429 too
 * many tries). `check` answers whether it is right, or throws the Refusal saying why not.
 */
async function throttledCheck(account: StaffAccount, context: Partial<Context> | undefined, now: number, check: () => Promise<boolean>, wrong: PlainErrorCode): Promise<Response | undefined> {
  const address = clientAddress(context);
  if (!address) return apiError('change_unavailable');
  const name = throttleName(account.email);
  const reservation = await reserveLoginCheck(address, name, now);
  if (!reservation.ok) return tooManyTries(reservation.retryAfterMs);
  let right: boolean;
  try {
    right = await check();
  } catch (error) {
    if (error instanceof Refusal) await recordLoginFailure(name, now);
    throw error;
  }
  if (!right) {
    await recordLoginFailure(name, now);
    return apiError(wrong);
  }
  await recordLoginSuccess(address, name);
  return undefined;
}

/** The password checked again (throttled): undefined when right, else the answer. */
const checkPasswordAgain = (account: StaffAccount, password: string, context: Partial<Context> | undefined, now: number): Promise<Response | undefined> =>
  throttledCheck(account, context, now, async () => !!account.passwordHash && (await verifyPassword(password, account.passwordHash)), 'current_password_wrong');

/**
 * Recent re-authentication before adding or removing a second factor: `reauth` holds the password or a
 * 6-digit code of the account's authenticator app (each code accepted once, tries throttled like the
 * password's). Undefined when confirmed, else the answer.
 */
async function confirmIdentity(account: StaffAccount, reauth: unknown, context: Partial<Context> | undefined, now: number): Promise<Response | undefined> {
  const { password, code } = asBody(reauth);
  if (typeof password === 'string' && password) return checkPasswordAgain(account, password, context, now);
  if (typeof code === 'string' && code.trim()) {
    return throttledCheck(account, context, now, async () => (await verifyTotpCode(account.id, code.trim(), { now: new Date(now) }), true), 'totp_code_wrong');
  }
  return apiError('reauthentication_required', { reauthenticate: true });
}

/** The stored account of the person, or the refusal for the owner. */
async function ownAccount(staff: StaffMember) {
  if (staff.isOwner) throw new Refusal('owner_untouchable');
  const account = await getAccount(staff.id);
  if (!account) throw new Refusal('account_not_found');
  return account;
}

/** What « Mon compte » shows (no secret). */
export async function myAccount(staff: StaffMember): Promise<AccountView> {
  if (staff.isOwner) return ownerView({ ADMIN_USERNAME: staff.username })!;
  return accountView(await ownAccount(staff));
}

/** GET /api/compte. */
export async function readMyAccount(staff: StaffMember): Promise<Response> {
  return json({ success: true, account: await myAccount(staff) });
}

/** POST /api/compte/mot-de-passe { current, password }: the other sessions end; this one gets a new `token`. */
export async function changeMyPassword(staff: StaffMember, session: Session, context: Partial<Context> | undefined, body: unknown, now = Date.now()): Promise<Response> {
  const account = await ownAccount(staff);
  const { current, password } = asBody(body);
  if (typeof current !== 'string' || !current) return apiError('current_password_missing');
  if (typeof password !== 'string' || !password) return apiError('new_password_missing');
  const refused = await checkPasswordAgain(account, current, context, now);
  if (refused) return refused;
  return changedEndingOtherSessions(staff, session, await setPassword(account.id, password, { actor: actorOf(staff), now: new Date(now) }));
}

/**
 * POST /api/compte/cles { etape: 'options', reauth } → registration options, once the identity is confirmed
 * again (the challenge they store is the only way to a new key); { response, deviceName } → the passkey
 * added, the other sessions ended and this one's new `token`.
 */
export async function addMyPasskey(staff: StaffMember, session: Session, context: Partial<Context> | undefined, body: unknown, now = Date.now()): Promise<Response> {
  const account = await ownAccount(staff);
  const { etape, response, deviceName, reauth } = asBody(body);
  const party = relyingPartyOf(siteAddress());
  if (etape === 'options') {
    const refused = await confirmIdentity(account, reauth, context, now);
    if (refused) return refused;
    return json({ success: true, options: await passkeyRegistrationOptions(account.id, { rpID: party.rpID }) });
  }
  if (typeof response !== 'object' || response === null) return apiError('passkey_response_missing');
  const added = await verifyPasskeyRegistration(account.id, response as RegistrationResponseJSON, { ...party, deviceName: typeof deviceName === 'string' ? deviceName : '' });
  return changedEndingOtherSessions(staff, session, added);
}

/**
 * DELETE /api/compte/cles/:cle { reauth } — never the last second factor; the identity confirmed again
 * first; the other sessions end and this one gets a new `token`.
 */
export async function removeMyPasskey(staff: StaffMember, session: Session, context: Partial<Context> | undefined, credentialId: string, body: unknown, now = Date.now()): Promise<Response> {
  const account = await ownAccount(staff);
  if (!account.passkeys.some((key) => key.id === credentialId)) throw new Refusal('passkey_not_found');
  const refused = await confirmIdentity(account, asBody(body).reauth, context, now);
  if (refused) return refused;
  return changedEndingOtherSessions(staff, session, await removePasskey(account.id, credentialId, actorOf(staff)));
}

/** DELETE /api/compte/sessions — « Déconnecter toutes les sessions », this one included. */
export async function endMySessions(staff: StaffMember): Promise<Response> {
  await endAllSessions(staff.id, actorOf(staff));
  const account = staff.isOwner ? undefined : await getAccount(staff.id);
  if (account) await recordAccountChange(account);
  else await recordEvent({ action: 'compte', actor: actorOf(staff), subject: { kind: 'compte', id: staff.id, label: staff.name }, detail: 'Sessions déconnectées' });
  return json({ success: true });
}
