/**
 * Netlify Blobs stores used by the API. Reads that must see the last write use strong consistency.
 */
import { getStore, type Store } from '@netlify/blobs';

/** Store names, in one place. */
export const storeNames = {
  health: 'health',
  /** One blob per contact or quote request, keyed by its id. */
  requests: 'contact-requests',
  /** Revoked token ids (jti), kept until the token would have expired anyway. */
  revokedTokens: 'auth-revoked-tokens',
  /** Failed login counters, one blob per client IP (hashed). */
  loginThrottle: 'auth-login-throttle',
  /** The e-mails of every request, one entry per e-mail keyed `<requestId>/<mailId>` (erased with the request by prefix). */
  outbox: 'mail-outbox',
  /** Outbox entries still to send, one empty marker per entry (same key), so the job never lists the whole outbox. */
  outboxDue: 'mail-outbox-due',
  /** Reference counters, one blob per kind and year (`devis/2026`). */
  references: 'request-references',
  /** Idempotency keys of form submissions → the request they created, for 24 hours. */
  idempotency: 'idempotency-keys',
} as const;

/** A Blobs store with strong consistency (a read sees the last write). */
export function strongStore(name: string): Store {
  return getStore({ name, consistency: 'strong' });
}

/** A JSON blob as read, with the ETag of that version (to write it back only if nobody wrote since). */
export interface Versioned<T> {
  data: T;
  etag: string;
}

/**
 * Reads a JSON blob with its ETag. Netlify answers the ETag with the read; the local BlobsServer
 * (npm start, tests) sends none on reads, only in listings: there the ETag is taken first, then the
 * data, so a write landing in between leaves a stale ETag and the conditional write that follows is
 * refused and retried, never lost.
 */
export async function getJSONWithEtag<T>(store: Store, key: string): Promise<Versioned<T> | undefined> {
  const entry = await store.getWithMetadata(key, { type: 'json' });
  if (!entry) return undefined;
  if (entry.etag) return { data: entry.data as T, etag: entry.etag };
  const { blobs } = await store.list({ prefix: key });
  const etag = blobs.find((blob) => blob.key === key)?.etag;
  const data = await store.get(key, { type: 'json' });
  if (data === null || !etag) return undefined;
  return { data: data as T, etag };
}

/** Waits a random time up to `ceilingMs` (full jitter), so contenders that collided spread out. */
export const jitteredPause = (ceilingMs: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * ceilingMs));

/** The ceiling of the pause after the `attempt`-th refused write: 8 ms doubling up to 250 ms. */
export const backoffCeilingMs = (attempt: number): number => Math.min(250, 8 * 2 ** Math.min(attempt, 5));

/**
 * Read-modify-write of one JSON blob with a conditional write (onlyIfNew when absent, onlyIfMatch its
 * ETag otherwise), retried with jittered backoff while another writer gets in first. `change` gets the
 * current value (undefined when absent) and returns the new one, or `undefined` to leave the blob as it
 * is. Resolves to the value written (or `undefined` when `change` declined); throws after `attempts`.
 */
export async function updateJSON<T>(
  store: Store,
  key: string,
  change: (current: T | undefined) => T | undefined,
  attempts = 200,
): Promise<{ written: T; etag?: string } | undefined> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const current = await getJSONWithEtag<T>(store, key);
    const next = change(current?.data);
    if (next === undefined) return undefined;
    const result = current
      ? await store.setJSON(key, next, { onlyIfMatch: current.etag })
      : await store.setJSON(key, next, { onlyIfNew: true });
    if (result.modified) return { written: next, etag: result.etag };
    await jitteredPause(backoffCeilingMs(attempt));
  }
  throw new Error(`blob ${key}: still changing after ${attempts} conditional writes`);
}
