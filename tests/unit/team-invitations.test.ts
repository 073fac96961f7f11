import { describe, expect, it } from 'vitest';
import { getStore } from '@netlify/blobs';
import { createHash } from 'node:crypto';
import { addPasskey, getAccount, resetSecondFactor, setPassword, disableAccount } from '../../netlify/lib/team/accounts.ts';
import { completeInvitation, createInvitation, openInvitation, purgeInvitations } from '../../netlify/lib/team/invitations.ts';
import { storeNames } from '../../netlify/lib/storage/storage.ts';
import { STRONG_PASSWORD, TEAM_ENV, TEAM_OWNER, activeAccount, invitedAccount, refusal, testPasskey, useTeamBlobs } from '../helpers/team.ts';
import { API_ERRORS } from '../../netlify/lib/http/errors.ts';
import { invitationMail } from '../../netlify/lib/team/invitation-mail.ts';

const INVITATION_EXPIRED = API_ERRORS.invitation_expired.message;
const INVITATION_UNKNOWN = API_ERRORS.invitation_not_found.message;
const INVITATION_USED = API_ERRORS.invitation_used.message;

useTeamBlobs();

const HOUR = 60 * 60 * 1000;
const start = new Date('2026-05-21T12:00:00Z');
const later = (hours: number) => new Date(start.getTime() + hours * HOUR);

/** An invited person who chose a password and enrolled a passkey through the link. */
async function enrolled(token: string, accountId: string) {
  await openInvitation(token, { now: later(1) });
  await setPassword(accountId, STRONG_PASSWORD);
  await addPasskey(accountId, testPasskey());
}

