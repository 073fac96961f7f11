/**
 * Counted caps: at most `cap` takings of one counter in a sliding window (an hour), counted in Blobs (store
 * `caps`) so they hold wherever the functions run — Netlify's rate limit is per minute and absent under
 * `npm start`. A counter is one blob keyed `<kind>/<SHA-256 of what is counted>` (never an address itself)
 * holding the times it was taken, with `expiresAt`, after which the daily job deletes it. What is capped:
 * - `passkeyOptions`: passkey challenges asked without a session, per sender network (an IPv4 /24, an IPv6
 *   /64): each call stores a challenge;
 * - `passkeyFailures`: failed passkey sign-ins journaled per sender network: past the cap a failure is still
 *   refused, only no longer written to the journal;
 * - `blockingTickets`: « Bloquant » tickets opened by a company (each wakes the territory's technicians with
 *   e-mails).
 */
import { createHash } from 'node:crypto';
import { expiredAt, purgeStore, storeNames, updateJSON } from './storage.ts';

/** The caps, per hour. */
export const CAPS = {
  passkeyOptions: { cap: 30, windowMs: 3_600_000 },
  passkeyFailures: { cap: 20, windowMs: 3_600_000 },
  blockingTickets: { cap: 5, windowMs: 3_600_000 },
} as const;

export type CapKind = keyof typeof CAPS;

export interface Counter {
  at: string[];
  expiresAt: string;
}

const keyOf = (kind: CapKind, what: string): string => `${kind}/${createHash('sha256').update(what).digest('hex').slice(0, 32)}`;

/** A place taken in a counter, or refused with the time until one frees up (its oldest counted taking leaving the window). */
export type CapTaking = { taken: true } | { taken: false; retryAfterMs: number };

/**
 * One place in a sliding window's counter, as `update` computes it from the times already counted: the
 * counter to write, or the refusal with the wait. For the caps here and the space's sign-in links' own.
 */
export function takePlace(counted: readonly string[] | undefined, cap: number, windowMs: number, now: Date): { value?: Counter; result: CapTaking } {
  const recent = (counted ?? []).filter((at) => Date.parse(at) > now.getTime() - windowMs);
  if (recent.length >= cap) return { result: { taken: false, retryAfterMs: Math.max(1, Math.min(...recent.map(Date.parse)) + windowMs - now.getTime()) } };
  // expiresAt: the daily job deletes the counter once nothing in it counts any more.
  return { value: { at: [...recent, now.toISOString()], expiresAt: new Date(now.getTime() + windowMs).toISOString() }, result: { taken: true } };
}

/**
 * Takes one place in the counter of `what` (a sender network, a company id), unless it is full (then the
 * wait until a place frees up, for Retry-After). An empty `what` (the platform gave no address) is not counted.
 */
export function takeCap(kind: CapKind, what: string, now = new Date()): Promise<CapTaking> {
  if (!what) return Promise.resolve({ taken: true });
  const { cap, windowMs } = CAPS[kind];
  return updateJSON<Counter, CapTaking>(storeNames.caps, keyOf(kind, what), (current) => takePlace(current?.at, cap, windowMs, now), 40);
}

/** The caps' purge: the counters whose window is over (their `expiresAt`). */
export async function purgeCaps(now: Date): Promise<{ caps: number }> {
  return { caps: await purgeStore(storeNames.caps, expiredAt(now)) };
}
