import { describe, expect, it } from 'vitest';
import {
  accountView,
  activateAccount,
  addPasskey,
  changeRole,
  changeTerritories,
  disableAccount,
  enableAccount,
  endAllSessions,
  findAccountByEmail,
  findAccountByPasskey,
  getAccount,
  inviteAccount,
  isOwnerId,
  listAccounts,
  ownerView,
  recordSignIn,
  removePasskey,
  resetSecondFactor,
  sessionVersionOf,
  setPassword,
} from '../../netlify/lib/team/accounts.ts';
import { verifyPassword } from '../../netlify/lib/auth/password.ts';
import { STRONG_PASSWORD as STRONG, TEAM_ENV as env, TEAM_OWNER as owner, activeAccount, refusal, testPasskey as passkey, useTeamBlobs } from '../helpers/team.ts';
import { can, OWNER_ID } from '../../src/features/team/roles.ts';

useTeamBlobs();

describe('inviting a person', () => {
  it('creates an invited account with its role and territories, and who invited it in its history', async () => {
    const now = new Date('2026-05-21T12:00:00Z');
    const account = await inviteAccount({ name: ' Marie Joseph ', email: 'marie@exemple.fr', role: 'commercial', territories: ['martinique', 'guyane'] }, owner, { now, env });
    expect(account).toMatchObject({ name: 'Marie Joseph', email: 'marie@exemple.fr', role: 'commercial', territories: ['martinique', 'guyane'], state: 'invite', passkeys: [] });
    expect(account.history).toEqual([{ at: now.toISOString(), by: owner, what: 'Invitation : Commercial, Martinique, Guyane' }]);
    expect(await getAccount(account.id)).toEqual(account);
  });

  it('an e-mail address belongs to one account, compared without case', async () => {
    await inviteAccount({ name: 'Marie Joseph', email: 'marie@exemple.fr', role: 'commercial', territories: ['martinique'] }, owner, { env });
    expect(await refusal(inviteAccount({ name: 'Autre', email: 'MARIE@Exemple.fr', role: 'technicien', territories: ['guyane'] }, owner, { env }))).toEqual({
      code: 'adresse_prise',
      message: 'Un compte existe déjà avec cette adresse e-mail.',
    });
    expect(await listAccounts()).toHaveLength(1);
    expect((await findAccountByEmail('Marie@EXEMPLE.fr'))?.email).toBe('marie@exemple.fr');
  });

  it('two invitations of one address at the same time make one account', async () => {
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) => inviteAccount({ name: `Personne ${n}`, email: 'meme@exemple.fr', role: 'commercial', territories: ['guadeloupe'] }, owner, { env })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await listAccounts()).toHaveLength(1);
  });

  it.each([
    [{ name: 'M', email: 'm@exemple.fr', role: 'commercial', territories: ['martinique'] }, 'Le nom doit compter au moins 2 caractères.'],
    [{ name: 'Marie', email: 'pas-une-adresse', role: 'commercial', territories: ['martinique'] }, 'Veuillez saisir une adresse e-mail valide.'],
    [{ name: 'Marie', email: 'm@exemple.fr', role: 'directeur', territories: ['martinique'] }, 'Veuillez choisir un rôle dans la liste.'],
    [{ name: 'Marie', email: 'm@exemple.fr', role: 'commercial', territories: [] }, 'Veuillez choisir au moins un territoire.'],
    [{ name: 'Marie', email: 'm@exemple.fr', role: 'commercial', territories: ['reunion'] }, 'Territoire inconnu.'],
    [{ name: 'Marie', email: 'm@exemple.fr', role: 'commercial', territories: ['guyane', 'guyane'] }, 'Un territoire est choisi deux fois.'],
  ])('bad input is refused in French and stores nothing: %j', async (input, message) => {
    expect(await refusal(inviteAccount(input, owner, { env }))).toEqual({ code: 'invalide', message });
    expect(await listAccounts()).toEqual([]);
  });

  it("the owner's username cannot be an account's address", async () => {
    const result = await refusal(inviteAccount({ name: 'Admin', email: 'admin@exemple.fr', role: 'commercial', territories: ['martinique'] }, owner, { env: { ADMIN_USERNAME: 'Admin@exemple.fr' } }));
    expect(result.code).toBe('adresse_prise');
  });
});