describe('an invitation link', () => {
  it('opens its account for enrolment, as many times as needed within 48 hours', async () => {
    const account = await invitedAccount('technicien', 't@exemple.fr');
    const { token, expiresAt } = await createInvitation(account.id, TEAM_OWNER, { now: start });
    expect(expiresAt).toBe(later(48).toISOString());
    expect((await openInvitation(token, { now: later(1) })).id).toBe(account.id);
    expect((await openInvitation(token, { now: later(47.9) })).id).toBe(account.id);
  });

  it('stores only the SHA-256 of its token', async () => {
    const account = await invitedAccount('technicien', 't@exemple.fr');
    const { token } = await createInvitation(account.id, TEAM_OWNER, { now: start });
    const { blobs } = await getStore({ name: storeNames.invitations, consistency: 'strong' }).list();
    const keys = blobs.map((blob) => blob.key);
    expect(keys).toContain(createHash('sha256').update(token).digest('hex'));
    expect(keys).not.toContain(token);
  });

  it('after 48 hours says it has expired', async () => {
    const account = await invitedAccount('technicien', 't@exemple.fr');
    const { token } = await createInvitation(account.id, TEAM_OWNER, { now: start });
    expect(await refusal(openInvitation(token, { now: later(48) }))).toEqual({ code: 'invitation_expiree', message: INVITATION_EXPIRED });
    expect(INVITATION_EXPIRED).toBe('Ce lien d’invitation a expiré.');
  });

  it('completing it activates the account; used twice it says it was used', async () => {
    const account = await invitedAccount('technicien', 't@exemple.fr');
    const { token } = await createInvitation(account.id, TEAM_OWNER, { now: start });
    await enrolled(token, account.id);
    expect((await completeInvitation(token, { now: later(2) })).state).toBe('actif');
    expect(await refusal(openInvitation(token, { now: later(3) }))).toEqual({ code: 'invitation_utilisee', message: INVITATION_USED });
    expect(await refusal(completeInvitation(token, { now: later(3) }))).toEqual({ code: 'invitation_utilisee', message: 'Ce lien d’invitation a déjà été utilisé.' });
  });

  it('used after 48 hours, it says it was used (the first refusal that applies)', async () => {
    const account = await invitedAccount('technicien', 't@exemple.fr');
    const { token } = await createInvitation(account.id, TEAM_OWNER, { now: start });
    await enrolled(token, account.id);
    await completeInvitation(token, { now: later(2) });
    expect((await refusal(openInvitation(token, { now: later(100) }))).code).toBe('invitation_utilisee');
  });

  it('cannot complete without a second factor, and stays open', async () => {
    const account = await invitedAccount('technicien', 't@exemple.fr');
    const { token } = await createInvitation(account.id, TEAM_OWNER, { now: start });
    await setPassword(account.id, STRONG_PASSWORD);
    expect((await refusal(completeInvitation(token, { now: later(1) }))).code).toBe('etat');
    expect((await getAccount(account.id))?.state).toBe('invite');
    expect((await openInvitation(token, { now: later(1) })).id).toBe(account.id);
  });

  it('a newer link replaces the older one', async () => {
    const account = await invitedAccount('technicien', 't@exemple.fr');
    const first = await createInvitation(account.id, TEAM_OWNER, { now: start });
    const second = await createInvitation(account.id, TEAM_OWNER, { now: later(1) });
    expect(await refusal(openInvitation(first.token, { now: later(2) }))).toEqual({ code: 'invitation_inconnue', message: INVITATION_UNKNOWN });
    expect((await openInvitation(second.token, { now: later(2) })).id).toBe(account.id);
  });

  it('an unknown token, or the link of an account disabled since, is not valid', async () => {
    expect((await refusal(openInvitation('nimporte-quoi'))).code).toBe('invitation_inconnue');
    const account = await invitedAccount('technicien', 't@exemple.fr');
    const { token } = await createInvitation(account.id, TEAM_OWNER, { now: start });
    await disableAccount(account.id, TEAM_OWNER);
    expect((await refusal(openInvitation(token, { now: later(1) }))).code).toBe('invitation_inconnue');
  });

  it('only an invited account gets a link; one reset to enrol again gets a new one', async () => {
    const active = await activeAccount('commercial', 'c@exemple.fr');
    expect((await refusal(createInvitation(active.id, TEAM_OWNER))).code).toBe('etat');
    await activeAccount('administrateur', 'admin@exemple.fr');
    await resetSecondFactor(active.id, TEAM_OWNER);
    const { token } = await createInvitation(active.id, TEAM_OWNER, { now: start });
    expect((await openInvitation(token, { now: later(1) })).id).toBe(active.id);
  });

  it('the daily purge deletes expired links only', async () => {
    const a = await invitedAccount('technicien', 'a@exemple.fr');
    const b = await invitedAccount('technicien', 'b@exemple.fr');
    await createInvitation(a.id, TEAM_OWNER, { now: start });
    const fresh = await createInvitation(b.id, TEAM_OWNER, { now: later(24) });
    const store = getStore({ name: storeNames.invitations, consistency: 'strong' });
    const before = (await store.list()).blobs.length;
    expect(await purgeInvitations({ now: later(50) })).toBeGreaterThanOrEqual(1);
    expect((await store.list()).blobs.length).toBeLessThan(before);
    expect((await openInvitation(fresh.token, { now: later(50) })).id).toBe(b.id);
  });
});

describe('the invitation e-mail', () => {
  it('names the person who invites, and the company’s team for the owner’s account (never its sign-in name)', async () => {
    const account = await invitedAccount('technicien', 't@exemple.fr');
    const expires = later(48).toISOString();
    const byPerson = invitationMail(account, 'https://site.example/lien', expires, { id: 'marie', name: 'Marie Joseph' }, TEAM_ENV);
    expect(byPerson.textBody).toContain('Marie Joseph vous invite à rejoindre l’espace d’administration de Vision Caraïbes, avec le rôle Technicien');
    const byOwner = invitationMail(account, 'https://site.example/lien', expires, TEAM_OWNER, TEAM_ENV);
    expect(byOwner.textBody).toContain('L’équipe Vision Caraïbes vous invite à rejoindre son espace d’administration, avec le rôle Technicien');
    expect(`${byOwner.textBody}${byOwner.htmlBody}`).not.toMatch(new RegExp(`\\b${TEAM_OWNER.name}\\b vous invite`));
  });
});
