/**
 * The repository of contact and quote requests over Netlify Blobs: one blob per request (keyed by its
 * id), so concurrent submissions never rewrite each other; reads with strong consistency; every change
 * a conditional write on the blob's ETag, retried when someone else wrote in between.
 *
 * Each blob carries `rev`, a revision raised by every write, and each write is followed by the update
 * of the request's entry in the inbox index (request-index.ts), which the list, the search and the
 * counters read instead of the request blobs. The blobs stay the truth: `rebuildIndex()` rewrites the
 * index from them.
 */
import { randomUUID } from 'node:crypto';
import { INBOX_PAGE_MAX, INBOX_PAGE_SIZE } from '../../../src/lib/constants.ts';
import { INITIAL_MAIL_STATE, isMailState } from '../../../src/lib/mail-states.ts';
import { INITIAL_STATUS, isRequestStatus, type RequestStatus } from '../../../src/lib/statuses.ts';
import type { TerritoryId } from '../../../src/lib/territories.ts';
import { normalizeForSearch } from '../../../src/lib/text.ts';
import {
  clearPending,
  countEntries,
  decodeCursor,
  dropOtherLayoutBuckets,
  dropUnreadableBuckets,
  encodeCursor,
  indexNewRequest,
  isAfter,
  isIndexBuilt,
  markIndexBuilt,
  newestFirst,
  pendingIds,
  putEntry,
  readEntries,
  readSearchTexts,
  removeEntry,
  searchTextOf,
  writeEntries,
} from './request-index.ts';
import { onTrackedMailState } from '../mail/outbox.ts';
import { readJSONWithEtag, storeNames, strongStore } from '../storage/storage.ts';

import { actorSchema, requestTerritory } from '../../../src/features/contact/request.ts';
import type { Actor, ContactRequest, HistoryEntry, MailStatus, RequestNote, RequestPage, RequestSummary } from '../../../src/features/contact/request.ts';

export type { Actor, ContactRequest, MailStatus, RequestPage, RequestSummary };
export { isRequestStatus };

/** The fields a new request is created from. */
export type NewRequest = Pick<ContactRequest, 'kind' | 'name' | 'email' | 'phone' | 'company' | 'subject' | 'delai' | 'message'> &
  Partial<Pick<ContactRequest, 'clientCode' | 'reference' | 'territory' | 'customer'>>;

const store = () => strongStore(storeNames.requests);

