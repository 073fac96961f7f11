/**
 * Customers' passkeys: optional one-tap sign-in to the space, with the team's WebAuthn rules
 * (netlify/lib/team/passkeys.ts: the site as relying party, discoverable credentials with user
 * verification, one stored challenge per ceremony answered once within 5 minutes, a growing counter).
 * - A passkey is one blob of `customer-passkeys`, keyed `<personId>/<credentialId>`; the person's id is the
 *   credential's user handle, so a sign-in finds the key from the browser's answer alone. Challenges wait
 *   in the same store under `defis/`.
 * - A passkey signs in only while its person is still listed by their company (the same rule as sessions).
 * - Anything wrong with an answer: « La clé d’accès n’a pas pu être vérifiée. » (the reason goes to the log).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Company, Person } from '../../../src/features/customers/model.ts';
import type { CustomerPasskeyView } from '../../../src/features/space/account-model.ts';
import { PASSKEY_CHALLENGE_MS } from '../../../src/features/team/team-constants.ts';
import { company as site } from '../../../src/lib/site.ts';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';
import { challengeExpiry, consumeChallenge, refused, storeChallenge, type ChallengeStore, type RelyingParty } from '../team/passkeys.ts';
import { getCompany } from './companies.ts';

interface StoredPasskey {
  id: string;
  companyId: string;
  personId: string;
  publicKey: string;
  counter: number;
  transports: AuthenticatorTransportFuture[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const CHALLENGES: ChallengeStore = { store: storeNames.customerPasskeys, prefix: 'defis/' };
const passkeys = () => strongStore(storeNames.customerPasskeys);
const keyOf = (personId: string, credentialId: string): string => `${personId}/${credentialId}`;
const userHandleOf = (personId: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(personId);
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{16,400}$/;

/** The person's passkeys, oldest first. */
async function storedPasskeys(personId: string): Promise<StoredPasskey[]> {
  const { blobs } = await passkeys().list({ prefix: `${personId}/` });
  const found = await Promise.all(blobs.map(async ({ key }) => (await passkeys().get(key, { type: 'json' })) as StoredPasskey | null));
  return found.filter((key): key is StoredPasskey => key !== null).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The person's passkeys as « Mon compte » lists them. */
export async function listCustomerPasskeys(personId: string): Promise<CustomerPasskeyView[]> {
  return (await storedPasskeys(personId)).map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt }));
}

/** Options for navigator.credentials.create(): a discoverable passkey of this person, user verification required. */
export async function customerRegistrationOptions(person: Person, { rpID, now = new Date() }: { rpID: string; now?: Date }): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: site.name,
    rpID,
    userName: person.email,
    userDisplayName: person.name,
    userID: userHandleOf(person.id),
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_MS,
    excludeCredentials: (await storedPasskeys(person.id)).map((key) => ({ id: key.id, transports: key.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(options.challenge, { purpose: 'inscription', accountId: person.id, expiresAt: challengeExpiry(now) }, CHALLENGES);
  return options;
}

/** Verifies the browser's answer to the registration options and keeps the passkey under the device's name. */
export async function addCustomerPasskey(
  company: Company,
  person: Person,
  response: RegistrationResponseJSON,
  { rpID, origin, name, now = new Date() }: RelyingParty & { name: string; now?: Date },
): Promise<CustomerPasskeyView> {
  const challenge = await consumeChallenge(response?.response?.clientDataJSON, 'inscription', now, person.id, CHALLENGES);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true });
  } catch (error) {
    throw refused(error instanceof Error ? error.message : String(error));
  }
  if (!verification.verified) throw refused('registration not verified');
  const { credential } = verification.registrationInfo;
  const stored: StoredPasskey = {
    id: credential.id,
    companyId: company.id,
    personId: person.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: response.response.transports ?? [],
    name,
    createdAt: now.toISOString(),
    lastUsedAt: null,
  };
  const written = await passkeys().setJSON(keyOf(person.id, credential.id), stored, { onlyIfNew: true });
  if (!written.modified) throw refused('credential already registered');
  return { id: stored.id, name, createdAt: stored.createdAt, lastUsedAt: null };
}

/** Removes one of the person's passkeys; false when they have none by that id. */
export async function removeCustomerPasskey(personId: string, id: string): Promise<boolean> {
  if (!CREDENTIAL_ID.test(id)) return false;
  const key = keyOf(personId, id);
  if ((await passkeys().get(key)) === null) return false;
  await passkeys().delete(key);
  return true;
}

/** Options for navigator.credentials.get() at sign-in: no credential named (the browser offers the discoverable ones). */
export async function customerAuthenticationOptions({ rpID, now = new Date() }: { rpID: string; now?: Date }): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID, allowCredentials: [], userVerification: 'required', timeout: PASSKEY_CHALLENGE_MS });
  await storeChallenge(options.challenge, { purpose: 'connexion', expiresAt: challengeExpiry(now) }, CHALLENGES);
  return options;
}

/**
 * Verifies a sign-in answer: the key of the person its user handle names, the challenge, the origin, the
 * signature, user verification and a growing counter (stored with a conditional write); resolves to the
 * person and their company, who must still list them.
 */
export async function verifyCustomerPasskey(response: AuthenticationResponseJSON, { rpID, origin, now = new Date() }: RelyingParty & { now?: Date }): Promise<{ company: Company; person: Person }> {
  const handle = response?.response?.userHandle;
  const personId = typeof handle === 'string' && handle ? new TextDecoder().decode(isoBase64URL.toBuffer(handle)) : '';
  if (!/^[\w-]{1,64}$/.test(personId) || typeof response.id !== 'string' || !CREDENTIAL_ID.test(response.id)) throw refused('no user handle or credential id');
  const key = keyOf(personId, response.id);
  const passkey = (await passkeys().get(key, { type: 'json' })) as StoredPasskey | null;
  if (!passkey) throw refused('unknown customer credential');
  const challenge = await consumeChallenge(response.response.clientDataJSON, 'connexion', now, undefined, CHALLENGES);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
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
  const { newCounter } = verification.authenticationInfo;
  const problem = await updateJSON<StoredPasskey, string | undefined>(storeNames.customerPasskeys, key, (current) => {
    if (!current) return { result: 'the passkey was removed meanwhile' };
    // Another sign-in with the same counter value got in first: a copy of the key, or a replay.
    if ((newCounter > 0 || current.counter > 0) && newCounter <= current.counter) return { result: `counter ${newCounter} not above ${current.counter}` };
    return { value: { ...current, counter: newCounter, lastUsedAt: now.toISOString() }, result: undefined };
  });
  if (problem) throw refused(problem);
  const company = await getCompany(passkey.companyId);
  const person = company?.people.find((candidate) => candidate.id === personId);
  if (!company || !person) throw refused('the person is no longer listed by their company');
  return { company, person };
}
