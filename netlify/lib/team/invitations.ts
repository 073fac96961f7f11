/**
 * Invitation links. The rules:
 * - A link carries a random token (32 bytes, base64url); only its SHA-256 is stored, keyed by that hash,
 *   so the store never holds a working link.
 * - A link opens its account's enrolment for 48 hours (INVITATION_VALIDITY_MS), once: after the
 *   enrolment completes it answers « Ce lien d’invitation a déjà été utilisé. », after 48 hours « Ce lien
 *   d’invitation a expiré. », and a link replaced by a newer one for the same account, or unknown, « Ce
 *   lien d’invitation n’est pas valable. ».
 * - Completing an invitation activates the account (which needs a password and a second factor) and then
 *   marks the link used with a conditional write.
 * Every function takes `now`, so tests move the clock.
 */
import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_VALIDITY_MS } from '../../../src/features/team/team-constants.ts';
import { expiredAt, purgeStore, storeNames, strongStore, updateJSON } from '../storage/storage.ts';
import { activateAccount, getAccount, updateAccount, type Actor, type StaffAccount } from './accounts.ts';
import { Refusal } from '../http/refusal.ts';

interface StoredInvitation {
  accountId: string;
  createdAt: string;
  expiresAt: string;
  usedAt?: string;
}


/** The key of a token: its SHA-256, hex. */
const keyOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new one-use link token for an invited account (the newest replaces any earlier one), and its expiry. */
export async function createInvitation(accountId: string, actor: Actor, { now = new Date() }: { now?: Date } = {}): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_VALIDITY_MS).toISOString();
  // The account remembers its newest link: an older one still in someone's mailbox no longer opens.
  await updateAccount(
    accountId,
    (account) => {
      if (account.state !== 'invite') throw new Refusal('invitation_not_invited');
      return { account: { ...account, invitationKey: keyOf(token) }, what: 'Lien d’invitation envoyé' };
    },
    { actor, now },
  );
  const invitation: StoredInvitation = { accountId, createdAt: now.toISOString(), expiresAt };
  await strongStore(storeNames.invitations).setJSON(keyOf(token), invitation, { onlyIfNew: true });
  return { token, expiresAt };
}

/** The stored invitation of a token, or the refusal that applies to it now. */
async function openable(token: string, now: Date): Promise<{ invitation: StoredInvitation; account: StaffAccount }> {
  const key = keyOf(token);
  const invitation = (await strongStore(storeNames.invitations).get(key, { type: 'json' })) as StoredInvitation | null;
  if (!invitation) throw new Refusal('invitation_not_found');
  if (invitation.usedAt) throw new Refusal('invitation_used');
  if (Date.parse(invitation.expiresAt) <= now.getTime()) throw new Refusal('invitation_expired');
  const account = await getAccount(invitation.accountId);
  // An account already active went through its enrolment: the link was used, even if marking it was cut short.
  if (account?.state === 'actif') throw new Refusal('invitation_used');
  if (!account || account.state !== 'invite' || account.invitationKey !== key) throw new Refusal('invitation_not_found');
  return { invitation, account };
}

/** The account a link enrols, while the link is open; a Refusal (used, expired, unknown) otherwise. Opening does not use the link. */
export async function openInvitation(token: string, { now = new Date() }: { now?: Date } = {}): Promise<StaffAccount> {
  return (await openable(token, now)).account;
}

/**
 * Ends the enrolment: the account becomes active (refused without a password and a second factor, the
 * link staying open), then the link is marked used.
 */
export async function completeInvitation(token: string, { now = new Date() }: { now?: Date } = {}): Promise<StaffAccount> {
  const { account } = await openable(token, now);
  const active = await activateAccount(account.id, { now });
  await updateJSON<StoredInvitation, void>(storeNames.invitations, keyOf(token), (current) => ({
    value: current && !current.usedAt ? { ...current, usedAt: now.toISOString() } : undefined,
    result: undefined,
  }));
  return active;
}

/** Deletes the links that expired before `now` (for the daily job); returns how many. */
export function purgeInvitations({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  return purgeStore(storeNames.invitations, expiredAt(now));
}