/** Ids are UUIDs; anything else cannot be a stored request (and never reaches Blobs as a key). */
export const isRequestId = (value: string): boolean => /^[0-9a-f-]{36}$/i.test(value);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The company and person a request was sent from (signed in to the customers' space), when it was. */
function customerLink(value: unknown): Pick<ContactRequest, 'customer'> {
  const customer = value as { companyId?: unknown; personId?: unknown } | null | undefined;
  return typeof customer?.companyId === 'string' && typeof customer.personId === 'string' ? { customer: { companyId: customer.companyId, personId: customer.personId } } : {};
}

/** A stored record with the defaults (empty text, statut nouveau) for whatever an older record lacks. */
export function normaliseRequest(id: string, raw: unknown): ContactRequest {
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const created = text(record.created_at);
  return {
    id: text(record.id) || id,
    reference: text(record.reference),
    kind: record.kind === 'devis' ? 'devis' : 'contact',
    name: text(record.name),
    email: text(record.email),
    phone: text(record.phone),
    company: text(record.company),
    subject: text(record.subject),
    delai: text(record.delai),
    message: text(record.message),
    clientCode: text(record.clientCode),
    // Requests stored before every request had a territory belong to Martinique.
    territory: requestTerritory(record),
    assignedTo: actorSchema.safeParse(record.assignedTo).data ?? null,
    statut: isRequestStatus(record.statut) ? record.statut : INITIAL_STATUS,
    created_at: created,
    updated_at: text(record.updated_at) || created,
    mail_status: isMailState(record.mail_status) ? record.mail_status : INITIAL_MAIL_STATE,
    notes: Array.isArray(record.notes) ? (record.notes as ContactRequest['notes']) : [],
    history: Array.isArray(record.history) ? (record.history as ContactRequest['history']) : [],
    ...customerLink(record.customer),
  };
}

/** The revision of a stored record (0 for records written before revisions existed). */
const revisionOf = (raw: unknown): number => {
  const rev = (raw as { rev?: unknown } | null)?.rev;
  return typeof rev === 'number' && Number.isInteger(rev) && rev >= 0 ? rev : 0;
};

/** A stored request: the record, its revision and the ETag to write it back conditionally. */
export interface StoredRequest {
  request: ContactRequest;
  rev: number;
  etag?: string;
}

/** A new request (statut nouveau), not yet stored; `id` when it was chosen beforehand (idempotency.ts). */
export function newRequest(input: NewRequest, now = new Date(), id: string = randomUUID()): ContactRequest {
  const stamp = now.toISOString();
  return {
    clientCode: '',
    reference: '',
    ...input,
    territory: requestTerritory(input),
    assignedTo: null,
    notes: [],
    history: [],
    id,
    statut: INITIAL_STATUS,
    created_at: stamp,
    updated_at: stamp,
    mail_status: INITIAL_MAIL_STATE,
  };
}

/**
 * Stores a new request's blob, once: a write-if-new on its id. When a request with that id is already
 * there (another send of the same submission stored it first), that one is returned, `created` false.
 * Indexing it is the caller's next step (submit.ts), so that a crash in between can be repaired.
 */
export async function storeNewRequest(request: ContactRequest): Promise<{ stored: StoredRequest; created: boolean }> {
  const result = await store().setJSON(request.id, { ...request, rev: 1 }, { onlyIfNew: true });
  if (result.modified) return { stored: { request, rev: 1, etag: result.etag }, created: true };
  const existing = await readStored(request.id);
  if (!existing) throw new Error(`request ${request.id} neither written nor found`);
  return { stored: existing, created: false };
}

/** Stores a new request (statut nouveau) and indexes it; returns it with its revision and ETag. */
export async function createRequest(input: NewRequest, now = new Date()): Promise<StoredRequest> {
  const { stored, created } = await storeNewRequest(newRequest(input, now));
  if (!created) throw new Error(`request id collision: ${stored.request.id}`);
  await indexNewRequest(stored.request, 1);
  return stored;
}

/** Reads one request with its revision and ETag; undefined for an unknown or malformed id. */
export async function readStored(id: string): Promise<StoredRequest | undefined> {
  if (!isRequestId(id)) return undefined;
  const entry = await readJSONWithEtag<unknown>(store(), id);
  return entry && { request: normaliseRequest(id, entry.data), rev: revisionOf(entry.data), etag: entry.etag };
}

/** One whole request (with notes and history), or undefined. */
export async function getRequest(id: string): Promise<ContactRequest | undefined> {
  if (!isRequestId(id)) return undefined;
  const raw = await store().get(id, { type: 'json' });
  return raw === null ? undefined : normaliseRequest(id, raw);
}

/** Writes a changed request if its blob is still the one read, then its index entry. */
async function writeChanged(current: StoredRequest, updated: ContactRequest): Promise<boolean> {
  if (!current.etag) throw new Error(`no ETag for request ${updated.id}: refusing an unconditional write`);
  const rev = current.rev + 1;
  const result = await store().setJSON(updated.id, { ...updated, rev }, { onlyIfMatch: current.etag });
  if (!result.modified) return false;
  await putEntry(updated, rev);
  // Deleted meanwhile: the delete may have cleared the index before this entry landed; clear it again.
  if ((await store().get(updated.id, { type: 'text' })) === null) await removeEntry(updated.id);
  return true;
}

/**
 * Applies a change to one request with a conditional write, retrying on a concurrent write; `change`
 * returns the fields to change, or undefined when there is nothing to write. `now` (when given) stamps
 * updated_at. `not_found` for an unknown id, `conflict` when it keeps changing underneath.
 */
async function updateRequest(
  id: string,
  change: (request: ContactRequest) => Partial<ContactRequest> | undefined,
  now: Date | undefined,
): Promise<ContactRequest | 'not_found' | 'conflict'> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await readStored(id);
    if (!current) return 'not_found';
    const fields = change(current.request);
    if (!fields) return current.request;
    const updated: ContactRequest = { ...current.request, ...fields };
    if (now) updated.updated_at = now.toISOString();
    if (await writeChanged(current, updated)) return updated;
  }
  return 'conflict';
}

