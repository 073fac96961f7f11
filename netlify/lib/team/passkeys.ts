/**
 * Passkeys (WebAuthn, with @simplewebauthn/server). The rules:
 * - The relying party is the site: its rpID (the host name) and origin come from the site's URL and are
 *   passed in by the endpoint, so previews and the local server work with their own address.
 * - A passkey is a discoverable credential with user verification required: it alone signs a person in
 *   (something they have, unlocked by something they are or know). Sign-in options name no credential,
 *   the browser offers the person's passkeys; the account is found by the credential id it answers with,
 *   and its user handle must be that account's id.
 * - Every challenge is stored (one blob per challenge) with its purpose and account, answered within 5
 *   minutes and once: the answer consumes it with a conditional write before anything is verified, so a
 *   replayed answer is refused.
 * - The signature counter must grow when the authenticator keeps one (a cloned key shows a lower or equal
 *   counter); the new counter and the last use are stored with a conditional write of the account.
 * - A wrong origin, a wrong relying party, a replayed or expired challenge, a bad signature or a lower
 *   counter: « La clé d’accès n’a pas pu être vérifiée. » (the refusal `passkey_refused`); the reason goes to the
 *   log in English.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { PASSKEY_CHALLENGE_MS } from '../../../src/features/team/team-constants.ts';
import { company } from '../../../src/lib/site.ts';
import { expiredAt, purgeStore, storeNames, strongStore, updateJSON } from '../storage/storage.ts';
import { addPasskey, findAccountByPasskey, getAccount, refuseIfDisabled, refuseUnlessActive, updateAccount, type StaffAccount } from './accounts.ts';
import { Refusal } from '../http/refusal.ts';

/**
 * @simplewebauthn/server takes a quarter of a second to load: the passkey calls load it when they run, so the
 * other calls of the same function do not pay it at their start (a static import would be hoisted to the top of
 * every bundle that reaches this file).
 */
export const webAuthn = () => import('@simplewebauthn/server');
export const webAuthnHelpers = () => import('@simplewebauthn/server/helpers');

/** The transports an authenticator says it is reached by (« internal », « usb »…). */
export type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number];

/** The site as a WebAuthn relying party: its host name and its origin (« https://www.vision-caraibes.fr »). */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

/** The relying party of a site address: its host name and origin (`http://localhost:8888` works too, as browsers allow). */
export function relyingPartyOf(siteUrl: string | URL): RelyingParty {
  const url = new URL(siteUrl);
  return { rpID: url.hostname, origin: url.origin };
}

type Purpose = 'inscription' | 'connexion';

interface StoredChallenge {
  purpose: Purpose;
  /** The account enrolling a passkey; none for a sign-in (the account is not known yet). */
  accountId?: string;
  expiresAt: string;
  usedAt?: string;
}

const DEVICE_NAME_MAX = 60;

/** A refusal with the reason for the log. */
export function refused(reason: string): Refusal {
  console.error(`passkeys: ${reason}`);
  return new Refusal('passkey_refused');
}

