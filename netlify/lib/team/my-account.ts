/**
 * « Mon compte »: what a signed-in person reads and changes of their own account. The rules:
 * - Read: name, e-mail, role, territories, passkeys (device name, added, last use), TOTP or not.
 * - Change: add a passkey (options, then the browser's answer with a device name), remove one (never the
 *   last second factor of an active account), change the password (the current one first, throttled like
 *   a sign-in; the new one by the password rule), end all one's sessions (every token, this one included,
 *   is refused on its next call).
 * - The owner (the environment's account) reads a summary and may end its sessions; its password and
 *   factors are the site configuration's, so those changes are refused with a French sentence.
 * - Every change is journaled. Refusals are TeamErrors answered with their status and sentence.
 */
import type { Context } from '@netlify/functions';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { recordLoginFailure, recordLoginSuccess, reserveLoginCheck } from '../auth/auth.ts';
import { throttleName, tooManyTries } from '../auth/login.ts';
import { verifyPassword } from '../auth/password.ts';
import type { StaffMember } from '../auth/permissions.ts';
import { clientAddress, json, jsonError } from '../http/http.ts';
import { siteAddress } from '../http/site-url.ts';
import { accountView, endAllSessions, getAccount, ownerView, removePasskey, setPassword, type AccountView, type StaffAccount } from './accounts.ts';
import { recordAccountChange, recordEvent } from './journal.ts';
import { passkeyRegistrationOptions, relyingPartyOf, verifyPasskeyRegistration } from './passkeys.ts';
import { TeamError } from './team-error.ts';

type Body = Record<string, unknown>;
const asBody = (value: unknown): Body => (typeof value === 'object' && value !== null ? (value as Body) : {});
const OWNER_IN_CONFIGURATION = 'Le compte propriétaire se règle dans la configuration du site, pas ici.';
const WRONG_CURRENT_PASSWORD = 'Le mot de passe actuel est incorrect.';

/** A TeamError as an answer (its status and French sentence); anything else is thrown on. */
export function teamErrorAnswer(error: unknown): Response {
  if (error instanceof TeamError) return jsonError(error.status, error.message);
  throw error;
}

/** Runs a change of one's own account, answering its refusals. */
async function answering(change: () => Promise<Response>): Promise<Response> {
  try {
    return await change();
  } catch (error) {
    return teamErrorAnswer(error);
  }
}

const actorOf = (staff: StaffMember) => ({ id: staff.id, name: staff.name });

/** A change of one's account is journaled and answered with the account as the screen shows it. */
async function changed(account: StaffAccount): Promise<Response> {
  await recordAccountChange(account);
  return json({ success: true, account: accountView(account) });
}

/** The stored account of the person, or the refusal for the owner. */
async function ownAccount(staff: StaffMember) {
  if (staff.isOwner) throw new TeamError('proprietaire', OWNER_IN_CONFIGURATION);
  const account = await getAccount(staff.id);
  if (!account) throw new TeamError('introuvable', 'Ce compte est introuvable.');
  return account;
}

/** What « Mon compte » shows (no secret). */
export async function myAccount(staff: StaffMember): Promise<AccountView> {
  if (staff.isOwner) return ownerView({ ADMIN_USERNAME: staff.username })!;
  return accountView(await ownAccount(staff));
}

/** GET /api/compte. */
export async function readMyAccount(staff: StaffMember): Promise<Response> {
  return answering(async () => json({ success: true, account: await myAccount(staff) }));
}

/** POST /api/compte/mot-de-passe { current, password }. */
export function changeMyPassword(staff: StaffMember, context: Partial<Context> | undefined, body: unknown, now = Date.now()): Promise<Response> {
  return answering(async () => {
    const account = await ownAccount(staff);
    const { current, password } = asBody(body);
    if (typeof current !== 'string' || !current) return jsonError(400, 'Saisissez votre mot de passe actuel.');
    if (typeof password !== 'string' || !password) return jsonError(400, 'Saisissez le nouveau mot de passe.');
    const address = clientAddress(context);
    if (!address) return jsonError(503, 'Le changement de mot de passe est momentanément indisponible. Réessayez plus tard.');
    const name = throttleName(account.email);
    const reservation = await reserveLoginCheck(address, name, now);
    if (!reservation.ok) return tooManyTries(reservation.retryAfterMs);
    if (!account.passwordHash || !(await verifyPassword(current, account.passwordHash))) {
      await recordLoginFailure(name, now);
      return jsonError(400, WRONG_CURRENT_PASSWORD);
    }
    await recordLoginSuccess(address, name);
    return changed(await setPassword(account.id, password, { actor: actorOf(staff), now: new Date(now) }));
  });
}

/** POST /api/compte/cles { etape: 'options' } → registration options; { response, deviceName } → the passkey added. */
export function addMyPasskey(staff: StaffMember, request: Request, body: unknown): Promise<Response> {
  return answering(async () => {
    const account = await ownAccount(staff);
    const { etape, response, deviceName } = asBody(body);
    const party = relyingPartyOf(siteAddress());
    if (etape === 'options') return json({ success: true, options: await passkeyRegistrationOptions(account.id, { rpID: party.rpID }) });
    if (typeof response !== 'object' || response === null) return jsonError(400, 'La réponse de la clé d’accès manque.');
    return changed(await verifyPasskeyRegistration(account.id, response as RegistrationResponseJSON, { ...party, deviceName: typeof deviceName === 'string' ? deviceName : '' }));
  });
}

/** DELETE /api/compte/cles/:cle — never the last second factor. */
export function removeMyPasskey(staff: StaffMember, credentialId: string): Promise<Response> {
  return answering(async () => changed(await removePasskey((await ownAccount(staff)).id, credentialId, actorOf(staff))));
}

/** DELETE /api/compte/sessions — « Déconnecter toutes les sessions », this one included. */
export function endMySessions(staff: StaffMember): Promise<Response> {
  return answering(async () => {
    await endAllSessions(staff.id, actorOf(staff));
    const account = staff.isOwner ? undefined : await getAccount(staff.id);
    if (account) await recordAccountChange(account);
    else await recordEvent({ action: 'compte', actor: actorOf(staff), subject: { kind: 'compte', id: staff.id, label: staff.name }, detail: 'Sessions déconnectées' });
    return json({ success: true });
  });
}