/** Who made a change (`by`, a member of staff) or what made it (`because`, an event). */
export interface ChangeOrigin {
  by?: Actor;
  because?: string;
}

/** The signature of a history line or note: `by` when a person made it. */
const signed = (by: Actor | undefined) => (by ? { by: { id: by.id, name: by.name } } : {});

/**
 * Sets the status of a request and records the change in its history ({ from, to, at, `by` when a member
 * of staff made it, and `because` when an event made it: « Devis DV-2026-00042 accepté en ligne »);
 * updated_at changes, created_at stays. Setting the status it already has changes nothing.
 */
export function updateRequestStatus(id: string, statut: RequestStatus, now = new Date(), { by, because }: ChangeOrigin = {}) {
  return updateRequest(id, (request) => (request.statut === statut ? undefined : {
    statut,
    history: [...request.history, { from: request.statut, to: statut, at: now.toISOString(), ...(because ? { because } : {}), ...signed(by) }],
  }), now);
}

/** Adds an internal note (trimmed) to a request, signed by who wrote it; a note is a change, so updated_at moves. */
export function addNote(id: string, noteText: string, now = new Date(), by?: Actor) {
  const note: RequestNote = { text: noteText.trim(), at: now.toISOString(), ...signed(by) };
  return updateRequest(id, (request) => ({ notes: [...request.notes, note] }), now);
}

/** What « Territoire » and « Assigné à » change: either or both; `assignedTo` null takes the request back from everyone. */
export interface RoutingChange {
  territory?: TerritoryId;
  assignedTo?: Actor | null;
}

/**
 * Moves a request to another territory and/or gives it to a person, in one write, with a history line per
 * change signed by `by`. What is already so changes nothing. `allowed` is asked about the request as it
 * stands when written (the person's right to see it): `not_found` when it says no.
 */
export function changeRouting(id: string, change: RoutingChange, by: Actor, now = new Date(), allowed: (request: ContactRequest) => boolean = () => true) {
  let hidden = false;
  const result = updateRequest(id, (request) => {
    hidden = !allowed(request);
    if (hidden) return undefined;
    const at = now.toISOString();
    const lines: HistoryEntry[] = [];
    const fields: Partial<ContactRequest> = {};
    const from = requestTerritory(request);
    if (change.territory && change.territory !== from) {
      fields.territory = change.territory;
      lines.push({ kind: 'territoire', from, to: change.territory, at, ...signed(by) });
    }
    if (change.assignedTo !== undefined && change.assignedTo?.id !== request.assignedTo?.id) {
      fields.assignedTo = change.assignedTo && { id: change.assignedTo.id, name: change.assignedTo.name };
      lines.push({ kind: 'assignation', to: fields.assignedTo, at, ...signed(by) });
    }
    return lines.length === 0 ? undefined : { ...fields, history: [...request.history, ...lines] };
  }, now);
  return result.then((outcome) => (hidden ? ('not_found' as const) : outcome));
}

/**
 * Records what happened to the notification mail of a request (bookkeeping: updated_at stays). With
 * the record of its creation, one conditional write does it; if the request changed since, it is
 * re-read and retried.
 */
