/**
 * Retention: what the site keeps, and for how long. A request is erased RETENTION_YEARS after its last
 * change (updated_at: a status change, a note, or work on its devis is a change), with everything derived
 * from it (erase.ts: index entry, e-mails, devis); a
 * revoked token id once the token would have expired anyway; a login-throttle record once its window and
 * its lock are over; a form's idempotency key after its 24 hours. `purgeExpired(now)` does it all; the
 * daily scheduled function calls it.
 */
import { LOGIN_LOCK_MS, RETENTION_YEARS } from '../../../src/lib/constants.ts';
import { isCapRecordExpired } from '../requests/acknowledgement-caps.ts';
import { isIdempotencyRecordExpired } from '../storage/idempotency.ts';
import { readEntries } from '../requests/request-index.ts';
import { getRequest } from '../requests/requests.ts';
import { storeNames, strongStore } from '../storage/storage.ts';
import { eraseRequest } from './erase.ts';
import { purgeTeamRecords, type TeamPurge } from '../team/retention.ts';
import { purgeSignInRecords, type SignInPurge } from '../customers/sign-in-retention.ts';
import { purgeTickets, type TicketPurge } from './ticket-retention.ts';
import { purgeRepairs } from '../repairs/repair-retention.ts';

/** The oldest last change a request may have at `now` and still be kept. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - RETENTION_YEARS);
  return cutoff;
}

/** Whether a request last changed at `updatedAt` (ISO) has outlived its retention at `now`. */
export function isExpired(updatedAt: string, now: Date): boolean {
  const changed = Date.parse(updatedAt);
  // A request without a readable date is kept: nothing says it is old.
  return !Number.isNaN(changed) && changed < retentionCutoff(now).getTime();
}

/** Erases the requests whose last change is older than the retention period; returns how many. */
async function purgeRequests(now: Date): Promise<number> {
  let deleted = 0;
  for (const entry of await readEntries()) {
    if (!isExpired(entry.updated_at, now)) continue;
    // The blob is the truth: it may have changed since the index entry was written.
    const request = await getRequest(entry.id);
    if (request && !isExpired(request.updated_at, now)) continue;
    await eraseRequest(entry.id);
    deleted += 1;
  }
  return deleted;
}

/** Deletes the records of a store that `expired` says are over (unreadable ones too); returns how many. */
async function purgeStore(storeName: string, expired: (record: unknown) => boolean): Promise<number> {
  const store = strongStore(storeName);
  let deleted = 0;
  for await (const page of store.list({ paginate: true })) {
    for (const { key } of page.blobs) {
      const raw = await store.get(key, { type: 'text' });
      if (raw === null) continue;
      let record: unknown;
      try {
        record = JSON.parse(raw);
      } catch {
        record = undefined;
      }
      if (record !== undefined && !expired(record)) continue;
      await store.delete(key);
      deleted += 1;
    }
  }
  return deleted;
}

const numbers = (record: unknown, fields: readonly string[]): number[] =>
  fields.map((field) => (record as Record<string, unknown> | null)?.[field]).filter((value): value is number => typeof value === 'number' && Number.isFinite(value));

/** A revoked token id is useless once the token expired (`exp`, in seconds); a record without one is dropped. */
export const isRevokedTokenExpired = (record: unknown, now: Date): boolean => {
  const [exp] = numbers(record, ['exp']);
  return exp === undefined || exp * 1000 < now.getTime();
};

/**
 * A login-throttle record is over when its counting window (LOGIN_LOCK_MS from its start or its last
 * failure) and any lock or wait it sets have all passed. Read whatever its shape: every time field it
 * has counts (ms); a record with none is dropped.
 */
export const isThrottleRecordExpired = (record: unknown, now: Date): boolean => {
  const starts = numbers(record, ['since', 'lastFailure', 'firstFailure', 'windowStart', 'at']);
  const ends = numbers(record, ['lockedUntil', 'notBefore', 'until', 'resetAt', 'expiresAt']);
  const over = Math.max(...starts.map((start) => start + LOGIN_LOCK_MS), ...ends, -Infinity);
  return over === -Infinity || over < now.getTime();
};

/** What a purge deleted. */
export interface PurgeReport {
  requests: number;
  revokedTokens: number;
  throttleRecords: number;
  idempotencyKeys: number;
  acknowledgementCaps: number;
  /** Expired invitation links and passkey challenges, journal entries older than one year. */
  team: TeamPurge;
  /** The customers' expired sign-in links, counters, sessions and passkey challenges. */
  customerSignIn: SignInPurge;
  /** Tickets closed 7 days after « Résolu », and closed tickets erased 5 years after the contract's end or their closing. */
  tickets: TicketPurge;
  /** Workshop repairs erased 5 years after the contract's end or their restitution, as tickets. */
  repairs: number;
}

/** Deletes everything whose retention is over at `now` (requests, tickets (closing the resolved ones after 7 days), workshop repairs, revoked tokens, login-throttle records, idempotency keys, acknowledgement counters, the team's expired links and challenges and its journal older than one year, the customers' expired sign-in links, counters, sessions and challenges). */
export async function purgeExpired(now = new Date()): Promise<PurgeReport> {
  return {
    requests: await purgeRequests(now),
    revokedTokens: await purgeStore(storeNames.revokedTokens, (record) => isRevokedTokenExpired(record, now)),
    throttleRecords: await purgeStore(storeNames.loginThrottle, (record) => isThrottleRecordExpired(record, now)),
    idempotencyKeys: await purgeStore(storeNames.idempotency, (record) => isIdempotencyRecordExpired(record, now)),
    acknowledgementCaps: await purgeStore(storeNames.acknowledgementCaps, (record) => isCapRecordExpired(record, now)),
    team: await purgeTeamRecords({ now }),
    customerSignIn: await purgeSignInRecords({ now }),
    tickets: await purgeTickets(now),
    repairs: await purgeRepairs(now),
  };
}
