/**
 * The customers' purge in the daily job, by the lifetimes table (src/lib/lifetimes.ts):
 * - a person is erased `customerPerson` after their last sign-in (or, never signed in, after their last
 *   invitation, or their creation): their place in the company, their address's claim, sessions, passkeys,
 *   sign-in links and link e-mails (forgetPerson); the company's records stay, and the journal says so;
 * - the sign-in links, throttle counters, sessions and passkey challenges past their `expiresAt` go (a
 *   passkey itself carries none and stays);
 * - the e-mails of sign-in links and invitations leave the outbox once their link has expired: they
 *   belong to no kept record.
 * Kept apart from the sign-in code so the job loads nothing else of it.
 */
import type { Company, Person } from '../../../src/features/customers/model.ts';
import { addDuration, durationText, LIFETIMES } from '../../../src/lib/lifetimes.ts';
import { purgeMails } from '../mail/outbox.ts';
import { expiredAt, purgeStore, storeNames } from '../storage/storage.ts';
import { recordEvent } from '../team/journal.ts';
import { getCompany, listCompanySummaries, saveCompany } from './companies.ts';
import { forgetPerson } from './erase.ts';
import { INVITATION_LINK_MS, SIGN_IN_LINK_MS } from './sign-in-links.ts';
import { customerMailOwner } from './mail-owner.ts';

/** What the daily job deleted of the customers' records. */
export interface CustomersPurge {
  /** People erased after their lifetime without a sign-in. */
  people: number;
  links: number;
  caps: number;
  /** Expired sessions. */
  sessions: number;
  /** Passkey challenges never answered. */
  challenges: number;
  /** E-mails of expired sign-in links and invitations. */
  linkMails: number;
}

/** The instant a person's account has lived its lifetime: from their last sign-in, else their last invitation, else their creation. */
export function personErasableFrom(person: Person): Date {
  const since = person.lastSignInAt ?? person.invitedAt ?? person.createdAt;
  return addDuration(new Date(since), LIFETIMES.customerPerson.keep);
}

/** Erases the people of a company whose lifetime is over at `now`; answers how many. */
async function purgePeopleOf(companyId: string, now: Date): Promise<number> {
  const due = (person: Person) => personErasableFrom(person).getTime() <= now.getTime();
  const before = await getCompany(companyId);
  const leaving = before?.people.filter(due) ?? [];
  if (leaving.length === 0) return 0;
  // One conditional write: a person who signed in meanwhile is no longer due, and stays.
  let gone: Person[] = [];
  const saved = await saveCompany(
    companyId,
    (current: Company | undefined) => {
      gone = current?.people.filter(due) ?? [];
      return current && gone.length > 0 ? { ...current, people: current.people.filter((person) => !due(person)) } : undefined;
    },
    now,
  );
  for (const person of gone) await forgetPerson(person.id);
  if (saved && gone.length > 0) {
    await recordEvent(
      {
        action: 'suppression',
        subject: { kind: 'société', id: saved.id, label: `${saved.name} (${saved.clientCode})` },
        // Never the person's name or address: nothing of them outlives the erase.
        detail: `${gone.length === 1 ? 'Une personne supprimée' : `${gone.length} personnes supprimées`} après ${durationText(LIFETIMES.customerPerson.keep)} sans connexion (compte, sessions et clés d’accès) ; les dossiers de la société sont conservés.`,
        territory: saved.territory,
      },
      { now },
    );
  }
  return gone.length;
}

/** How long the e-mail of a link is kept: as long as its link opens a session. */
const linkMailOver = (now: Date) => (entry: { id: string; createdAt: string }) => {
  const lifetime = entry.id.startsWith('invitation-') ? INVITATION_LINK_MS : entry.id.startsWith('lien-') ? SIGN_IN_LINK_MS : undefined;
  if (lifetime === undefined) return false;
  const created = Date.parse(entry.createdAt);
  return Number.isNaN(created) || created + lifetime <= now.getTime();
};

/** Runs the customers' purge at `now`. */
export async function purgeCustomers(now: Date): Promise<CustomersPurge> {
  let people = 0;
  for (const { id } of await listCompanySummaries()) people += await purgePeopleOf(id, now);
  const [links, caps, sessions, challenges, linkMails] = await Promise.all([
    purgeStore(storeNames.customerSignInLinks, expiredAt(now)),
    purgeStore(storeNames.customerSignInCaps, expiredAt(now)),
    purgeStore(storeNames.customerSessions, expiredAt(now)),
    // The passkeys themselves carry no expiry: only the challenges waiting beside them go.
    purgeStore(storeNames.customerPasskeys, expiredAt(now)),
    purgeMails(customerMailOwner(''), linkMailOver(now)),
  ]);
  return { people, links, caps, sessions, challenges, linkMails };
}
