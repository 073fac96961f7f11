/**
 * The customers' sign-in in the daily retention job: the links, throttle counters, sessions and passkey
 * challenges expired before `now` are deleted (each carries `expiresAt`; a passkey itself carries none and
 * stays). Kept apart from the sign-in code so the job loads nothing else of it.
 */
import { storeNames } from '../storage/storage.ts';
import { purgeExpired } from '../team/purge.ts';

/** What the daily job deleted of the sign-in's short-lived records. */
export interface SignInPurge {
  links: number;
  caps: number;
  /** Expired sessions, and passkey challenges never answered. */
  sessions: number;
  challenges: number;
}

/** Deletes the links, counters, sessions and passkey challenges expired before `now` (for the daily job). */
export async function purgeSignInRecords({ now = new Date() }: { now?: Date } = {}): Promise<SignInPurge> {
  const [links, caps, sessions, challenges] = await Promise.all([
    purgeExpired(storeNames.customerSignInLinks, now),
    purgeExpired(storeNames.customerSignInCaps, now),
    purgeExpired(storeNames.customerSessions, now),
    // The passkeys themselves carry no expiry: only the challenges waiting beside them go.
    purgeExpired(storeNames.customerPasskeys, now),
  ]);
  return { links, caps, sessions, challenges };
}
