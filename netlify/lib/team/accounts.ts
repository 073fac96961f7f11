/**
 * Staff accounts in Blobs. The rules:
 * - One blob (`equipe` in the team store) holds every account, written only through updateJSON's
 *   conditional write, so two rules that span accounts hold even under concurrent changes: an e-mail
 *   address belongs to one account (compared without case), and no change leaves the team without an
 *   active administrator once it has one (« nobody can remove or demote the last active administrator »).
 *   A team is a few dozen people: one small blob, read once per call.
 * - The environment's owner (ADMIN_USERNAME) is not stored: it is an administrator of every territory
 *   with the fixed id OWNER_ID, that no operation can change or disable. Only its session version is kept
 *   here, so « Déconnecter toutes les sessions » works for the owner too.
 * - An account is `invite` until it has a password and a second factor (a passkey or a TOTP app), then
 *   `actif`; `desactive` refuses it everywhere. Disabling, resetting the second factor and « Déconnecter
 *   toutes les sessions » bump its session version: tokens carrying an older one are refused.
 * - Every change records who made it, when and what, in the account's history (its last
 *   ACCOUNT_HISTORY_MAX entries; the journal keeps all of them for a year).
 * Operations throw a `Refusal` (an error table code) and then change nothing.
 */
import { randomUUID } from 'node:crypto';
import type { z } from '../../../src/records/zod.ts';
import { invitationInputSchema, firstIssue, roleSchema, territoriesSchema, type InvitationInput } from '../../../src/features/team/account-schema.ts';
import { checkPassword } from '../../../src/features/team/password-policy.ts';
import { can, OWNER_ID, roleLabel, type AccountState, type Permission, type RoleId } from '../../../src/features/team/roles.ts';
import { ACCOUNT_HISTORY_MAX } from '../../../src/features/team/team-constants.ts';
import { sameMailbox } from '../../../src/lib/mailbox.ts';
import { TERRITORIES, territoryOf, type TerritoryId } from '../../../src/lib/territories.ts';
import { hashPassword } from '../auth/password.ts';
import { removeFromRotas } from '../push/rota.ts';
import { eraseSubscriptionsOf } from '../push/subscriptions.ts';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';
import { Refusal } from '../http/refusal.ts';

type Env = Record<string, string | undefined>;

/** Whether an account id is the environment's owner. */
export const isOwnerId = (id: string): boolean => id === OWNER_ID;

/** Whether an account is active and its role grants `permission` in `territory` (« the active technicians of a ticket's territory »: `tickets.assignable`). */
export const activeWith = (account: Pick<StaffAccount, 'state' | 'role' | 'territories'>, permission: Permission, territory: TerritoryId): boolean =>
  account.state === 'actif' && can(account.role, permission) && account.territories.includes(territory);

/**
 * Whether the account may be on call in the territory (« Astreinte »): active, handling tickets by its role,
 * and of that territory. Checked when the rota is set, when a « Bloquant » wakes the person on call, and
 * whenever an account changes (it then leaves the rotas where it no longer may be).
 */
export const mayBeOnCall = (account: Pick<StaffAccount, 'state' | 'role' | 'territories'>, territory: TerritoryId): boolean => activeWith(account, 'tickets.write', territory);

/** Takes an account off the rota of every territory where it may no longer be on call (mayBeOnCall). */
async function leaveRotasNoLongerItsOwn(account: StaffAccount): Promise<void> {
  await removeFromRotas(account.id, TERRITORIES.map((territory) => territory.id).filter((territory) => !mayBeOnCall(account, territory)));
}

/** Who made a change: an account id and the name shown (« par Marie Joseph »). */
export interface Actor {
  id: string;
  name: string;
}

/** A passkey (WebAuthn credential) of an account. */
export interface Passkey {
  /** Credential id, base64url. */
  id: string;
  /** COSE public key, base64url. */
  publicKey: string;
  /** Signature counter last seen (0 for authenticators that keep none). */
  counter: number;
  transports: string[];
  /** The name the person gave the device (« Téléphone de Marie »). */
  name: string;
  createdAt: string;
  lastUsedAt?: string;
}

/** A TOTP authenticator app: the secret sealed with secret-box.ts and the last accepted time step. */
export interface TotpFactor {
  sealedSecret: string;
  /** The time step of the last code accepted; a code of this step or an earlier one is refused. */
  lastStep: number;
  enrolledAt: string;
}

