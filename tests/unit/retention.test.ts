import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTestEnv } from '../helpers/api';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs';
import { storeNames, strongStore } from '../../netlify/lib/storage/storage';
import { addNote, createRequest, getRequest, listRequests, updateRequestStatus, type NewRequest } from '../../netlify/lib/requests/requests';
import { purgeExpired } from '../../netlify/lib/retention/retention';
import { isThrottleRecordExpired } from '../../netlify/lib/auth/retention';
import { recordLoginFailure, reserveLoginCheck, revokeToken } from '../../netlify/lib/auth/auth';
import { LOGIN_LOCK_MS } from '../../src/lib/lifetimes';
import purgeFunction, { config as purgeConfig } from '../../netlify/functions/purge-expired.mts';

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
  setTestEnv();
});
afterAll(() => blobs.stop());

const DAY = 24 * 60 * 60 * 1000;
/** The fake « today » of these tests. */
const NOW = new Date('2029-06-15T12:00:00.000Z');
/** A date `years` calendar years and `days` days before NOW. */
const before = (years: number, days: number) => {
  const date = new Date(NOW);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return new Date(date.getTime() - days * DAY);
};

const input = (name: string): NewRequest => ({
  kind: 'contact', name, email: 'client@exemple.fr', phone: '0596 00 00 00', company: 'Rétention', subject: 'Autre', delai: '1 à 3 mois', message: 'Bonjour.',
});

const listedIds = async () => (await listRequests({ limit: 100 })).data.map((r) => r.id);

describe('purgeExpired (3 years after the last change)', () => {
  it('keeps a request changed 2 years 364 days ago, deletes one changed 3 years 1 day ago, with its index entry and mails', async () => {
    const kept = (await createRequest(input('Gardée'), before(2, 364))).request;
    const gone = (await createRequest(input('Supprimée'), before(3, 1))).request;
    const outbox = strongStore(storeNames.outbox);
    await outbox.setJSON(`${gone.id}/entreprise`, { to: 'commercial@vision-caraibes.fr' });
    await outbox.setJSON(`${kept.id}/entreprise`, { to: 'commercial@vision-caraibes.fr' });
    const countsBefore = (await listRequests()).counts;

    const report = await purgeExpired(NOW);
    expect(report.requests.requests).toBe(1);
    expect(await getRequest(kept.id)).toBeDefined();
    expect(await getRequest(gone.id)).toBeUndefined();
    expect(await listedIds()).toContain(kept.id);
    expect(await listedIds()).not.toContain(gone.id);
    expect((await listRequests({ q: 'supprimée' })).data).toEqual([]);
    expect((await listRequests()).counts).toEqual({ ...countsBefore, total: countsBefore.total - 1, nouveau: countsBefore.nouveau - 1 });
    expect((await outbox.list({ prefix: gone.id })).blobs).toEqual([]);
    expect((await outbox.list({ prefix: kept.id })).blobs).toHaveLength(1);
    // Run again the next day: nothing more is due.
    expect((await purgeExpired(new Date(NOW.getTime() + 1000))).requests.requests).toBe(0);
  });

  it('counts from the last change, not the creation: a note or a status change keeps an old request', async () => {
    const noted = (await createRequest(input('Ancienne annotée'), before(5, 0))).request;
    await addNote(noted.id, 'Client toujours intéressé.', before(1, 0));
    const moved = (await createRequest(input('Ancienne traitée'), before(4, 0))).request;
    await updateRequestStatus(moved.id, 'traite', before(2, 0));
    const untouched = (await createRequest(input('Ancienne oubliée'), before(4, 0))).request;

    await purgeExpired(NOW);
    expect(await getRequest(noted.id)).toBeDefined();
    expect(await getRequest(moved.id)).toBeDefined();
    expect(await getRequest(untouched.id)).toBeUndefined();
  });

  it('deletes revoked-token records once their token has expired, keeps the others', async () => {
    const nowSeconds = Math.floor(NOW.getTime() / 1000);
    await revokeToken('jeton-expire', nowSeconds - 60);
    await revokeToken('jeton-valide', nowSeconds + 3600);
    const store = strongStore(storeNames.revokedTokens);
    await store.set('illisible', 'pas du JSON');
    expect((await store.list()).blobs).toHaveLength(3);

    const report = await purgeExpired(NOW);
    expect(report.auth.revokedTokens).toBe(2);
    expect((await store.list()).blobs).toHaveLength(1);
  });

  it('deletes login-throttle records whose window and lock are over, keeps the live ones', async () => {
    const store = strongStore(storeNames.loginThrottle);
    // A try an hour ago (its window is over), and one a minute ago (still counting).
    await reserveLoginCheck('198.51.100.7', 'ancien', NOW.getTime() - 60 * 60 * 1000);
    await recordLoginFailure('ancien', NOW.getTime() - 60 * 60 * 1000);
    await reserveLoginCheck('198.51.100.8', 'recent', NOW.getTime() - 60 * 1000);
    await recordLoginFailure('recent', NOW.getTime() - 60 * 1000);
    const keys = (await store.list()).blobs.length;
    expect(keys).toBe(6);

    // The old address counters go; the old username's failures stay a day after the last (the per-account slowdown remembers them).
    const report = await purgeExpired(NOW);
    expect(report.auth.throttleRecords).toBe(2);
    expect((await store.list()).blobs).toHaveLength(4);
    // What is left still throttles: the recent username's record is there.
    for (const { key } of (await store.list()).blobs) {
      expect(isThrottleRecordExpired(await store.get(key, { type: 'json' }), NOW)).toBe(false);
    }
    // A day after the last failure, nothing of them is left.
    await purgeExpired(new Date(NOW.getTime() + 25 * 3600 * 1000));
    expect((await store.list()).blobs).toHaveLength(0);
  });

  it('reads the two shapes of throttle records auth writes: a lock or wait still running keeps one, no time field drops it', () => {
    const now = NOW.getTime();
    expect(isThrottleRecordExpired({ count: 5, since: now - 2 * LOGIN_LOCK_MS, lockedUntil: now + 1000 }, NOW)).toBe(false);
    expect(isThrottleRecordExpired({ count: 5, since: now - 2 * LOGIN_LOCK_MS, lockedUntil: now - 1000 }, NOW)).toBe(true);
    expect(isThrottleRecordExpired({ failures: 12, lastFailure: now - LOGIN_LOCK_MS + 1000 }, NOW)).toBe(false);
    expect(isThrottleRecordExpired({ failures: 12, lastFailure: now - LOGIN_LOCK_MS - 1000, notBefore: now + 5000 }, NOW)).toBe(false);
    expect(isThrottleRecordExpired({ autre: 'forme' }, NOW)).toBe(true);
    expect(isThrottleRecordExpired(null, NOW)).toBe(true);
  });

  it('the daily scheduled function runs the purge', async () => {
    expect(purgeConfig).toEqual({ schedule: '@daily' });
    const old = (await createRequest(input('Très ancienne'), new Date('2001-01-01T00:00:00.000Z'))).request;
    const response = await purgeFunction();
    expect(response.status).toBe(204);
    expect(await getRequest(old.id)).toBeUndefined();
  });
});
