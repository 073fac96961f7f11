/**
 * The daily job's purge: what the site keeps, and for how long, is the lifetimes table
 * (src/lib/lifetimes.ts; its stores and erasers: ./lifetimes.ts). Each idea purges its own stores by it;
 * this file only runs them, in order: the requests (each erased its `request` lifetime after its last change, with
 * its e-mails and devis: ./erase.ts) and the acknowledgement counters, the tickets (closing the resolved ones,
 * erasing the closed ones past their lifetime), the workshop's repairs (as tickets), the customers (people long without a sign-in, expired links,
 * sessions, challenges and link e-mails), the team (invitations, challenges, journal), auth (revoked token
 * ids, throttle counters) and storage (idempotency keys). The daily scheduled function calls `purgeExpired`.
 */
import { lifetimeYears } from '../../../src/lib/lifetimes.ts';
import { purgeAuth } from '../auth/retention.ts';
import { purgeCustomers } from '../customers/retention.ts';
import { isCapRecordExpired } from '../requests/acknowledgement-caps.ts';
import { readEntries } from '../requests/request-index.ts';
import { getRequest } from '../requests/requests.ts';
import { purgeCaps } from '../storage/caps.ts';
import { purgeIdempotencyKeys } from '../storage/idempotency.ts';
import { purgeStore, storeNames } from '../storage/storage.ts';
import { purgeTeam } from '../team/retention.ts';
import { purgeTickets } from '../tickets/retention.ts';
import { eraseRequest } from './erase.ts';
import { purgeRepairs } from '../repairs/repair-retention.ts';

/** The oldest last change a request may have at `now` and still be kept. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - lifetimeYears('request'));
  return cutoff;
}

/** Whether a request last changed at `updatedAt` (ISO) has outlived its retention at `now`. */
export function isExpired(updatedAt: string, now: Date): boolean {
  const changed = Date.parse(updatedAt);
  // A request without a readable date is kept: nothing says it is old.
  return !Number.isNaN(changed) && changed < retentionCutoff(now).getTime();
}

/** The requests' purge: the requests whose last change is older than their lifetime (each with all it carries), and the acknowledgement counters with nothing recent. */
async function purgeRequests(now: Date): Promise<{ requests: number; acknowledgementCaps: number }> {
  let requests = 0;
  for (const entry of await readEntries()) {
    if (!isExpired(entry.updated_at, now)) continue;
    // The blob is the truth: it may have changed since the index entry was written.
    const request = await getRequest(entry.id);
    if (request && !isExpired(request.updated_at, now)) continue;
    await eraseRequest(entry.id);
    requests += 1;
  }
  return { requests, acknowledgementCaps: await purgeStore(storeNames.acknowledgementCaps, (record) => isCapRecordExpired(record, now)) };
}

/** Each idea's purge, in the order the job runs them: one signature, counts by kind. */
const PURGES = {
  requests: purgeRequests,
  tickets: purgeTickets,
  repairs: async (now: Date) => ({ repairs: await purgeRepairs(now) }),
  customers: purgeCustomers,
  team: purgeTeam,
  auth: purgeAuth,
  storage: purgeIdempotencyKeys,
  caps: purgeCaps,
} as const satisfies Record<string, (now: Date) => Promise<object>>;

/** What a purge did, by idea and kind. */
export type PurgeReport = { [Idea in keyof typeof PURGES]: Awaited<ReturnType<(typeof PURGES)[Idea]>> };

/** Runs every idea's purge at `now`, one after another. */
export async function purgeExpired(now = new Date()): Promise<PurgeReport> {
  const report: Partial<Record<keyof typeof PURGES, object>> = {};
  for (const [idea, purge] of Object.entries(PURGES) as Array<[keyof typeof PURGES, (now: Date) => Promise<object>]>) report[idea] = await purge(now);
  return report as PurgeReport;
}

/** The job's log line: every count of every idea (`requests: 2 requests, 0 acknowledgementCaps; …`). */
export const purgeSummary = (report: PurgeReport): string =>
  Object.entries(report)
    .map(([idea, counts]) => `${idea}: ${Object.entries(counts as Record<string, number>).map(([kind, count]) => `${count} ${kind}`).join(', ')}`)
    .join('; ');
