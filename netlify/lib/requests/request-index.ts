/**
 * The index of the admin inbox: what the list, the search and the counters read, so that no call ever
 * reads one blob per request.
 *
 * Layout (store `contact-index`):
 * - `resume/<b>`, INDEX_BUCKETS blobs (b: the request id's first hex digit modulo INDEX_BUCKETS):
 *   `{ entries: { [id]: summary } }`, the summary being the request without notes and history, its message
 *   cut to about 200 characters (and for a quote, its first lines and total HT), plus `rev`, the revision
 *   of the request blob it was made from. At 10 000 requests this is about 6 MB in all, some 1.5 MB a blob.
 * - `recherche/<b>`, as many blobs: `{ texts: { [id]: text } }`, the whole searchable text of each request
 *   (name, e-mail, company, phone, message, reference) normalised once, at creation: lower case, no
 *   accents. Only a search reads them.
 * - `en-attente/<id>`: a request whose index entry could not be written (the bucket kept changing); the
 *   outbox job's next run (every minute) writes it, so a request is never missing for long.
 * - `etat`: `{ builtAt, buckets }`, written by the last full rebuild from the request blobs. A site whose
 *   requests predate the index, or whose index has another number of buckets, has none that fits: the
 *   outbox job rebuilds it, once (`completeInboxIndex`, requests.ts).
 *
 * Each blob read is a network call from the function to Blobs, so a list call reads only the
 * INDEX_BUCKETS summary blobs (twice as many with a search), never a marker or a listing: it sorts,
 * filters and counts in memory, so the counters are exact by construction (computed from the entries,
 * never kept apart), and a page of 50 is a few dozen KB whatever the size of the inbox. Writes go through
 * `updateJSON` (conditional on the ETag, retried): the buckets spread simultaneous submissions (which also
 * all rewrite the one reference counter, references.ts), and an entry is only replaced by one of a higher
 * revision, so two updates of one request landing in the wrong order cannot leave the older one.
 *
 * The request blobs stay the truth: `rebuildIndex()` (requests.ts) rewrites the index from them.
 */
import { INBOX_EXCERPT_LENGTH } from '../../../src/lib/constants.ts';
import { STATUSES } from '../../../src/lib/statuses.ts';
import { normalizeForSearch } from '../../../src/lib/text.ts';
import type { RequestStatus } from '../../../src/lib/statuses.ts';
import type { ContactRequest, RequestCounts, RequestSummary } from '../../../src/features/contact/request.ts';
import { quoteOverview } from '../../../src/features/quote/quote.ts';
import { storeNames, strongStore, updateJSON, type Change } from '../storage/storage.ts';
import { recordRequestOwner, recordRequestOwners } from './request-owners.ts';

/** A summary as the index keeps it: with the revision of the request blob it was made from. */
export type IndexEntry = RequestSummary & { rev: number };

interface SummaryBucket {
  entries: Record<string, IndexEntry>;
}

interface SearchBucket {
  texts: Record<string, string>;
}

/**
 * How many blobs the index is cut into: each is a Blobs call of every list call (twice with a search), and
 * fewer of them meet more simultaneous submissions each.
 */
export const INDEX_BUCKETS = 4;

/** The buckets' names: `0`, `1`… */
export const BUCKETS = Array.from({ length: INDEX_BUCKETS }, (_, index) => index.toString(16));

/** A request's bucket: its id's first hex digit, modulo INDEX_BUCKETS. */
export const bucketOf = (id: string): string => (/^[0-9a-f]/i.test(id) ? (Number.parseInt(id[0]!, 16) % INDEX_BUCKETS).toString(16) : '0');
const summaryKey = (bucket: string) => `resume/${bucket}`;
const searchKey = (bucket: string) => `recherche/${bucket}`;
const PENDING_PREFIX = 'en-attente/';
const STATE_KEY = 'etat';

/** Index writes meet every simultaneous submission of their bucket: more patience than the default. */
const INDEX_WRITE_ATTEMPTS = 40;

const indexStore = () => strongStore(storeNames.index);

