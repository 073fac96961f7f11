/**
 * Idempotency keys of form submissions. Each filled form sends a UUID made in the browser, the same for
 * every retry of that submission: the first submission claims the key (conditional write) before
 * anything is stored, then records the request it created; a later one with the same key gets that
 * request's id and reference, and nothing new is stored. Two submissions racing with one key: one
 * claims it, the other waits for its result. A claim left by a stopped function is taken over after
 * CLAIM_STALE_MS. Records expire after 24 hours; the daily retention job (retention.ts) deletes them.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { storeNames, strongStore, updateJSON } from './storage.ts';

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A claim older than this, still without its request, was left by a stopped function. */
export const CLAIM_STALE_MS = 30_000;
/** How long a second submission waits for the first one's result before giving up (409). */
const WAIT_FOR_FIRST_MS = 8_000;

/** Whether a value is an idempotency key: a UUID, as crypto.randomUUID() makes. */
export const isIdempotencyKey = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

interface IdempotencyRecord {
  /** `en_cours` while its submission is being stored; `fait` with the request's id and reference. */
  state: 'en_cours' | 'fait';
  token: string;
  claimedAt: string;
  expiresAt: string;
  id?: string;
  reference?: string;
}

const store = () => strongStore(storeNames.idempotency);
const storeKey = (key: string): string => key.toLowerCase();

/** The request a key already created. */
export interface Replay {
  id: string;
  reference: string;
}

/** A claimed key: call `complete` once the request is stored, `release` if storing it failed. */
export interface Claim {
  complete: (result: Replay) => Promise<void>;
  release: () => Promise<void>;
}

/** The 409 answer's sentence when the first submission with a key is still being stored. */
export const IDEMPOTENCY_BUSY_MESSAGE = 'Votre demande est déjà en cours d’enregistrement. Patientez quelques secondes, puis réessayez.';

/** Thrown when the first submission with a key is still being stored after a few seconds. */
export class IdempotencyBusyError extends Error {}

/**
 * Claims a key for a new submission, or answers the request it already created (waiting for a
 * concurrent first submission to finish). `now` gives the current time (a function, so a wait moves on).
 */
export async function claimIdempotencyKey(key: string, now: () => Date = () => new Date()): Promise<{ claim: Claim } | { replay: Replay }> {
  const name = storeKey(key);
  const token = randomUUID();
  const started = now().getTime();
  for (let attempt = 0; ; attempt += 1) {
    const time = now();
    let existing: IdempotencyRecord | undefined;
    const claimed = await updateJSON<IdempotencyRecord, boolean>(storeNames.idempotency, name, (record) => {
      const free = !record || Date.parse(record.expiresAt) <= time.getTime() || (record.state === 'en_cours' && Date.parse(record.claimedAt) + CLAIM_STALE_MS <= time.getTime());
      existing = record;
      if (!free) return { result: false };
      return { value: { state: 'en_cours', token, claimedAt: time.toISOString(), expiresAt: new Date(time.getTime() + IDEMPOTENCY_TTL_MS).toISOString() }, result: true };
    });
    if (claimed) {
      return {
        claim: {
          complete: async (result) => {
            await updateJSON<IdempotencyRecord, void>(storeNames.idempotency, name, (record) => ({
              value: record?.token === token ? { ...record, state: 'fait', ...result } : undefined,
              result: undefined,
            }));
          },
          release: async () => {
            const current = (await store().get(name, { type: 'json' })) as IdempotencyRecord | null;
            if (current?.token === token) await store().delete(name);
          },
        },
      };
    }
    const record = existing as IdempotencyRecord | undefined;
    if (record?.state === 'fait' && record.id) return { replay: { id: record.id, reference: record.reference ?? '' } };
    if (now().getTime() - started > WAIT_FOR_FIRST_MS) throw new IdempotencyBusyError(`idempotency key ${name} still in progress`);
    // Jittered backoff, so the waiting submissions do not poll together.
    await sleep(Math.random() * Math.min(500, 25 * 2 ** Math.min(attempt, 5)));
  }
}

/** Whether a stored key record is over at `now` (its 24 hours passed; a record without a date is over). For the daily retention job. */
export function isIdempotencyRecordExpired(record: unknown, now: Date): boolean {
  const expiresAt = Date.parse(String((record as Partial<IdempotencyRecord> | null)?.expiresAt ?? ''));
  return Number.isNaN(expiresAt) || expiresAt <= now.getTime();
}

/** The optional `idempotencyKey` of a form's body: absent, a UUID, or a 400 body naming the field. */
export function readIdempotencyKey(body: unknown): { ok: true; key?: string } | { ok: false; failure: { success: false; error: string; fields: Record<string, string> } } {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).idempotencyKey : undefined;
  if (value === undefined || value === null || value === '') return { ok: true };
  if (isIdempotencyKey(value)) return { ok: true, key: value };
  const message = 'La clé d’envoi du formulaire est invalide. Rechargez la page et réessayez.';
  return { ok: false, failure: { success: false, error: message, fields: { idempotencyKey: message } } };
}
