/**
 * The repository of contact and quote requests over Netlify Blobs: one blob per request (keyed by its
 * id), so concurrent submissions never rewrite each other; reads with strong consistency; status changes
 * as conditional writes on the blob's ETag, retried when someone else wrote in between.
 */
import { randomUUID } from 'node:crypto';
import { REQUEST_STATUSES, type RequestStatus } from '../../src/lib/constants.ts';
import { isTerritoryId } from '../../src/lib/taxes.ts';
import { readJSONWithEtag, storeNames, strongStore } from './storage.ts';

import type { ContactRequest, MailStatus } from '../../src/features/contact/request.ts';

export type { ContactRequest, MailStatus };

/** The fields a new request is created from. */
export type NewRequest = Pick<ContactRequest, 'kind' | 'name' | 'email' | 'phone' | 'company' | 'subject' | 'delai' | 'message'> &
  Partial<Pick<ContactRequest, 'clientCode' | 'reference' | 'territory'>>;

const store = () => strongStore(storeNames.requests);

/** Whether a value is one of the four statuses. */
export const isRequestStatus = (value: unknown): value is RequestStatus =>
  typeof value === 'string' && (REQUEST_STATUSES as readonly string[]).includes(value);

/** Ids are UUIDs; anything else cannot be a stored request (and never reaches Blobs as a key). */
export const isRequestId = (value: string): boolean => /^[0-9a-f-]{36}$/i.test(value);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A stored record with the defaults of SPEC.md §3 for whatever an older record lacks. */
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
    territory: isTerritoryId(record.territory) ? record.territory : '',
    statut: isRequestStatus(record.statut) ? record.statut : 'nouveau',
    created_at: created,
    updated_at: text(record.updated_at) || created,
    mail_status: (['en_attente', 'envoye', 'boite_locale', 'echec'] as const).find((s) => s === record.mail_status) ?? 'en_attente',
    notes: Array.isArray(record.notes) ? (record.notes as ContactRequest['notes']) : [],
    history: Array.isArray(record.history) ? (record.history as ContactRequest['history']) : [],
  };
}

/** Stores a new request (statut nouveau) and returns it with the ETag of its blob. */
export async function createRequest(input: NewRequest, now = new Date()): Promise<{ request: ContactRequest; etag?: string }> {
  const stamp = now.toISOString();
  const request: ContactRequest = {
    clientCode: '',
    reference: '',
    territory: '',
    ...input,
    notes: [],
    history: [],
    id: randomUUID(),
    statut: 'nouveau',
    created_at: stamp,
    updated_at: stamp,
    mail_status: 'en_attente',
  };
  const result = await store().setJSON(request.id, request, { onlyIfNew: true });
  if (!result.modified) throw new Error(`request id collision: ${request.id}`);
  return { request, etag: result.etag };
}

/** Every request, newest first (DECISIONS.md §18). */
export async function listRequests(): Promise<ContactRequest[]> {
  const requestsStore = store();
  const keys: string[] = [];
  for await (const page of requestsStore.list({ paginate: true })) keys.push(...page.blobs.map((blob) => blob.key));
  const requests: ContactRequest[] = [];
  // Read in batches so a long list does not open hundreds of connections at once.
  for (let start = 0; start < keys.length; start += 50) {
    const batch = await Promise.all(keys.slice(start, start + 50).map(async (key) => [key, await requestsStore.get(key, { type: 'text' })] as const));
    for (const [key, raw] of batch) {
      if (raw === null) continue;
      try {
        requests.push(normaliseRequest(key, JSON.parse(raw)));
      } catch {
        // One unreadable blob must not hide every other request from the administrator.
        console.error(`requests: blob ${key} is not valid JSON (${raw.length} bytes); left out of the list`);
      }
    }
  }
  return requests.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
}

/** Reads one request, with the ETag to write it back conditionally. */
async function readWithEtag(id: string): Promise<{ request: ContactRequest; etag?: string } | undefined> {
  const entry = await readJSONWithEtag<unknown>(store(), id);
  return entry && { request: normaliseRequest(id, entry.data), etag: entry.etag };
}

/**
 * Applies a change to one request with a conditional write (only if its ETag is unchanged), retrying on
 * a concurrent write; `now` (when given) stamps updated_at. `not_found` for an unknown id, `conflict` when it keeps changing underneath.
 */
async function updateRequest(
  id: string,
  change: (request: ContactRequest) => Partial<ContactRequest>,
  now: (() => Date) | undefined,
): Promise<ContactRequest | 'not_found' | 'conflict'> {
  if (!isRequestId(id)) return 'not_found';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await readWithEtag(id);
    if (!current) return 'not_found';
    const updated: ContactRequest = { ...current.request, ...change(current.request) };
    if (now) updated.updated_at = now().toISOString();
    if (!current.etag) throw new Error(`no ETag for request ${id}: refusing an unconditional write`);
    const result = await store().setJSON(id, updated, { onlyIfMatch: current.etag });
    if (result.modified) return updated;
  }
  return 'conflict';
}

/** Sets the status of a request; its updated_at changes, its created_at stays. */
export function updateRequestStatus(id: string, statut: RequestStatus, now = () => new Date()) {
  return updateRequest(id, () => ({ statut }), now);
}

/**
 * Records what happened to the notification mail of a request (bookkeeping: updated_at stays). With
 * the record and ETag of its creation, one conditional write does it; if the request changed since,
 * it is re-read and retried.
 */
export async function setMailStatus(id: string, mailStatus: MailStatus, created?: { request: ContactRequest; etag?: string }) {
  if (created?.etag) {
    const result = await store().setJSON(id, { ...created.request, mail_status: mailStatus }, { onlyIfMatch: created.etag });
    if (result.modified) return { ...created.request, mail_status: mailStatus };
  }
  return updateRequest(id, () => ({ mail_status: mailStatus }), undefined);
}
