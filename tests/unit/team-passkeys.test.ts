import { describe, expect, it } from 'vitest';
import { getAccount } from '../../netlify/lib/team/accounts.ts';
import {
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  purgePasskeyChallenges,
  relyingPartyOf,
  verifyPasskeyAuthentication,
  verifyPasskeyRegistration,
} from '../../netlify/lib/team/passkeys.ts';
import { activateAccount, disableAccount, setPassword } from '../../netlify/lib/team/accounts.ts';
import { STRONG_PASSWORD, TEAM_OWNER, invitedAccount, refusal, useTeamBlobs } from '../helpers/team.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';

const PASSKEY_REFUSED = API_ERRORS.passkey_refused.message;

useTeamBlobs();

const site = { rpID: 'www.vision-caraibes.fr', origin: 'https://www.vision-caraibes.fr' };
const at = new Date('2026-05-21T12:00:00Z');
const minutes = (n: number) => new Date(at.getTime() + n * 60_000);

/** An invited person who registers the authenticator under a device name. */
async function registered(authenticator = new SoftwareAuthenticator(site.origin, site.rpID)) {
  const account = await invitedAccount('technicien', 'tech@exemple.fr', 'Luc Bernard');
  const options = await passkeyRegistrationOptions(account.id, { rpID: site.rpID, now: at });
  const withKey = await verifyPasskeyRegistration(account.id, authenticator.register(options), { ...site, deviceName: ' Téléphone de Luc ', now: at });
  return { account: withKey, authenticator };
}

/** …who then chose a password and activated the account. */
async function activeWithPasskey() {
  const { account, authenticator } = await registered();
  await setPassword(account.id, STRONG_PASSWORD);
  await activateAccount(account.id);
  return { account, authenticator };
}

describe('the relying party', () => {
  it('is the host name and origin of the site address', () => {
    expect(relyingPartyOf('https://www.vision-caraibes.fr/admin/invitation/abc')).toEqual(site);
    expect(relyingPartyOf('http://localhost:4481')).toEqual({ rpID: 'localhost', origin: 'http://localhost:4481' });
  });
});