/** One change of an account, as its view lists it. */
export interface AccountHistoryEntry {
  at: string;
  by: Actor;
  /** What changed, in French (« Rôle : Commercial → Technicien »). */
  what: string;
}

/** A stored staff account. Secrets included: never send it as is (see accountView). */
export interface StaffAccount {
  id: string;
  name: string;
  email: string;
  role: RoleId;
  territories: TerritoryId[];
  state: AccountState;
  passwordHash?: string;
  passkeys: Passkey[];
  totp?: TotpFactor;
  /** The SHA-256 of the newest invitation link's token: only that link opens the enrolment. */
  invitationKey?: string;
  /** A TOTP secret shown as a QR code but not yet confirmed by a code. */
  pendingTotp?: { sealedSecret: string; createdAt: string };
  /** Bumped to end every session of the account at once. */
  sessionVersion: number;
  createdAt: string;
  lastSignInAt?: string;
  history: AccountHistoryEntry[];
}

/** What the screens may see of an account: no password hash, no secret, no public key. */
export interface AccountView
  extends Pick<StaffAccount, 'id' | 'name' | 'email' | 'role' | 'territories' | 'state' | 'history'>,
    Partial<Pick<StaffAccount, 'createdAt' | 'lastSignInAt'>> {
  /** The environment's owner, shown in the list but changed in the site's configuration only. */
  owner: boolean;
  hasPassword: boolean;
  passkeys: Array<Pick<Passkey, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>>;
  hasTotp: boolean;
}

/** The blob of the whole team. */
interface Team {
  accounts: StaffAccount[];
  ownerSessionVersion: number;
}

const TEAM_KEY = 'equipe';
const EMPTY_TEAM: Team = { accounts: [], ownerSessionVersion: 0 };


/** Refuses a disabled account (enrolment and changes of one's own factors). */
export function refuseIfDisabled(account: StaffAccount): void {
  if (account.state === 'desactive') throw new Refusal('account_disabled');
}

/** Refuses an account that may not sign in: disabled, or still enrolling. */
export function refuseUnlessActive(account: StaffAccount): void {
  refuseIfDisabled(account);
  if (account.state !== 'actif') throw new Refusal('account_not_active');
}


const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The active administrators among the stored accounts. */
const activeAdministrators = (team: Team): StaffAccount[] => team.accounts.filter((account) => account.state === 'actif' && can(account.role, 'team.manage'));

/** Whether an account has a second factor (a passkey or a confirmed TOTP app). */
export const hasSecondFactor = (account: StaffAccount): boolean => account.passkeys.length > 0 || account.totp !== undefined;

/** What the screens may see of an account. */
export function accountView(account: StaffAccount): AccountView {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    role: account.role,
    territories: account.territories,
    state: account.state,
    owner: false,
    hasPassword: account.passwordHash !== undefined,
    passkeys: account.passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
    hasTotp: account.totp !== undefined,
    createdAt: account.createdAt,
    lastSignInAt: account.lastSignInAt,
    history: account.history,
  };
}

/** The owner as the team list shows it: an active administrator of every territory; undefined without ADMIN_USERNAME. */
export function ownerView(env: Env = process.env): AccountView | undefined {
  const username = env.ADMIN_USERNAME?.trim();
  if (!username) return undefined;
  return {
    id: OWNER_ID,
    name: username,
    email: '',
    role: 'administrateur',
    territories: TERRITORIES.map((territory) => territory.id),
    state: 'actif',
    owner: true,
    hasPassword: true,
    passkeys: [],
    hasTotp: false,
    history: [],
  };
}

async function readTeam(): Promise<Team> {
  const team = await strongStore(storeNames.team).get(TEAM_KEY, { type: 'json' });
  return (team as Team | null) ?? EMPTY_TEAM;
}

/** Every stored account, in the order they were invited. */
export async function listAccounts(): Promise<StaffAccount[]> {
  return (await readTeam()).accounts;
}

/** A stored account by id; undefined when there is none (the owner is never stored). */
export async function getAccount(id: string): Promise<StaffAccount | undefined> {
  return (await readTeam()).accounts.find((account) => account.id === id);
}

/** A stored account by e-mail address, without case. */
export async function findAccountByEmail(email: string): Promise<StaffAccount | undefined> {
  return (await readTeam()).accounts.find((account) => sameEmail(account.email, email));
}