describe('enrolment and activation', () => {
  it('the password is stored as a scrypt hash, and a weak one is refused with its reason', async () => {
    const invited = await inviteAccount({ name: 'Marie Joseph', email: 'marie@exemple.fr', role: 'commercial', territories: ['martinique'] }, owner, { env });
    expect(await refusal(setPassword(invited.id, 'marie-joseph-2026'))).toEqual({
      code: 'mot_de_passe_faible',
      message: 'Le mot de passe ne doit contenir ni votre nom ni votre adresse e-mail.',
    });
    expect((await getAccount(invited.id))?.passwordHash).toBeUndefined();
    await setPassword(invited.id, STRONG);
    const hash = (await getAccount(invited.id))!.passwordHash!;
    expect(hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(STRONG, hash)).toBe(true);
  });

  it('an account becomes active only with a password and a second factor', async () => {
    const invited = await inviteAccount({ name: 'Marie Joseph', email: 'marie@exemple.fr', role: 'commercial', territories: ['martinique'] }, owner, { env });
    expect((await refusal(activateAccount(invited.id))).message).toBe('Choisissez un mot de passe avant d’activer le compte.');
    await setPassword(invited.id, STRONG);
    expect((await refusal(activateAccount(invited.id))).message).toMatch(/clé d’accès ou une application d’authentification/);
    expect(await sessionVersionOf(invited.id)).toBeUndefined();
    await addPasskey(invited.id, passkey());
    const active = await activateAccount(invited.id);
    expect(active.state).toBe('actif');
    expect(await sessionVersionOf(invited.id)).toBe(active.sessionVersion);
  });

  it('a passkey belongs to one account only, and is found by its credential id', async () => {
    const a = await activeAccount('commercial', 'a@exemple.fr');
    const b = await inviteAccount({ name: 'Luc Bernard', email: 'b@exemple.fr', role: 'technicien', territories: ['guyane'] }, owner, { env });
    const key = a.passkeys[0]!;
    expect((await refusal(addPasskey(b.id, key))).code).toBe('cle_refusee');
    expect((await findAccountByPasskey(key.id))?.account.id).toBe(a.id);
  });

  it('an active account keeps at least one second factor', async () => {
    const a = await activeAccount('commercial', 'a@exemple.fr');
    const only = a.passkeys[0]!;
    expect((await refusal(removePasskey(a.id, only.id, a))).message).toBe('Gardez au moins une clé d’accès ou une application d’authentification.');
    await addPasskey(a.id, passkey('Ordinateur'));
    const after = await removePasskey(a.id, only.id, a);
    expect(after.passkeys.map((key) => key.name)).toEqual(['Ordinateur']);
    expect(after.history.at(-1)?.what).toBe('Clé d’accès supprimée : Téléphone');
  });
});

describe('the last active administrator', () => {
  it('cannot be demoted nor disabled, nor lose their second factor', async () => {
    const admin = await activeAccount('administrateur', 'admin1@exemple.fr');
    expect(await refusal(changeRole(admin.id, 'commercial', owner))).toEqual({
      code: 'dernier_administrateur',
      message: 'Impossible : ce compte est le dernier administrateur actif de l’équipe.',
    });
    expect((await refusal(disableAccount(admin.id, owner))).code).toBe('dernier_administrateur');
    expect((await refusal(resetSecondFactor(admin.id, owner))).code).toBe('dernier_administrateur');
    expect((await getAccount(admin.id))).toMatchObject({ role: 'administrateur', state: 'actif' });
  });

  it('can be demoted once another administrator is active', async () => {
    const first = await activeAccount('administrateur', 'admin1@exemple.fr');
    await activeAccount('administrateur', 'admin2@exemple.fr');
    const demoted = await changeRole(first.id, 'technicien', owner);
    expect(demoted.role).toBe('technicien');
    expect(demoted.history.at(-1)).toMatchObject({ by: owner, what: 'Rôle : Administrateur → Technicien' });
  });

  it('two administrators demoting each other at the same time: one change is refused', async () => {
    const first = await activeAccount('administrateur', 'admin1@exemple.fr');
    const second = await activeAccount('administrateur', 'admin2@exemple.fr');
    const results = await Promise.allSettled([changeRole(first.id, 'commercial', second), disableAccount(second.id, first)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await listAccounts()).filter((account) => can(account.role, 'team.manage') && account.state === 'actif')).toHaveLength(1);
  });
});