/** The message cut at a word boundary to about INBOX_EXCERPT_LENGTH characters, with « … » when cut. */
export function excerpt(message: string): string {
  if (message.length <= INBOX_EXCERPT_LENGTH) return message;
  const cut = message.slice(0, INBOX_EXCERPT_LENGTH - 1);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > INBOX_EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** The summary of a request, as the list shows it: a quote's carries its first lines and total HT. */
export function summaryOf(request: ContactRequest): RequestSummary {
  const { notes: _notes, history: _history, ...rest } = request;
  const quote = request.kind === 'devis' ? quoteOverview(request.message, request.territory) : undefined;
  return { ...rest, message: excerpt(request.message), ...(quote ? { quote } : {}) };
}

/** What a search compares a request with: its searchable fields, normalised (lower case, no accents). */
export function searchTextOf(request: Pick<ContactRequest, 'name' | 'email' | 'company' | 'phone' | 'message' | 'reference'>): string {
  return normalizeForSearch([request.reference, request.name, request.email, request.company, request.phone, request.message].join('\n'));
}

/** A conditional change of a bucket's summaries. */
const changeSummaries = <R = void>(bucket: string, change: (current: SummaryBucket | undefined) => Change<SummaryBucket, R>): Promise<R> =>
  updateJSON<SummaryBucket, R>(storeNames.index, summaryKey(bucket), change, INDEX_WRITE_ATTEMPTS);

/** A conditional change of a bucket's search texts. */
const changeTexts = <R = void>(bucket: string, change: (current: SearchBucket | undefined) => Change<SearchBucket, R>): Promise<R> =>
  updateJSON<SearchBucket, R>(storeNames.index, searchKey(bucket), change, INDEX_WRITE_ATTEMPTS);

/** Whether `candidate` should replace `current` (absent, or older revision). */
const newer = (candidate: IndexEntry, current: IndexEntry | undefined) => !current || candidate.rev >= current.rev;

/** Writes the index entry of a request at revision `rev` (kept only if no newer revision is there). */
export async function putEntry(request: ContactRequest, rev: number): Promise<void> {
  const entry: IndexEntry = { ...summaryOf(request), rev };
  await changeSummaries(bucketOf(request.id), (current) => {
    const entries = current?.entries ?? {};
    if (!newer(entry, entries[request.id])) return { result: undefined };
    return { value: { entries: { ...entries, [request.id]: entry } }, result: undefined };
  });
}

/** Writes the search text of a new request. */
export async function putSearchText(request: ContactRequest): Promise<void> {
  const text = searchTextOf(request);
  await changeTexts(bucketOf(request.id), (current) => {
    const texts = current?.texts ?? {};
    if (texts[request.id] === text) return { result: undefined };
    return { value: { texts: { ...texts, [request.id]: text } }, result: undefined };
  });
}

/** Indexes a new request; when its bucket keeps changing, leaves it pending for the outbox job's next run. */
export async function indexNewRequest(request: ContactRequest, rev: number): Promise<void> {
  try {
    await putEntry(request, rev);
    await putSearchText(request);
    // The customers' space finds a company's devis and requests through this list.
    await recordRequestOwner(request);
  } catch (error) {
    console.error(`index: request ${request.id} could not be indexed now; left pending for the next list`, error);
    await indexStore().set(`${PENDING_PREFIX}${request.id}`, '');
  }
}

/** Removes the index entry and search text of a request. */
export async function removeEntry(id: string): Promise<void> {
  const bucket = bucketOf(id);
  await changeSummaries(bucket, (current) => {
    if (!current?.entries[id]) return { result: undefined };
    const { [id]: _removed, ...entries } = current.entries;
    return { value: { entries }, result: undefined };
  });
  await changeTexts(bucket, (current) => {
    if (current?.texts[id] === undefined) return { result: undefined };
    const { [id]: _removed, ...texts } = current.texts;
    return { value: { texts }, result: undefined };
  });
  await indexStore().delete(`${PENDING_PREFIX}${id}`);
}

/** The ids of requests waiting to be indexed, at most `max`. */
export async function pendingIds(max: number): Promise<string[]> {
  const { blobs } = await indexStore().list({ prefix: PENDING_PREFIX });
  return blobs.slice(0, max).map((blob) => blob.key.slice(PENDING_PREFIX.length));
}

/** Forgets that a request waits to be indexed. */
export const clearPending = (id: string) => indexStore().delete(`${PENDING_PREFIX}${id}`);

/** Thrown when an index blob cannot be read as JSON: the list must not pretend the inbox is empty. */
export class IndexUnreadableError extends Error {}

async function readBucket<T>(key: string): Promise<T | undefined> {
  const raw = await indexStore().get(key, { type: 'text' });
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    throw new IndexUnreadableError(`index blob ${key} is not valid JSON (${raw.length} bytes): run the index repair: npm run inbox -- rebuild`);
  }
}

/** Every index entry (INDEX_BUCKETS blob reads). */
export async function readEntries(): Promise<IndexEntry[]> {
  const buckets = await Promise.all(BUCKETS.map((bucket) => readBucket<SummaryBucket>(summaryKey(bucket))));
  return buckets.flatMap((bucket) => Object.values(bucket?.entries ?? {}));
}

/** Every search text by request id (INDEX_BUCKETS blob reads). */
export async function readSearchTexts(): Promise<Map<string, string>> {
  const buckets = await Promise.all(BUCKETS.map((bucket) => readBucket<SearchBucket>(searchKey(bucket))));
  return new Map(buckets.flatMap((bucket) => Object.entries(bucket?.texts ?? {})));
}

/**
 * Writes entries made from these requests (each at its revision) bucket by bucket, conditionally. With
 * `replace`, the buckets then hold only these requests, plus what live writes added meanwhile: an entry of
 * a newer revision, or one created after `since` (the caller did not see it). Without, the entries are
 * added to what is there. For the repair and for bulk imports.
 */