/**
 * Whether an address is a staff mailbox: a stored account's, or the owner's username, compared as one
 * mailbox (sameMailbox: `prenom.nom+x@` is `prenom.nom@`). One identity is staff or a customer, never both.
 */
export async function isStaffAddress(email: string, env: Env = process.env): Promise<boolean> {
  if (env.ADMIN_USERNAME && sameMailbox(env.ADMIN_USERNAME, email)) return true;
  return (await readTeam()).accounts.some((account) => sameMailbox(account.email, email));
}

/** The account a passkey belongs to, and the passkey. */
export async function findAccountByPasskey(credentialId: string): Promise<{ account: StaffAccount; passkey: Passkey } | undefined> {
  for (const account of (await readTeam()).accounts) {
    const passkey = account.passkeys.find((key) => key.id === credentialId);
    if (passkey) return { account, passkey };
  }
  return undefined;
}

/**
 * The session version a token of this account must carry; undefined when the account may not be signed
 * in (unknown, invited or disabled). The owner's is kept too.
 */
export async function sessionVersionOf(id: string): Promise<number | undefined> {
  const team = await readTeam();
  if (isOwnerId(id)) return team.ownerSessionVersion;
  const account = team.accounts.find((candidate) => candidate.id === id);
  return account?.state === 'actif' ? account.sessionVersion : undefined;
}

/** What a change of one account makes of it: the new account and the history line, or a refusal. */
export type AccountChange = (account: StaffAccount, team: Readonly<Team>) => { account: StaffAccount; what?: string };

/**
 * Changes one stored account through a conditional write of the team blob, appending `what` to its
 * history when given. The change throws a Refusal to refuse; then nothing is written. The building block
 * of every operation here and of the TOTP and passkey modules.
 */
export async function updateAccount(id: string, change: AccountChange, { actor, now = new Date() }: { actor?: Actor; now?: Date } = {}): Promise<StaffAccount> {
  if (isOwnerId(id)) throw new Refusal('owner_untouchable');
  return updateJSON<Team, StaffAccount>(storeNames.team, TEAM_KEY, (current) => {
    const team = current ?? EMPTY_TEAM;
    const index = team.accounts.findIndex((account) => account.id === id);
    const before = team.accounts[index];
    if (!before) throw new Refusal('account_not_found');
    const { account, what } = change(before, team);
    const changed: StaffAccount =
      what === undefined
        ? account
        : { ...account, history: [...account.history, { at: now.toISOString(), by: actor ?? { id: account.id, name: account.name }, what }].slice(-ACCOUNT_HISTORY_MAX) };
    const accounts = team.accounts.with(index, changed);
    if (activeAdministrators(team).length > 0 && activeAdministrators({ ...team, accounts }).length === 0) {
      throw new Refusal('last_administrator');
    }
    return { value: { ...team, accounts }, result: changed };
  });
}

/** The parsed value, or a refusal carrying the schema's French sentence. */
function parsed<T>(result: { success: true; data: T } | { success: false; error: z.ZodError }): T {
  if (!result.success) throw new Refusal('account_invalid', { reason: firstIssue(result.error) });
  return result.data;
}

const territoriesLabel = (ids: readonly TerritoryId[]): string => ids.map((id) => territoryOf(id).label).join(', ');

/**
 * « Inviter une personne »: a new account in state `invite` (no password, no factor yet). Refused when
 * the address is another account's, the owner's username, or a person's of a customer company.
 */
export async function inviteAccount(
  input: unknown,
  actor: Actor,
  {
    now = new Date(),
    env = process.env,
    isCustomerAddress = async () => false,
  }: {
    now?: Date;
    env?: Env;
    /** Whether the address is a customer person's: the customers' lookup, handed in by the caller (customers sit above the team). */
    isCustomerAddress?: (email: string) => Promise<boolean>;
  } = {},
): Promise<StaffAccount> {
  const { name, email, role, territories }: InvitationInput = parsed(invitationInputSchema.safeParse(input));
  if (env.ADMIN_USERNAME && sameEmail(env.ADMIN_USERNAME, email)) {
    throw new Refusal('email_is_owner');
  }
  // Nobody holds a staff session and a customer session over one identity.
  if (await isCustomerAddress(email)) throw new Refusal('email_is_customer');
  const account: StaffAccount = {
    id: randomUUID(),
    name,
    email,
    role,
    territories,
    state: 'invite',
    passkeys: [],
    sessionVersion: 1,
    createdAt: now.toISOString(),
    history: [{ at: now.toISOString(), by: actor, what: `Invitation : ${roleLabel(role)}, ${territoriesLabel(territories)}` }],
  };
  return updateJSON<Team, StaffAccount>(storeNames.team, TEAM_KEY, (current) => {
    const team = current ?? EMPTY_TEAM;
    if (team.accounts.some((other) => sameEmail(other.email, email))) {
      throw new Refusal('account_email_taken');
    }
    return { value: { ...team, accounts: [...team.accounts, account] }, result: account };
  });
}