/** The challenges are base64url text of a bounded length (anything else is not one of ours and not a valid key). */
const CHALLENGE_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** Where challenges are kept: a store, and a prefix of their keys (the customers' passkeys keep theirs beside the keys). */
export interface ChallengeStore {
  store: string;
  prefix: string;
}
const TEAM_CHALLENGES: ChallengeStore = { store: storeNames.passkeyChallenges, prefix: '' };

/** Keeps a challenge just given out, for PASSKEY_CHALLENGE_MS. */
export async function storeChallenge(challenge: string, record: StoredChallenge, where = TEAM_CHALLENGES): Promise<void> {
  await strongStore(where.store).setJSON(`${where.prefix}${challenge}`, record, { onlyIfNew: true });
}

/** Consumes the challenge an answer signed: it must be ours, for this purpose (and account), unexpired and unused. */
export async function consumeChallenge(clientDataJSON: string, purpose: Purpose, now: Date, accountId?: string, where = TEAM_CHALLENGES): Promise<string> {
  const { decodeClientDataJSON } = await webAuthnHelpers();
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    throw refused('clientDataJSON is not readable');
  }
  if (typeof challenge !== 'string' || !CHALLENGE_SHAPE.test(challenge)) throw refused('the challenge is not one of ours');
  const problem = await updateJSON<StoredChallenge, string | undefined>(where.store, `${where.prefix}${challenge}`, (stored) => {
    if (!stored) return { result: 'unknown challenge' };
    if (stored.usedAt) return { result: 'challenge already answered' };
    if (Date.parse(stored.expiresAt) <= now.getTime()) return { result: 'challenge expired' };
    if (stored.purpose !== purpose || stored.accountId !== accountId) return { result: `challenge made for another purpose or account (${stored.purpose})` };
    return { value: { ...stored, usedAt: now.toISOString() }, result: undefined };
  });
  if (problem) throw refused(problem);
  return challenge;
}

/** When a challenge given out now expires. */
export const challengeExpiry = (now: Date): string => new Date(now.getTime() + PASSKEY_CHALLENGE_MS).toISOString();

/** The account's id as WebAuthn's user handle (bytes). */
const userHandleOf = (accountId: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(accountId);

/**
 * Registration options for a discoverable passkey, user verification required, the user handle being the
 * person's id; the keys they already have are excluded (one per authenticator).
 */
export async function discoverableRegistrationOptions({
  rpID,
  userId,
  userName,
  displayName,
  existing,
}: {
  rpID: string;
  userId: string;
  userName: string;
  displayName: string;
  existing: ReadonlyArray<{ id: string; transports: AuthenticatorTransportFuture[] }>;
}): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await webAuthn();
  return generateRegistrationOptions({
    rpName: company.name,
    rpID,
    userName,
    userDisplayName: displayName,
    userID: userHandleOf(userId),
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_MS,
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Options for navigator.credentials.create(): a discoverable passkey of this account, user verification required. */
export async function passkeyRegistrationOptions(
  accountId: string,
  { rpID, now = new Date() }: { rpID: string; now?: Date },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const account = await getAccount(accountId);
  if (!account) throw new Refusal('account_not_found');
  refuseIfDisabled(account);
  const options = await discoverableRegistrationOptions({ rpID, userId: account.id, userName: account.email, displayName: account.name, existing: account.passkeys });
  await storeChallenge(options.challenge, { purpose: 'inscription', accountId, expiresAt: challengeExpiry(now) });
  return options;
}

/** Verifies the browser's answer to the registration options and adds the passkey, under the name the person gave the device. */
export async function verifyPasskeyRegistration(
  accountId: string,
  response: RegistrationResponseJSON,
  { rpID, origin, deviceName, now = new Date() }: RelyingParty & { deviceName: string; now?: Date },
): Promise<StaffAccount> {
  const name = deviceName.trim();
  if (!name) throw new Refusal('device_name_missing');
  if ([...name].length > DEVICE_NAME_MAX) throw new Refusal('device_name_too_long', { max: DEVICE_NAME_MAX });
  const challenge = await consumeChallenge(response.response?.clientDataJSON, 'inscription', now, accountId);
  return addPasskey(accountId, { ...(await verifiedRegistration(response, challenge, { rpID, origin })), name, createdAt: now.toISOString() }, { now });
}

/** Checks a registration answer against its challenge and the site (user verification required): the new key as stored. */
export async function verifiedRegistration(
  response: RegistrationResponseJSON,
  challenge: string,
  { rpID, origin }: RelyingParty,
): Promise<{ id: string; publicKey: string; counter: number; transports: AuthenticatorTransportFuture[] }> {
  const [{ verifyRegistrationResponse }, { isoBase64URL }] = await Promise.all([webAuthn(), webAuthnHelpers()]);
  let verification: VerifiedRegistrationResponse;
  try {
    verification = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true });
  } catch (error) {
    throw refused(error instanceof Error ? error.message : String(error));
  }
  if (!verification.verified) throw refused('registration not verified');
  const { credential } = verification.registrationInfo;
  return { id: credential.id, publicKey: isoBase64URL.fromBuffer(credential.publicKey), counter: credential.counter, transports: response.response.transports ?? [] };
}

/** Options for navigator.credentials.get() at sign-in: no credential named (the browser offers the discoverable ones). */
export async function passkeyAuthenticationOptions({ rpID, now = new Date() }: { rpID: string; now?: Date }): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({ rpID, allowCredentials: [], userVerification: 'required', timeout: PASSKEY_CHALLENGE_MS });
  await storeChallenge(options.challenge, { purpose: 'connexion', expiresAt: challengeExpiry(now) });
  return options;
}