export async function writeEntries(requests: Array<{ request: ContactRequest; rev: number }>, options: { replace: boolean; since: string }): Promise<void> {
  const byBucket = new Map(BUCKETS.map((bucket) => [bucket, [] as Array<{ request: ContactRequest; rev: number }>]));
  for (const item of requests) byBucket.get(bucketOf(item.request.id))!.push(item);
  await Promise.all(
    [...byBucket].map(async ([bucket, items]) => {
      const fresh: Record<string, IndexEntry> = {};
      const texts: Record<string, string> = {};
      for (const { request, rev } of items) {
        fresh[request.id] = { ...summaryOf(request), rev };
        texts[request.id] = searchTextOf(request);
      }
      const kept = await changeSummaries<Set<string>>(bucket, (current) => {
        const entries = { ...fresh };
        for (const [id, entry] of Object.entries(current?.entries ?? {})) {
          const keep = entries[id] ? entry.rev > entries[id]!.rev : !options.replace || entry.created_at > options.since;
          if (keep) entries[id] = entry;
        }
        return { value: { entries }, result: new Set(Object.keys(entries)) };
      });
      await changeTexts(bucket, (current) => {
        const all: Record<string, string> = {};
        for (const [id, text] of Object.entries(current?.texts ?? {})) if (kept.has(id)) all[id] = text;
        return { value: { texts: { ...all, ...texts } }, result: undefined };
      });
    }),
  );
  await recordRequestOwners(requests.map((item) => item.request));
}

/** Whether the index was built from the request blobs in its present layout (else the requests predate it, or its buckets were cut otherwise). */
export async function isIndexBuilt(): Promise<boolean> {
  const state = (await indexStore().get(STATE_KEY, { type: 'json' }).catch(() => null)) as { buckets?: unknown } | null;
  return state?.buckets === INDEX_BUCKETS;
}

/** Records that the index was just rebuilt from the request blobs, in its present layout. */
export async function markIndexBuilt(at: Date): Promise<void> {
  await indexStore().setJSON(STATE_KEY, { builtAt: at.toISOString(), buckets: INDEX_BUCKETS });
}

/** Deletes the buckets of another layout (an index cut into more blobs); returns their keys. */
export async function dropOtherLayoutBuckets(): Promise<string[]> {
  const current = new Set(BUCKETS.flatMap((bucket) => [summaryKey(bucket), searchKey(bucket)]));
  const store = indexStore();
  const listed = await Promise.all([summaryKey(''), searchKey('')].map((prefix) => store.list({ prefix })));
  const others = listed.flatMap(({ blobs }) => blobs.map((blob) => blob.key)).filter((key) => !current.has(key));
  await Promise.all(others.map((key) => store.delete(key)));
  return others;
}

/** Deletes the index blobs that are not valid JSON, so a rebuild can write them afresh; returns their keys. */
export async function dropUnreadableBuckets(): Promise<string[]> {
  const dropped: string[] = [];
  for (const key of BUCKETS.flatMap((bucket) => [summaryKey(bucket), searchKey(bucket)])) {
    try {
      await readBucket(key);
    } catch (error) {
      if (!(error instanceof IndexUnreadableError)) throw error;
      await indexStore().delete(key);
      dropped.push(key);
    }
  }
  return dropped;
}

/** Deletes every index blob (for the repair tests and a clean rebuild). */
export async function clearIndex(): Promise<void> {
  const store = indexStore();
  const { blobs } = await store.list();
  await Promise.all(blobs.map((blob) => store.delete(blob.key)));
}

/** The counters of the whole inbox, from the entries. */
export function countEntries(entries: readonly RequestSummary[]): RequestCounts {
  const counts = Object.fromEntries([['total', entries.length], ...STATUSES.map((status) => [status.value, 0])]) as RequestCounts;
  for (const entry of entries) counts[entry.statut as RequestStatus] += 1;
  return counts;
}

/** Newest first: by creation date, then by id, so the order is total and a cursor never skips a tie. */
export const newestFirst = (a: RequestSummary, b: RequestSummary): number =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/** A position in the list: the (created_at, id) of the last request of the previous page. */
export interface Cursor {
  created_at: string;
  id: string;
}

/** The opaque cursor after a request. */
export function encodeCursor(entry: Cursor): string {
  return Buffer.from(JSON.stringify([entry.created_at, entry.id])).toString('base64url');
}

/** The position a cursor stands for, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string): Cursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string') return undefined;
    return { created_at: value[0], id: value[1] };
  } catch {
    return undefined;
  }
}

/** Whether an entry comes after the cursor in newest-first order. */
export const isAfter = (entry: RequestSummary, cursor: Cursor): boolean =>
  entry.created_at < cursor.created_at || (entry.created_at === cursor.created_at && entry.id < cursor.id);
