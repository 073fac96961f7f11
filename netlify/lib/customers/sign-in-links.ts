/**
 * The customers' sign-in links. The rules:
 * - A link carries a random token (32 bytes, base64url); the store (`customer-sign-in-links`) keeps only
 *   its SHA-256, keyed by that hash, so nobody who reads the store can sign in.
 * - A link asked for on the sign-in page lives SIGN_IN_LINK_MS (15 minutes); a link sent by staff as an
 *   invitation lives INVITATION_LINK_MS (48 hours, like the team's invitations: an invitation is read
 *   when the person gets to their mailbox). Either serves once: spending it is a conditional write, so two
 *   simultaneous uses open one session.
 * - A link is sent only to an address a company lists, and at most SIGN_IN_CAPS.perAddress times per hour to
 *   one address and SIGN_IN_CAPS.perSender times per hour for one sender network (senderNetwork: an IPv4 /24,
 *   an IPv6 /64), counted in Blobs (`customer-sign-in-caps`) whether the address is known or not.
 *   The sign-in page answers the same words in every case; only a sender past its cap is told to wait.
 * - A link opens a session only while its person is still listed by their company under the same address.
 * Every function takes `now`, so tests move the clock.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Company, Person } from '../../../src/features/customers/model.ts';
import { lifetimeMs } from '../../../src/lib/lifetimes.ts';
import { emailHash } from '../storage/hashes.ts';
import { takePlace, type CapTaking, type Counter } from '../storage/caps.ts';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';
import { isStaffAddress } from '../team/accounts.ts';
import { findPersonByEmail, getCompany } from './companies.ts';

/** How long a link asked for on the sign-in page opens a session (the lifetimes table's `customerSignInLink`). */
export const SIGN_IN_LINK_MS = lifetimeMs('customerSignInLink');
/** How long a link sent by staff as an invitation opens a session (`customerInvitationLink`). */
export const INVITATION_LINK_MS = lifetimeMs('customerInvitationLink');
/** Links sent per address and asked per sender network, per window (an hour: `customerSignInCaps`). */
export const SIGN_IN_CAPS = { perAddress: 5, perSender: 20, windowMs: lifetimeMs('customerSignInCaps') } as const;

/** Why a link was asked: on the sign-in page, or by staff inviting the person. */
export type LinkPurpose = 'connexion' | 'invitation';

interface StoredLink {
  companyId: string;
  personId: string;
  email: string;
  purpose: LinkPurpose;
  createdAt: string;
  expiresAt: string;
  usedAt?: string;
}

/** A link that cannot open a session, and why (the error table's codes). */
export type LinkRefusal = 'sign_in_link_used' | 'sign_in_link_expired' | 'sign_in_link_unknown';

const keyOf = (token: string): string => createHash('sha256').update(token).digest('hex');
/** A sender network's key (never the address itself). */
const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** Takes one place in a counter of the last hour, unless it is full (then the wait until one frees up). */
function take(key: string, cap: number, now: Date): Promise<CapTaking> {
  return updateJSON<Counter, CapTaking>(storeNames.customerSignInCaps, key, (current) => takePlace(current?.at, cap, SIGN_IN_CAPS.windowMs, now), 40);
}

/** Counts one link asked from a sender network ('' when the platform gave no address); past its cap, the wait. */
export const admitSender = (sender: string, now = new Date()): Promise<CapTaking> =>
  sender ? take(`expediteur/${hashOf(sender)}`, SIGN_IN_CAPS.perSender, now) : Promise.resolve({ taken: true });

/** Counts one link sent to an address; false past its cap (nothing is said to the asker about an address). */
export const admitAddress = async (email: string, now = new Date()): Promise<boolean> => (await take(`adresse/${emailHash(email)}`, SIGN_IN_CAPS.perAddress, now)).taken;

/** A new link for a person of a company: its token (for the e-mail only) and expiry. */
export async function createSignInLink(company: Company, person: Person, purpose: LinkPurpose, now = new Date()): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + (purpose === 'invitation' ? INVITATION_LINK_MS : SIGN_IN_LINK_MS)).toISOString();
  const link: StoredLink = { companyId: company.id, personId: person.id, email: person.email, purpose, createdAt: now.toISOString(), expiresAt };
  await strongStore(storeNames.customerSignInLinks).setJSON(keyOf(token), link, { onlyIfNew: true });
  return { token, expiresAt };
}

/** The person an address belongs to, when a link may be sent to it now (known, not a staff mailbox, under its cap). */
export async function linkRecipient(email: string, now = new Date()): Promise<{ company: Company; person: Person } | undefined> {
  const found = await findPersonByEmail(email);
  if (!found || (await isStaffAddress(found.person.email)) || !(await admitAddress(found.person.email, now))) return undefined;
  return found;
}

/**
 * Spends a link: the person it opens a session for, with their company, or why not. The link is marked
 * used by a conditional write before anything else, so of two simultaneous uses only one gets the person.
 */
export async function spendSignInLink(token: string, now = new Date()): Promise<{ company: Company; person: Person } | { refused: LinkRefusal }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { refused: 'sign_in_link_unknown' };
  const outcome = await updateJSON<StoredLink, StoredLink | LinkRefusal>(storeNames.customerSignInLinks, keyOf(token), (link) => {
    if (!link) return { result: 'sign_in_link_unknown' };
    if (link.usedAt) return { result: 'sign_in_link_used' };
    if (Date.parse(link.expiresAt) <= now.getTime()) return { result: 'sign_in_link_expired' };
    const used = { ...link, usedAt: now.toISOString() };
    return { value: used, result: used };
  });
  if (typeof outcome === 'string') return { refused: outcome };
  const company = await getCompany(outcome.companyId);
  const person = company?.people.find((candidate) => candidate.id === outcome.personId && candidate.email === outcome.email);
  // The person left the company (or changed address) since the link was sent.
  return company && person ? { company, person } : { refused: 'sign_in_link_unknown' };
}