/**
 * Sets the password of an account (enrolment, or « Mon compte » after the endpoint checked the current
 * one): refused with the password rule's French reason when weak.
 */
export async function setPassword(id: string, password: string, { actor, now }: { actor?: Actor; now?: Date } = {}): Promise<StaffAccount> {
  const account = await getAccount(id);
  if (!account) throw new Refusal(isOwnerId(id) ? 'owner_untouchable' : 'account_not_found');
  const verdict = await checkPassword(password, { name: account.name, email: account.email });
  if (!verdict.ok) throw new Refusal('password_weak', { reason: verdict.reason });
  refuseIfDisabled(account);
  const passwordHash = await hashPassword(password);
  return updateAccount(
    id,
    (current) => {
      refuseIfDisabled(current);
      return { account: { ...current, passwordHash }, what: current.passwordHash ? 'Mot de passe changé' : 'Mot de passe choisi' };
    },
    { actor, now },
  );
}

/** An invited account becomes active: it needs a password and a second factor. */
export async function activateAccount(id: string, { now }: { now?: Date } = {}): Promise<StaffAccount> {
  return updateAccount(
    id,
    (account) => {
      if (account.state !== 'invite') throw new Refusal(account.state === 'actif' ? 'account_already_active' : 'account_disabled');
      if (!account.passwordHash) throw new Refusal('account_needs_password');
      if (!hasSecondFactor(account)) {
        throw new Refusal('account_needs_second_factor');
      }
      return { account: { ...account, state: 'actif', invitationKey: undefined }, what: 'Compte activé' };
    },
    { now },
  );
}

/**
 * Changes the role (the last active administrator cannot be demoted) and ends the person's sessions: a
 * session's token names the role it was opened with (the screens read it), so none outlives a change.
 */
export async function changeRole(id: string, role: unknown, actor: Actor, { now }: { now?: Date } = {}): Promise<StaffAccount> {
  const next = parsed(roleSchema.safeParse(role));
  const account = await updateAccount(
    id,
    (current) =>
      current.role === next
        ? { account: current }
        : { account: { ...current, role: next, sessionVersion: current.sessionVersion + 1 }, what: `Rôle : ${roleLabel(current.role)} → ${roleLabel(next)}` },
    { actor, now },
  );
  // A role that no longer handles tickets is on call nowhere.
  await leaveRotasNoLongerItsOwn(account);
  return account;
}

/** Changes the territories (one or more, each once); the person leaves the rotas of the territories left. */
export async function changeTerritories(id: string, territories: unknown, actor: Actor, { now }: { now?: Date } = {}): Promise<StaffAccount> {
  const next = parsed(territoriesSchema.safeParse(territories));
  const account = await updateAccount(
    id,
    (current) =>
      territoriesLabel(current.territories) === territoriesLabel(next)
        ? { account: current }
        : { account: { ...current, territories: next }, what: `Territoires : ${territoriesLabel(current.territories)} → ${territoriesLabel(next)}` },
    { actor, now },
  );
  await leaveRotasNoLongerItsOwn(account);
  return account;
}

/**
 * Disables an account and ends its sessions (never the owner, nor the last active administrator); its
 * devices stop receiving push notifications and its name leaves the on-call rotas.
 */
export async function disableAccount(id: string, actor: Actor, { now }: { now?: Date } = {}): Promise<StaffAccount> {
  const account = await updateAccount(
    id,
    (current) => {
      if (current.state === 'desactive') return { account: current };
      return { account: { ...current, state: 'desactive', sessionVersion: current.sessionVersion + 1 }, what: 'Compte désactivé' };
    },
    { actor, now },
  );
  await eraseSubscriptionsOf(id);
  await leaveRotasNoLongerItsOwn(account);
  return account;
}