export async function setMailStatus(id: string, mailStatus: MailStatus, created?: StoredRequest) {
  if (created?.etag) {
    const updated = { ...created.request, mail_status: mailStatus };
    if (await writeChanged(created, updated)) return updated;
  }
  return updateRequest(id, () => ({ mail_status: mailStatus }), undefined);
}

/**
 * Moves a request's last change to `now` without a history entry: work on something derived from it
 * (its devis saved, sent or answered) is a change of the request for the retention clock and the inbox.
 * Nothing happens for an unknown id, or when its last change is already later.
 */
export async function touchRequest(id: string, now = new Date()): Promise<void> {
  const result = await updateRequest(id, (request) => (request.updated_at >= now.toISOString() ? undefined : {}), now);
  if (result === 'conflict') console.error(`requests: the last change of request ${id} could not be moved (it kept changing)`);
}

/**
 * Drops a request's link to the company it was sent from (the company removed): the request itself stays
 * for its own lifetime, no longer anyone's in the space. Bookkeeping: its last change stays.
 */
export async function unlinkCustomer(id: string): Promise<void> {
  const result = await updateRequest(id, (request) => (request.customer ? { customer: undefined } : undefined), undefined);
  if (result === 'conflict') console.error(`requests: the company link of request ${id} could not be dropped (it kept changing)`);
}

/**
 * Removes the request's own records: its blob, its index entry and search text, and its submission intent.
 * Only a part of erasing a request: `eraseRequest` (netlify/lib/retention/erase.ts) also erases what other
 * ideas derived from it (e-mails, devis). False when there was no such request.
 */
export async function removeRequestRecords(id: string): Promise<boolean> {
  if (!isRequestId(id)) return false;
  const existed = (await store().get(id, { type: 'text' })) !== null;
  await store().delete(id);
  await removeEntry(id);
  await strongStore(storeNames.intents).delete(id);
  return existed;
}

// The outbox reports the state of each request's company notification here (mail_status).
onTrackedMailState((id, state) => setMailStatus(id, state));

/** Requests the outbox job indexes from their blobs at most per run, when some were left pending. */
const PENDING_PER_RUN = 50;

/**
 * The inbox index's own repair, for the outbox job (every minute), never a visitor's call: builds the
 * index from the request blobs when it was never built in its present layout (requests older than the
 * index, or cut into other buckets), then indexes the requests whose index write had failed (left
 * pending, at most PENDING_PER_RUN a run). The submissions whose function stopped before indexing them are
 * the submissions' repair pass's (submit.ts). Answers how many it indexed of each.
 */
export async function completeInboxIndex(): Promise<{ rebuilt: number | undefined; pending: number }> {
  const rebuilt = (await isIndexBuilt()) ? undefined : (await rebuildIndex()).indexed;
  const pending = await pendingIds(PENDING_PER_RUN);
  for (const id of pending) {
    const stored = await readStored(id);
    if (stored) await writeEntries([{ request: stored.request, rev: stored.rev }], { replace: false, since: '' });
    await clearPending(id);
  }
  return { rebuilt, pending: pending.length };
}

/** What the admin list asks for. */
export interface ListQuery {
  /** One status, or undefined for all of them (archived included). */
  statut?: RequestStatus;
  /** Search text; compared without case and accents. */
  q?: string;
  /** From `nextCursor` of the previous page. */
  cursor?: string;
  limit?: number;
  /** Only these requests (the inbox filter by devis state). */
  only?: ReadonlySet<string>;
  /** The requests the counters and the list are made of (scope.ts: what the person sees, in the territories and assignment chosen). */
  scope?: (entry: RequestSummary) => boolean;
}

/** A page of the inbox, and the ids of every request in the query's scope (for counters kept elsewhere, such as the devis states). */
export type ScopedPage = RequestPage & { scopeIds: ReadonlySet<string> };

/** Thrown for a cursor that is not one this server made. */
export class InvalidCursorError extends Error {}