describe('registering a passkey', () => {
  it('asks for a discoverable credential with user verification, for this site and person', async () => {
    const account = await invitedAccount('technicien', 'tech@exemple.fr', 'Luc Bernard');
    const options = await passkeyRegistrationOptions(account.id, { rpID: site.rpID, now: at });
    expect(options.rp).toEqual({ name: 'Vision Caraïbes', id: site.rpID });
    expect(options.user).toMatchObject({ name: 'tech@exemple.fr', displayName: 'Luc Bernard' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.pubKeyCredParams.map((param) => param.alg)).toContain(-7);
  });

  it("a software authenticator's attestation is verified and its key stored under the device's name", async () => {
    const { account, authenticator } = await registered();
    expect(account.passkeys).toEqual([
      expect.objectContaining({ id: authenticator.id, name: 'Téléphone de Luc', counter: 0, transports: ['internal'], createdAt: at.toISOString() }),
    ]);
    expect(account.history.at(-1)?.what).toBe('Clé d’accès ajoutée : Téléphone de Luc');
  });

  it('an answer from another origin is refused and nothing is stored', async () => {
    const account = await invitedAccount('technicien', 'tech@exemple.fr');
    const options = await passkeyRegistrationOptions(account.id, { rpID: site.rpID, now: at });
    const phishing = new SoftwareAuthenticator('https://www.vision-caraibes.example', site.rpID);
    expect(await refusal(verifyPasskeyRegistration(account.id, phishing.register(options), { ...site, deviceName: 'Clé', now: at }))).toEqual({
      code: 'cle_refusee',
      message: PASSKEY_REFUSED,
    });
    expect((await getAccount(account.id))?.passkeys).toEqual([]);
  });

  it('a challenge answered twice is refused the second time', async () => {
    const account = await invitedAccount('technicien', 'tech@exemple.fr');
    const options = await passkeyRegistrationOptions(account.id, { rpID: site.rpID, now: at });
    const answer = new SoftwareAuthenticator(site.origin, site.rpID).register(options);
    await verifyPasskeyRegistration(account.id, answer, { ...site, deviceName: 'Clé', now: at });
    expect((await refusal(verifyPasskeyRegistration(account.id, answer, { ...site, deviceName: 'Clé', now: at }))).code).toBe('cle_refusee');
  });

  it('a challenge older than 5 minutes, or made for another account, is refused', async () => {
    const account = await invitedAccount('technicien', 'tech@exemple.fr');
    const other = await invitedAccount('commercial', 'com@exemple.fr');
    const options = await passkeyRegistrationOptions(account.id, { rpID: site.rpID, now: at });
    const answer = new SoftwareAuthenticator(site.origin, site.rpID).register(options);
    expect((await refusal(verifyPasskeyRegistration(other.id, answer, { ...site, deviceName: 'Clé', now: at }))).code).toBe('cle_refusee');
    const late = await passkeyRegistrationOptions(account.id, { rpID: site.rpID, now: at });
    const lateAnswer = new SoftwareAuthenticator(site.origin, site.rpID).register(late);
    expect((await refusal(verifyPasskeyRegistration(account.id, lateAnswer, { ...site, deviceName: 'Clé', now: minutes(5) }))).code).toBe('cle_refusee');
  });

  it('the device needs a name', async () => {
    const account = await invitedAccount('technicien', 'tech@exemple.fr');
    const options = await passkeyRegistrationOptions(account.id, { rpID: site.rpID, now: at });
    const answer = new SoftwareAuthenticator(site.origin, site.rpID).register(options);
    expect((await refusal(verifyPasskeyRegistration(account.id, answer, { ...site, deviceName: '  ', now: at }))).code).toBe('invalide');
  });
});

describe('signing in with a passkey alone', () => {
  it('names no credential: the browser offers the discoverable ones', async () => {
    const options = await passkeyAuthenticationOptions({ rpID: site.rpID, now: at });
    expect(options.allowCredentials).toEqual([]);
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe(site.rpID);
  });

  it("the assertion signed by the authenticator finds the account, and its counter and last use are stored", async () => {
    const { account, authenticator } = await activeWithPasskey();
    const options = await passkeyAuthenticationOptions({ rpID: site.rpID, now: at });
    const signedIn = await verifyPasskeyAuthentication(authenticator.authenticate(options), { ...site, now: minutes(1) });
    expect(signedIn.id).toBe(account.id);
    expect(signedIn.passkeys[0]).toMatchObject({ counter: 1, lastUsedAt: minutes(1).toISOString() });
  });

  it('a replayed assertion (same challenge) is refused', async () => {
    const { authenticator } = await activeWithPasskey();
    const options = await passkeyAuthenticationOptions({ rpID: site.rpID, now: at });
    const answer = authenticator.authenticate(options);
    await verifyPasskeyAuthentication(answer, { ...site, now: at });
    expect(await refusal(verifyPasskeyAuthentication(answer, { ...site, now: at }))).toEqual({ code: 'cle_refusee', message: PASSKEY_REFUSED });
  });

  it('a counter lower than the last one seen (a cloned key) is refused and not stored', async () => {
    const { account, authenticator } = await activeWithPasskey();
    authenticator.counter = 5;
    await verifyPasskeyAuthentication(authenticator.authenticate(await passkeyAuthenticationOptions({ rpID: site.rpID, now: at })), { ...site, now: at });
    authenticator.counter = 2;
    const clone = authenticator.authenticate(await passkeyAuthenticationOptions({ rpID: site.rpID, now: at }));
    expect((await refusal(verifyPasskeyAuthentication(clone, { ...site, now: at }))).code).toBe('cle_refusee');
    expect((await getAccount(account.id))?.passkeys[0]?.counter).toBe(6);
  });

  it('an assertion from another origin is refused', async () => {
    const { authenticator } = await activeWithPasskey();
    authenticator.origin = 'https://vision-caraibes.example';
    const answer = authenticator.authenticate(await passkeyAuthenticationOptions({ rpID: site.rpID, now: at }));
    expect((await refusal(verifyPasskeyAuthentication(answer, { ...site, now: at }))).code).toBe('cle_refusee');
  });

  it('an assertion after 5 minutes is refused', async () => {
    const { authenticator } = await activeWithPasskey();
    const answer = authenticator.authenticate(await passkeyAuthenticationOptions({ rpID: site.rpID, now: at }));
    expect((await refusal(verifyPasskeyAuthentication(answer, { ...site, now: minutes(6) }))).code).toBe('cle_refusee');
  });

  it('an unknown key, or the key of a disabled account, signs nobody in', async () => {
    const stranger = new SoftwareAuthenticator(site.origin, site.rpID);
    const options = await passkeyAuthenticationOptions({ rpID: site.rpID, now: at });
    expect((await refusal(verifyPasskeyAuthentication(stranger.authenticate(options), { ...site, now: at }))).code).toBe('cle_refusee');
    const { account, authenticator } = await activeWithPasskey();
    await disableAccount(account.id, TEAM_OWNER);
    const answer = authenticator.authenticate(await passkeyAuthenticationOptions({ rpID: site.rpID, now: at }));
    expect(await refusal(verifyPasskeyAuthentication(answer, { ...site, now: at }))).toEqual({ code: 'etat', message: 'Ce compte est désactivé.' });
  });

  it('an invited account (enrolment not finished) cannot sign in yet', async () => {
    const { authenticator } = await registered();
    const answer = authenticator.authenticate(await passkeyAuthenticationOptions({ rpID: site.rpID, now: at }));
    expect((await refusal(verifyPasskeyAuthentication(answer, { ...site, now: at }))).code).toBe('etat');
  });

  it('the daily purge deletes expired challenges', async () => {
    await passkeyAuthenticationOptions({ rpID: site.rpID, now: at });
    expect(await purgePasskeyChallenges({ now: minutes(10) })).toBeGreaterThanOrEqual(1);
    expect(await purgePasskeyChallenges({ now: minutes(10) })).toBe(0);
  });
});