/** Enables a disabled account again: active when it still has a password and a second factor, else invited (to enrol again). */
export async function enableAccount(id: string, actor: Actor, { now }: { now?: Date } = {}): Promise<StaffAccount> {
  return updateAccount(
    id,
    (account) => {
      if (account.state !== 'desactive') return { account };
      const state: AccountState = account.passwordHash && hasSecondFactor(account) ? 'actif' : 'invite';
      return { account: { ...account, state }, what: 'Compte réactivé' };
    },
    { actor, now },
  );
}

/**
 * « Réinitialiser le second facteur »: removes every passkey and the TOTP app and ends the sessions; an
 * active account goes back to `invite`, to enrol a new factor through a new invitation link (its password
 * stays).
 */
export async function resetSecondFactor(id: string, actor: Actor, { now }: { now?: Date } = {}): Promise<StaffAccount> {
  return updateAccount(
    id,
    (account) => ({
      account: {
        ...account,
        passkeys: [],
        totp: undefined,
        pendingTotp: undefined,
        state: account.state === 'actif' ? 'invite' : account.state,
        sessionVersion: account.sessionVersion + 1,
      },
      what: 'Second facteur réinitialisé',
    }),
    { actor, now },
  );
}

/**
 * « Déconnecter toutes les sessions » on the team page: like every account action there, refused for the
 * owner (403), whose own sessions end from « Mon compte » only.
 */
export async function endAccountSessions(id: string, actor: Actor): Promise<number> {
  if (isOwnerId(id)) throw new Refusal('owner_untouchable');
  return endAllSessions(id, actor);
}

/**
 * Every token issued so far is refused at its next call (the owner's too, from their « Mon compte »), and no
 * device of the account receives push notifications any more (a lost phone): the person turns them on again on
 * the devices they still hold. The phones' kept tickets are cleared at their next opening.
 */
export async function endAllSessions(id: string, actor: Actor, { now }: { now?: Date } = {}): Promise<number> {
  await eraseSubscriptionsOf(id);
  if (isOwnerId(id)) {
    return updateJSON<Team, number>(storeNames.team, TEAM_KEY, (current) => {
      const team = current ?? EMPTY_TEAM;
      return { value: { ...team, ownerSessionVersion: team.ownerSessionVersion + 1 }, result: team.ownerSessionVersion + 1 };
    });
  }
  const account = await updateAccount(id, (current) => ({ account: { ...current, sessionVersion: current.sessionVersion + 1 }, what: 'Sessions déconnectées' }), {
    actor,
    now,
  });
  return account.sessionVersion;
}

/** Records a successful sign-in (not a change: no history line; the journal has it). */
export async function recordSignIn(id: string, { now = new Date() }: { now?: Date } = {}): Promise<void> {
  if (isOwnerId(id)) return;
  await updateAccount(id, (account) => ({ account: { ...account, lastSignInAt: now.toISOString() } }), { now });
}

/** Adds a verified passkey to an account; a credential already known (on any account) is refused. */
export async function addPasskey(id: string, passkey: Passkey, { now }: { now?: Date } = {}): Promise<StaffAccount> {
  return updateAccount(
    id,
    (account, team) => {
      refuseIfDisabled(account);
      if (team.accounts.some((other) => other.passkeys.some((key) => key.id === passkey.id))) {
        throw new Refusal('passkey_already_registered');
      }
      return { account: { ...account, passkeys: [...account.passkeys, passkey] }, what: `Clé d’accès ajoutée : ${passkey.name}` };
    },
    { now },
  );
}

/** Removes a passkey; an active account keeps at least one second factor. */
export async function removePasskey(id: string, credentialId: string, actor: Actor, { now }: { now?: Date } = {}): Promise<StaffAccount> {
  return updateAccount(
    id,
    (account) => {
      const passkey = account.passkeys.find((key) => key.id === credentialId);
      if (!passkey) throw new Refusal('passkey_not_found');
      const next = { ...account, passkeys: account.passkeys.filter((key) => key.id !== credentialId) };
      if (account.state === 'actif' && !hasSecondFactor(next)) {
        throw new Refusal('keep_one_factor');
      }
      return { account: next, what: `Clé d’accès supprimée : ${passkey.name}` };
    },
    { actor, now },
  );
}