describe('the owner', () => {
  it('is told by its id, is shown as an administrator of every territory, and is never stored', async () => {
    expect(isOwnerId(OWNER_ID)).toBe(true);
    expect(isOwnerId('marie')).toBe(false);
    expect(ownerView(env)).toMatchObject({ id: OWNER_ID, name: 'admin', role: 'administrateur', territories: ['martinique', 'guadeloupe', 'guyane'], state: 'actif', owner: true });
    expect(ownerView({})).toBeUndefined();
    expect(await getAccount(OWNER_ID)).toBeUndefined();
  });

  it('can never be disabled, demoted or reset', async () => {
    for (const attempt of [disableAccount(OWNER_ID, owner), changeRole(OWNER_ID, 'commercial', owner), resetSecondFactor(OWNER_ID, owner)]) {
      expect((await refusal(attempt)).code).toBe('proprietaire');
    }
  });

  it('ends all of its sessions by a version of its own', async () => {
    expect(await sessionVersionOf(OWNER_ID)).toBe(0);
    expect(await endAllSessions(OWNER_ID, owner)).toBe(1);
    expect(await sessionVersionOf(OWNER_ID)).toBe(1);
  });
});

describe('sessions, disabling and the second factor', () => {
  it('disabling ends the sessions and refuses the account; re-enabling lets it in with a new session version', async () => {
    const a = await activeAccount('commercial', 'a@exemple.fr');
    const disabled = await disableAccount(a.id, owner);
    expect(disabled.state).toBe('desactive');
    expect(disabled.sessionVersion).toBe(a.sessionVersion + 1);
    expect(await sessionVersionOf(a.id)).toBeUndefined();
    const enabled = await enableAccount(a.id, owner);
    expect(enabled.state).toBe('actif');
    expect(await sessionVersionOf(a.id)).toBe(a.sessionVersion + 1);
    expect(enabled.history.slice(-2).map((entry) => entry.what)).toEqual(['Compte désactivé', 'Compte réactivé']);
  });

  it('« Déconnecter toutes les sessions » bumps the session version', async () => {
    const a = await activeAccount('technicien', 't@exemple.fr');
    expect(await endAllSessions(a.id, a)).toBe(a.sessionVersion + 1);
    expect(await sessionVersionOf(a.id)).toBe(a.sessionVersion + 1);
  });

  it('resetting the second factor removes passkeys and TOTP, ends sessions and sends the account back to enrolment', async () => {
    const a = await activeAccount('technicien', 't@exemple.fr');
    const reset = await resetSecondFactor(a.id, owner);
    expect(reset).toMatchObject({ passkeys: [], state: 'invite', sessionVersion: a.sessionVersion + 1 });
    expect(reset.totp).toBeUndefined();
    expect(reset.passwordHash).toBe(a.passwordHash);
    expect(await sessionVersionOf(a.id)).toBeUndefined();
  });

  it('a disabled account without a second factor comes back invited', async () => {
    const a = await activeAccount('technicien', 't@exemple.fr');
    await activeAccount('administrateur', 'admin@exemple.fr');
    await resetSecondFactor(a.id, owner);
    await disableAccount(a.id, owner);
    expect((await enableAccount(a.id, owner)).state).toBe('invite');
  });
});

describe('role, territories and sign-in', () => {
  it('changing the territories records before and after', async () => {
    const a = await activeAccount('commercial', 'a@exemple.fr');
    const changed = await changeTerritories(a.id, ['guadeloupe', 'guyane'], owner, { now: new Date('2026-06-01T08:00:00Z') });
    expect(changed.territories).toEqual(['guadeloupe', 'guyane']);
    expect(changed.history.at(-1)).toEqual({ at: '2026-06-01T08:00:00.000Z', by: owner, what: 'Territoires : Martinique → Guadeloupe, Guyane' });
    expect((await refusal(changeTerritories(a.id, [], owner))).code).toBe('invalide');
  });

  it('an unknown account is refused as not found', async () => {
    expect(await refusal(changeRole('inconnu', 'commercial', owner))).toEqual({ code: 'introuvable', message: 'Ce compte est introuvable.' });
  });

  it('a sign-in is recorded as the last sign-in, not as a change', async () => {
    const a = await activeAccount('commercial', 'a@exemple.fr');
    await recordSignIn(a.id, { now: new Date('2026-06-02T09:30:00Z') });
    const after = (await getAccount(a.id))!;
    expect(after.lastSignInAt).toBe('2026-06-02T09:30:00.000Z');
    expect(after.history).toEqual(a.history);
  });

  it('the view of an account shows no secret', async () => {
    const a = await activeAccount('commercial', 'a@exemple.fr');
    const view = JSON.stringify(accountView(a));
    expect(view).not.toContain('scrypt');
    expect(view).not.toContain('publicKey');
    expect(accountView(a)).toMatchObject({ hasPassword: true, hasTotp: false, passkeys: [{ name: 'Téléphone' }] });
  });
});
