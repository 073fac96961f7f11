/**
 * The journal of who did what: sign-ins, failed sign-ins (with the client's address), account changes,
 * deletions and exports. The rules:
 * - Append-only: one blob per event, written once (onlyIfNew), never rewritten; no blob is shared by two
 *   events, so events never contend.
 * - Its key says when, what and who: `<YYYY-MM-DD>/<HHMMSSmmm>-<random>.<action>.<actor id or ->`, in
 *   Antilles time (the time the back office shows, without daylight saving so keys sort as time goes),
 *   so listing newest first walks the day folders from the latest, filters by action and person on the
 *   keys alone, and reads only the entries of the page shown; the date filters are Antilles days.
 * - Kept one year (JOURNAL_RETENTION_DAYS): the daily job deletes the day folders older than that.
 * Every function takes `now`, so tests move the clock.
 */
import { randomBytes } from 'node:crypto';
import { journalActionLabel, journalMoment, type JournalAction, type JournalEntry, type JournalFilter, type JournalPage } from '../../../src/features/team/journal-entries.ts';
import { JOURNAL_PAGE_SIZE, JOURNAL_RETENTION_DAYS } from '../../../src/features/team/team-constants.ts';
import type { TerritoryId } from '../../../src/lib/territories.ts';
import { localDateTime } from '../../../src/records/moment.ts';
import { storeNames, strongStore } from '../storage/storage.ts';
import type { Actor, StaffAccount } from './accounts.ts';

/** What a caller records; the time and the key are the journal's. */
export type JournalEvent = Omit<JournalEntry, 'id' | 'at'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A key: day folder, time, random part, action, actor id. */
const KEY_SHAPE = /^(\d{4}-\d{2}-\d{2})\/\d{9}-[a-z0-9]+\.([a-z_]+)\.([A-Za-z0-9-]+)$/;

/** The Antilles day (`2026-05-21`) and time of day (`163005123`) of an instant. */
function antillesTime(instant: Date): { day: string; time: string } {
  const [day, time] = localDateTime(instant).split('T') as [string, string];
  return { day, time: time.replace(/[:.]/g, '') };
}
/** An actor id as a key part: ids are UUIDs or the owner's; anything else (or none) is « - ». */
const keyPartOf = (actor: Actor | undefined): string => (actor && /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/.test(actor.id) ? actor.id : '-');

/**
 * Records one event at `now`; returns the entry as stored. A failed sign-in under a known account's name
 * carries that account as its actor, so the person filter finds the attempts on it.
 */
export async function recordEvent(event: JournalEvent, { now = new Date() }: { now?: Date } = {}): Promise<JournalEntry> {
  const { day, time } = antillesTime(now);
  const id = `${day}/${time}-${randomBytes(6).toString('hex')}.${event.action}.${keyPartOf(event.actor)}`;
  const entry: JournalEntry = { id, at: now.toISOString(), ...event };
  await strongStore(storeNames.journal).setJSON(id, entry, { onlyIfNew: true });
  return entry;
}

/** The territory of a staff account's events: its own when it works in one only (else Antilles time). */
export const accountTerritory = (account: { territories?: readonly TerritoryId[] }): { territory?: TerritoryId } =>
  account.territories?.length === 1 ? { territory: account.territories[0]! } : {};

/** Records an account's last change (the last line of its history) as a journal event. */
export function recordAccountChange(account: StaffAccount, { now = new Date() }: { now?: Date } = {}): Promise<JournalEntry> {
  const change = account.history.at(-1);
  return recordEvent(
    { action: 'compte', actor: change?.by, subject: { kind: 'compte', id: account.id, label: account.name }, detail: change?.what ?? 'Compte modifié', ...accountTerritory(account) },
    { now },
  );
}

/** The day folders of the journal, newest first. */
async function days(): Promise<string[]> {
  const { directories } = await strongStore(storeNames.journal).list({ directories: true });
  return directories.filter((name) => /^\d{4}-\d{2}-\d{2}$/.test(name)).sort().reverse();
}

/** Whether a key passes the filters that the key alone can answer. */
function keyMatches(key: string, filter: JournalFilter): boolean {
  const parts = KEY_SHAPE.exec(key);
  if (!parts) return false;
  const [, , action, actor] = parts;
  return (!filter.action || filter.action === action) && (!filter.person || filter.person === actor) && (!filter.cursor || key < filter.cursor);
}

/**
 * One page of the journal, newest first: entries of the person and action asked, between two days
 * (inclusive, Antilles time), older than the cursor (the last key of the previous page).
 */
export async function listJournal(filter: JournalFilter = {}, { pageSize = JOURNAL_PAGE_SIZE }: { pageSize?: number } = {}): Promise<JournalPage> {
  const store = strongStore(storeNames.journal);
  const cursorDay = filter.cursor?.slice(0, 10);
  const keys: string[] = [];
  for (const day of await days()) {
    if ((filter.to && day > filter.to) || (cursorDay && day > cursorDay)) continue;
    if (filter.from && day < filter.from) break;
    const { blobs } = await store.list({ prefix: `${day}/` });
    keys.push(...blobs.map((blob) => blob.key).filter((key) => keyMatches(key, filter)).sort().reverse());
    // One more than a page tells whether a next page exists.
    if (keys.length > pageSize) break;
  }
  const page = keys.slice(0, pageSize);
  const entries = await Promise.all(page.map(async (key) => (await store.get(key, { type: 'json' })) as JournalEntry | null));
  return {
    entries: entries.filter((entry): entry is JournalEntry => entry !== null),
    nextCursor: keys.length > pageSize ? page.at(-1) : undefined,
  };
}

/** Deletes the entries of the days older than one year before `now` (for the daily job); returns how many. */
export async function purgeJournal({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const store = strongStore(storeNames.journal);
  const oldestKept = antillesTime(new Date(now.getTime() - JOURNAL_RETENTION_DAYS * DAY_MS)).day;
  let purged = 0;
  for (const day of await days()) {
    if (day >= oldestKept) continue;
    const { blobs } = await store.list({ prefix: `${day}/` });
    for (const { key } of blobs) await store.delete(key);
    purged += blobs.length;
  }
  return purged;
}

/** The journal as rows for a CSV export (a header row, then one row per entry), for the project's CSV writer. */
export function journalRows(entries: readonly JournalEntry[]): string[][] {
  return [
    ['Date', 'Action', 'Personne', 'Objet', 'Adresse', 'Détail'],
    ...entries.map((entry) => [
      journalMoment(entry),
      journalActionLabel(entry.action as JournalAction),
      entry.actor?.name ?? '',
      entry.subject ? `${entry.subject.kind} ${entry.subject.label}` : '',
      entry.address ?? '',
      entry.detail,
    ]),
  ];
}
