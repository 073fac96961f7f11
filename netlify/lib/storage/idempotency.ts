/**
 * Idempotency keys of form submissions. Each filled form sends a UUID made in the browser, the same for
 * every retry of that submission (a change to the form makes a new one). A key protects one content on
 * one endpoint: its record keeps the endpoint, a hash of the normalised body and the id of the request it
 * stands for, chosen before anything is stored.
 *
 * - First use: the record is written (write-if-new) with a fresh request id, then the request is stored
 *   under that id.
 * - Same key, same endpoint, same content (a retry whose answer was lost, or two sends at once): the
 *   request id of the record. Storing a request under an id is write-if-new, so whoever comes second
 *   finds it stored and answers it: never a second request, and no waiting on the first.
 * - Same key with another content or on the other form: refused (422, in French), without a word of the
 *   request it stands for.
 * Records expire after 24 hours; the daily retention job (retention.ts) deletes them, and the repair pass
 * (submit.ts) deletes the record of a submission that died before its request was stored.
 */
import { createHash } from 'node:crypto';
import { lifetimeMs } from '../../../src/lib/lifetimes.ts';
import { Refusal } from '../http/refusal.ts';
import { purgeStore, storeNames, strongStore, updateJSON } from './storage.ts';
import { API_ERRORS } from '../http/errors.ts';

/** How long a key is remembered (the lifetimes table's `idempotencyKey`). */
export const IDEMPOTENCY_TTL_MS = lifetimeMs('idempotencyKey');

/** Whether a value is an idempotency key: a UUID, as crypto.randomUUID() makes. */
export const isIdempotencyKey = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

interface IdempotencyRecord {
  /** The function the key was first used on. */
  endpoint: string;
  /** SHA-256 of the normalised body (fingerprintOf). */
  fingerprint: string;
  /** The request the key stands for (stored, or about to be). */
  requestId: string;
  createdAt: string;
  expiresAt: string;
}

const store = () => strongStore(storeNames.idempotency);
const storeKey = (key: string): string => key.toLowerCase();

/** The refusal of a key that comes back with another content or on another endpoint (422, its sentence in the error table). */
export class IdempotencyMismatchError extends Refusal {
  declare readonly code: 'idempotency_other_content' | 'idempotency_other_form';
}

/** A value with its object keys sorted, so that one content always serialises the same way. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted((value as Record<string, unknown>)[key])]));
  return value;
}

/**
 * The hash of what a submission asks, from the form's validated data (trimmed, unknown fields dropped,
 * so a retry that differs only by spaces or ignored fields is the same content) and its endpoint.
 */
export function fingerprintOf(endpoint: string, data: unknown): string {
  return createHash('sha256').update(JSON.stringify([endpoint, sorted(data)])).digest('hex');
}

/**
 * Binds a key to a request id: the record's id when the key was already used for this content on this
 * endpoint (`reused`), else `requestId`, recorded. Throws IdempotencyMismatchError for another content or
 * endpoint. One write in the usual case (a new key).
 */
export async function bindIdempotencyKey(
  key: string,
  { endpoint, fingerprint, requestId, now = new Date() }: { endpoint: string; fingerprint: string; requestId: string; now?: Date },
): Promise<{ requestId: string; reused: boolean }> {
  const name = storeKey(key);
  const record: IdempotencyRecord = { endpoint, fingerprint, requestId, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString() };
  const written = await store().setJSON(name, record, { onlyIfNew: true });
  if (written.modified) return { requestId, reused: false };
  // The key was used before: the same submission again, another one, or an expired record to replace.
  const bound = await updateJSON<IdempotencyRecord, IdempotencyRecord>(storeNames.idempotency, name, (current) => {
    if (!current || isIdempotencyRecordExpired(current, now)) return { value: record, result: record };
    return { result: current };
  });
  if (bound === record) return { requestId, reused: false };
  if (bound.endpoint !== endpoint) throw new IdempotencyMismatchError('idempotency_other_form');
  if (bound.fingerprint !== fingerprint) throw new IdempotencyMismatchError('idempotency_other_content');
  return { requestId: bound.requestId, reused: true };
}

/** Forgets a key bound to a request that was never stored (its submission died first): a retry binds it afresh. */
export async function releaseIdempotencyKey(key: string, requestId: string): Promise<void> {
  const name = storeKey(key);
  const record = (await store().get(name, { type: 'json' })) as IdempotencyRecord | null;
  if (record?.requestId === requestId) await store().delete(name);
}

/** The request id a key stands for, if any (for checks and tests). */
export async function requestIdOfKey(key: string): Promise<string | undefined> {
  const record = (await store().get(storeKey(key), { type: 'json' })) as IdempotencyRecord | null;
  return record?.requestId;
}

/** Whether a stored key record is over at `now` (its 24 hours passed; a record without a date is over). For the daily retention job. */
export function isIdempotencyRecordExpired(record: unknown, now: Date): boolean {
  const expiresAt = Date.parse(String((record as Partial<IdempotencyRecord> | null)?.expiresAt ?? ''));
  return Number.isNaN(expiresAt) || expiresAt <= now.getTime();
}

/** Storage's purge in the daily job: the keys whose time is over at `now`. */
export async function purgeIdempotencyKeys(now: Date): Promise<{ idempotencyKeys: number }> {
  return { idempotencyKeys: await purgeStore(storeNames.idempotency, (record) => isIdempotencyRecordExpired(record, now)) };
}

/** The optional `idempotencyKey` of a form's body: absent, a UUID, or a 400 body naming the field. */
export function readIdempotencyKey(body: unknown): { ok: true; key?: string } | { ok: false; failure: { success: false; error: string; fields: Record<string, string> } } {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).idempotencyKey : undefined;
  if (value === undefined || value === null || value === '') return { ok: true };
  if (isIdempotencyKey(value)) return { ok: true, key: value };
  const message = API_ERRORS.idempotency_key_invalid.message;
  return { ok: false, failure: { success: false, error: message, fields: { idempotencyKey: message } } };
}

/**
 * How long a form sent without JavaScript (which cannot make a key of its own) stays the same submission
 * when the same content comes again from the same client (a resend, the back button): between one and two
 * of these windows.
 */
export const DERIVED_KEY_WINDOW_MS = 10 * 60 * 1000;

/** A key in the shape the store takes (a UUID), made from a text. */
const keyFromText = (text: string): string => {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/**
 * The idempotency key of a submission sent without JavaScript, made by the server from its content's
 * fingerprint and the client (its network and browser), per window of DERIVED_KEY_WINDOW_MS: the previous
 * window's key when that one is bound (the same content sent again a moment later), else the current one's.
 */
export async function derivedIdempotencyKey(fingerprint: string, client: string, now = new Date()): Promise<string> {
  const window = Math.floor(now.getTime() / DERIVED_KEY_WINDOW_MS);
  const keyOf = (at: number) => keyFromText(JSON.stringify(['sans-javascript', fingerprint, client, at]));
  const previous = keyOf(window - 1);
  return (await requestIdOfKey(previous)) ? previous : keyOf(window);
}
