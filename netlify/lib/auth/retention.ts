/**
 * Auth's purge in the daily job: a revoked token id (a staff session signed out, a second-factor step
 * spent) once its token has expired anyway, and a login-throttle counter once its window and any lock or
 * wait it sets are over (`loginThrottle` in src/lib/lifetimes.ts, LOGIN_LOCK_MS).
 */
import { LOGIN_LOCK_MS } from '../../../src/lib/lifetimes.ts';
import { purgeStore, storeNames } from '../storage/storage.ts';

const numbers = (record: unknown, fields: readonly string[]): number[] =>
  fields.map((field) => (record as Record<string, unknown> | null)?.[field]).filter((value): value is number => typeof value === 'number' && Number.isFinite(value));

/** A revoked token id is useless once the token expired (`exp`, in seconds); a record without one is dropped. */
export const isRevokedTokenExpired = (record: unknown, now: Date): boolean => {
  const [exp] = numbers(record, ['exp']);
  return exp === undefined || exp * 1000 < now.getTime();
};

/**
 * A login-throttle record (auth.ts writes two shapes: a window counter `since` / `lockedUntil`, a username's
 * failures `lastFailure` / `notBefore` in ms with `expiresAt`) is over when its window (LOGIN_LOCK_MS from `since` or
 * `lastFailure`), any lock or wait, and its `expiresAt` have passed; a record with none of these fields is dropped.
 */
export const isThrottleRecordExpired = (record: unknown, now: Date): boolean => {
  const starts = numbers(record, ['since', 'lastFailure']);
  // A counter that says until when it is kept (a username's failures: a day after the last) is kept that long.
  const expiresAt = Date.parse(String((record as { expiresAt?: unknown } | null)?.expiresAt));
  const ends = [...numbers(record, ['lockedUntil', 'notBefore']), ...(Number.isNaN(expiresAt) ? [] : [expiresAt])];
  const over = Math.max(...starts.map((start) => start + LOGIN_LOCK_MS), ...ends, -Infinity);
  return over === -Infinity || over < now.getTime();
};

/** What auth's purge deleted. */
export interface AuthPurge {
  revokedTokens: number;
  throttleRecords: number;
}

/** Deletes the revoked token ids and throttle counters over at `now`. */
export async function purgeAuth(now: Date): Promise<AuthPurge> {
  return {
    revokedTokens: await purgeStore(storeNames.revokedTokens, (record) => isRevokedTokenExpired(record, now)),
    throttleRecords: await purgeStore(storeNames.loginThrottle, (record) => isThrottleRecordExpired(record, now)),
  };
}