/**
 * Verifies a sign-in answer: finds the account by the credential id, checks the challenge, the origin,
 * the signature, user verification and the counter, then stores the new counter and the last use. Returns
 * the account, which must be active.
 */
export async function verifyPasskeyAuthentication(
  response: AuthenticationResponseJSON,
  { rpID, origin, now = new Date() }: RelyingParty & { now?: Date },
): Promise<StaffAccount> {
  const found = typeof response?.id === 'string' ? await findAccountByPasskey(response.id) : undefined;
  if (!found) throw refused('unknown credential id');
  const { account, passkey } = found;
  const challenge = await consumeChallenge(response.response?.clientDataJSON, 'connexion', now);
  const userHandle = response.response.userHandle;
  const { isoBase64URL } = await webAuthnHelpers();
  if (userHandle !== undefined && userHandle !== isoBase64URL.fromBuffer(userHandleOf(account.id))) throw refused('user handle of another account');
  const newCounter = await verifiedAuthentication(response, challenge, { rpID, origin }, passkey);
  return updateAccount(
    account.id,
    (current) => {
      refuseUnlessActive(current);
      const key = current.passkeys.find((candidate) => candidate.id === passkey.id);
      if (!key) throw refused('the passkey was removed meanwhile');
      const problem = counterProblem(newCounter, key.counter);
      if (problem) throw refused(problem);
      const passkeys = current.passkeys.map((candidate) => (candidate.id === key.id ? { ...candidate, counter: newCounter, lastUsedAt: now.toISOString() } : candidate));
      return { account: { ...current, passkeys } };
    },
    { now },
  );
}

/** Deletes the challenges expired before `now` (for the daily job); returns how many. */
export function purgePasskeyChallenges({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  return purgeStore(storeNames.passkeyChallenges, expiredAt(now));
}

/** Checks a sign-in answer against its challenge, the site and the stored key (signature, user verification): the key's new counter. */
export async function verifiedAuthentication(
  response: AuthenticationResponseJSON,
  challenge: string,
  { rpID, origin }: RelyingParty,
  passkey: { id: string; publicKey: string; counter: number; transports: AuthenticatorTransportFuture[] },
): Promise<number> {
  const [{ verifyAuthenticationResponse }, { isoBase64URL }] = await Promise.all([webAuthn(), webAuthnHelpers()]);
  let verification: VerifiedAuthenticationResponse;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: passkey.id, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: true,
    });
  } catch (error) {
    throw refused(error instanceof Error ? error.message : String(error));
  }
  if (!verification.verified) throw refused('authentication not verified');
  return verification.authenticationInfo.newCounter;
}

/**
 * Why a key's new signature counter is refused, or undefined: it must grow when the authenticator keeps
 * one (another sign-in with the same value got in first: a copy of the key, or a replay).
 */
export const counterProblem = (newCounter: number, stored: number): string | undefined =>
  (newCounter > 0 || stored > 0) && newCounter <= stored ? `counter ${newCounter} not above ${stored}` : undefined;
