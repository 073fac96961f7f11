/**
 * The team's part of the daily retention job: expired invitation links and passkey challenges are
 * deleted, and journal entries older than one year.
 */
import { purgeJournal } from './journal.ts';
import { purgeInvitations } from './invitations.ts';
import { purgePasskeyChallenges } from './passkeys.ts';

/** What one run deleted, by kind. */
export interface TeamPurge {
  invitations: number;
  challenges: number;
  journal: number;
}

/** Runs the team's clean-up at `now`. */
export async function purgeTeamRecords({ now = new Date() }: { now?: Date } = {}): Promise<TeamPurge> {
  const [invitations, challenges, journal] = await Promise.all([purgeInvitations({ now }), purgePasskeyChallenges({ now }), purgeJournal({ now })]);
  return { invitations, challenges, journal };
}
