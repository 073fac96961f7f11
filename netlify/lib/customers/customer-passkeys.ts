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
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Company, Person } from '../../../src/features/customers/model.ts';
import type { CustomerPasskeyView } from '../../../src/features/space/account-model.ts';
import { PASSKEY_CHALLENGE_MS } from '../../../src/features/team/team-constants.ts';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';
import { challengeExpiry, discoverableRegistrationOptions, consumeChallenge, counterProblem, refused, storeChallenge, verifiedAuthentication, verifiedRegistration, type AuthenticatorTransportFuture, type ChallengeStore, type RelyingParty, webAuthn, webAuthnHelpers } from '../team/passkeys.ts';
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
  const options = await discoverableRegistrationOptions({ rpID, userId: person.id, userName: person.email, displayName: person.name, existing: await storedPasskeys(person.id) });
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
  const key = await verifiedRegistration(response, challenge, { rpID, origin });
  const stored: StoredPasskey = { ...key, companyId: company.id, personId: person.id, name, createdAt: now.toISOString(), lastUsedAt: null };
  const written = await passkeys().setJSON(keyOf(person.id, key.id), stored, { onlyIfNew: true });
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
  const { generateAuthenticationOptions } = await webAuthn();
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
  const { isoBase64URL } = await webAuthnHelpers();
  const personId = typeof handle === 'string' && handle ? new TextDecoder().decode(isoBase64URL.toBuffer(handle)) : '';
  if (!/^[\w-]{1,64}$/.test(personId) || typeof response.id !== 'string' || !CREDENTIAL_ID.test(response.id)) throw refused('no user handle or credential id');
  const key = keyOf(personId, response.id);
  const passkey = (await passkeys().get(key, { type: 'json' })) as StoredPasskey | null;
  if (!passkey) throw refused('unknown customer credential');
  const challenge = await consumeChallenge(response.response.clientDataJSON, 'connexion', now, undefined, CHALLENGES);
  const newCounter = await verifiedAuthentication(response, challenge, { rpID, origin }, passkey);
  const problem = await updateJSON<StoredPasskey, string | undefined>(storeNames.customerPasskeys, key, (current) => {
    if (!current) return { result: 'the passkey was removed meanwhile' };
    const counter = counterProblem(newCounter, current.counter);
    if (counter) return { result: counter };
    return { value: { ...current, counter: newCounter, lastUsedAt: now.toISOString() }, result: undefined };
  });
  if (problem) throw refused(problem);
  const company = await getCompany(passkey.companyId);
  const person = company?.people.find((candidate) => candidate.id === personId);
  if (!company || !person) throw refused('the person is no longer listed by their company');
  return { company, person };
}