/**
 * One page of the inbox, newest first, and the counters of the whole inbox. The cursor is the position
 * (created_at, id) of the last request shown, so requests arriving between two pages (newer, thus before
 * it) neither repeat nor push any request out of the next page.
 */
export async function listRequests(query: ListQuery = {}): Promise<ScopedPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (query.cursor && !cursor) throw new InvalidCursorError('cursor not made by this server');
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? INBOX_PAGE_SIZE), 1), INBOX_PAGE_MAX);
  // Only the summaries: the index's repairs (a first build, entries left pending) are the outbox job's.
  const read = await readEntries();
  const scope = query.scope ?? (() => true);
  // The counters follow the territory and assignment filters: they count what the person asked to see.
  const entries = read.map(({ rev: _rev, ...summary }): RequestSummary => summary).filter(scope);
  const counts = countEntries(entries);

  const needle = normalizeForSearch(query.q ?? '');
  const texts = needle ? await readSearchTexts() : undefined;
  const matches = entries.filter(
    (entry) =>
      (!query.statut || entry.statut === query.statut) &&
      (!query.only || query.only.has(entry.id)) &&
      (!texts || (texts.get(entry.id) ?? searchTextOf(entry)).includes(needle)) &&
      (!cursor || isAfter(entry, cursor)),
  );
  matches.sort(newestFirst);
  const data = matches.slice(0, limit);
  const last = data.at(-1);
  return { data, counts, nextCursor: matches.length > limit && last ? encodeCursor(last) : null, scopeIds: new Set(entries.map((entry) => entry.id)) };
}

/** Every request key of the store. */
async function requestKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of store().list({ paginate: true })) keys.push(...page.blobs.map((blob) => blob.key));
  return keys;
}

/**
 * Rewrites the inbox index from the request blobs (the repair path: `npm run inbox -- rebuild`):
 * reads every request, 50 at a time, and replaces the index with their entries, keeping what live writes
 * add meanwhile. Unreadable blobs are logged and left out. Returns how many requests were indexed.
 */
export async function rebuildIndex(now = new Date()): Promise<{ indexed: number; unreadable: string[] }> {
  // Entries created in the last minute are kept even if unseen: their blob may land after the listing below.
  const since = new Date(now.getTime() - 60_000).toISOString();
  for (const key of await dropUnreadableBuckets()) console.error(`requests: index blob ${key} was unreadable; rewritten from the requests`);
  await dropOtherLayoutBuckets();
  const keys = await requestKeys();
  const records: Array<{ request: ContactRequest; rev: number }> = [];
  const unreadable: string[] = [];
  for (let start = 0; start < keys.length; start += 50) {
    const batch = await Promise.all(keys.slice(start, start + 50).map(async (key) => [key, await store().get(key, { type: 'text' })] as const));
    for (const [key, raw] of batch) {
      if (raw === null) continue;
      try {
        const data = JSON.parse(raw) as unknown;
        records.push({ request: normaliseRequest(key, data), rev: revisionOf(data) });
      } catch {
        console.error(`requests: blob ${key} is not valid JSON (${raw.length} bytes); left out of the index`);
        unreadable.push(key);
      }
    }
  }
  await writeEntries(records, { replace: true, since });
  for (const id of await pendingIds(Number.MAX_SAFE_INTEGER)) await clearPending(id);
  await markIndexBuilt(now);
  return { indexed: records.length, unreadable };
}

/**
 * Stores many complete requests at once (an import, the inbox benchmark): their blobs 50 at a time, then
 * their index entries in one write per bucket, rather than one contended index write per request.
 */
export async function importRequests(requests: readonly ContactRequest[]): Promise<void> {
  if (!(await isIndexBuilt())) await rebuildIndex();
  for (let start = 0; start < requests.length; start += 50) {
    await Promise.all(requests.slice(start, start + 50).map((request) => store().setJSON(request.id, { ...request, rev: 1 })));
  }
  await writeEntries(requests.map((request) => ({ request, rev: 1 })), { replace: false, since: '' });
}
