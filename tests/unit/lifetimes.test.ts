/**
 * The lifetimes table (src/lib/lifetimes.ts) is the one place of every record's life: every store the API
 * writes has a row (netlify/lib/retention/lifetimes.ts), and the privacy page's durations are the table's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { privacyDurations, retentionLines } from '../../src/features/legal/retention-lines';
import { addDuration, durationText, LIFETIMES, lifetimeMs, type Lifetime, type RecordKind } from '../../src/lib/lifetimes';
import { RECORD_PLACES } from '../../netlify/lib/retention/lifetimes';
import { storeNames } from '../../netlify/lib/storage/storage';

describe('the lifetimes table', () => {
  it('has a row for every store written to Blobs', () => {
    const covered = new Set(Object.values(RECORD_PLACES).flatMap((place) => place.stores as readonly string[]));
    const missing = Object.entries(storeNames).filter(([, name]) => !covered.has(name));
    expect(missing, 'a store without a row in netlify/lib/retention/lifetimes.ts').toEqual([]);
  });

  it('places every kind of record, and places no kind the table does not have', () => {
    expect(Object.keys(RECORD_PLACES).sort()).toEqual(Object.keys(LIFETIMES).sort());
  });

  it('says durations the French way, and counts years as calendar years', () => {
    expect(durationText({ amount: 15, unit: 'minutes' })).toBe('15 minutes');
    expect(durationText({ amount: 1, unit: 'years' })).toBe('un an');
    expect(durationText({ amount: 3, unit: 'years' })).toBe('3 ans');
    expect(lifetimeMs('customerSignInLink')).toBe(15 * 60_000);
    expect(addDuration(new Date('2024-02-29T12:00:00Z'), { amount: 3, unit: 'years' }, -1).toISOString()).toBe('2021-03-01T12:00:00.000Z');
  });
});

describe('the privacy page', () => {
  const page = readFileSync(new URL('../../src/pages/confidentialite.astro', import.meta.url), 'utf8');

  it('writes no duration of its own: every one comes from the table', () => {
    expect(page.match(/\b\d+ (ans?|mois|minutes?|heures?|jours?)\b|\bun an\b/g)).toBeNull();
    expect(page).toContain('retentionLines()');
    expect(page).toContain('privacyDurations()');
  });

  it('says what the table says, and changes when a lifetime changes', () => {
    const text = retentionLines().map(({ label, text }) => `${label} : ${text}`).join('\n');
    expect(text).toContain('3 ans sans connexion');
    expect(text).toContain('15 minutes, et un seul usage');
    expect(privacyDurations().request).toBe('3 ans');

    const changed: Record<RecordKind, Lifetime> = {
      ...LIFETIMES,
      customerPerson: { ...LIFETIMES.customerPerson, keep: { amount: 2, unit: 'years' } },
      ticket: { ...LIFETIMES.ticket, keep: { amount: 10, unit: 'years' } },
      customerSignInLink: { ...LIFETIMES.customerSignInLink, keep: { amount: 1, unit: 'hours' } },
    };
    const after = retentionLines(changed).map(({ label, text }) => `${label} : ${text}`).join('\n');
    expect(after).toContain('2 ans sans connexion');
    expect(after).toContain('puis 10 ans après sa fin');
    expect(after).toContain('une heure, et un seul usage');
    expect(after).not.toContain('3 ans sans connexion');
  });
});
