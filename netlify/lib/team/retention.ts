/**
 * The team's purge in the daily job: expired invitation links and passkey challenges (their lifetimes:
 * `staffInvitation`, `passkeyChallenge`), the invitation e-mails once their link has expired, and the
 * journal's days older than `journal` (src/lib/lifetimes.ts).
 */
import { INVITATION_VALIDITY_MS } from '../../../src/features/team/team-constants.ts';
import { purgeMails } from '../mail/outbox.ts';
import { accountMailOwner } from './invitation-mail.ts';
import { purgeJournal } from './journal.ts';
import { purgeInvitations } from './invitations.ts';
import { purgePasskeyChallenges } from './passkeys.ts';

/** What one run deleted, by kind. */
export interface TeamPurge {
  invitations: number;
  challenges: number;
  journal: number;
  /** Invitation e-mails whose link has expired. */
  invitationMails: number;
}

/** An invitation e-mail outlives nothing once its link has expired. */
const invitationMailOver = (now: Date) => (entry: { id: string; createdAt: string }) =>
  entry.id.startsWith('invitation-') && !(Date.parse(entry.createdAt) + INVITATION_VALIDITY_MS > now.getTime());

/** Runs the team's clean-up at `now`. */
export async function purgeTeam(now: Date): Promise<TeamPurge> {
  const [invitations, challenges, journal, invitationMails] = await Promise.all([
    purgeInvitations({ now }),
    purgePasskeyChallenges({ now }),
    purgeJournal({ now }),
    purgeMails(accountMailOwner(''), invitationMailOver(now)),
  ]);
  return { invitations, challenges, journal, invitationMails };
}
