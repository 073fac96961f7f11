/**
 * Netlify Blobs stores used by the API. Reads that must see the last write use strong consistency;
 * read-modify-write goes through `updateJSON`, a conditional write retried when someone wrote in between.
 */
import { getStore, type Store } from '@netlify/blobs';

/** Store names, in one place. */
export const storeNames = {
  health: 'health',
  /** One blob per contact or quote request, keyed by its id. */
  requests: 'contact-requests',
  /** The index of the admin inbox: summaries and search texts of the requests (netlify/lib/requests/request-index.ts). */
  index: 'contact-index',
  /** Revoked token ids (jti), kept until the token would have expired anyway. */
  revokedTokens: 'auth-revoked-tokens',
  /** Failed login counters: per address and username, per address, per username (keys hashed). */
  loginThrottle: 'auth-login-throttle',
  /** The e-mails of every request, one entry per e-mail keyed `<requestId>/<mailId>` (netlify/lib/mail/outbox.ts). */
  outbox: 'mail-outbox',
  /** Outbox entries still to send, one empty marker per entry (same key), so the job never lists the whole outbox. */
  outboxDue: 'mail-outbox-due',
  /** Reference counters, one blob per kind and year (`devis/2026`). */
  references: 'request-references',
  /** The devis of quote requests, one blob per request keyed by its id (draft, versions, events). */
  devis: 'devis',
  /** One blob (`etats`): the state of each request's last devis version, for the inbox filter, counters and the daily expiry. */
  devisIndex: 'devis-index',
  /** The PDFs of devis versions, each made once and kept (`<requestId>/<linkId>-envoi.pdf`, `…-reponse.pdf`). */
  devisDocuments: 'devis-documents',
  /** Devis sends and answers being completed (`<requestId>/<linkId>-envoi`, `…-reponse`), until indexed and their e-mails queued (netlify/lib/devis/devis-completion.ts). */
  devisIntents: 'devis-intents',
  /** Idempotency keys of form submissions → the request they stand for and a hash of its content, for 24 hours. */
  idempotency: 'idempotency-keys',
  /** Submissions being completed, one per request id, until their request is indexed and its e-mails queued (netlify/lib/requests/submit.ts). */
  intents: 'submission-intents',
  /** Acknowledgements sent per recipient address and per sender address in the last 24 hours (netlify/lib/requests/acknowledgement-caps.ts). */
  acknowledgementCaps: 'acknowledgement-caps',
  /** The staff accounts, all in one blob (`equipe`), so that « unique address » and « one active administrator left » hold under concurrent writes (netlify/lib/team/accounts.ts). */
  team: 'team-accounts',
  /** Invitation links, one blob per link keyed by the SHA-256 of its token (netlify/lib/team/invitations.ts). */
  invitations: 'team-invitations',
  /** Passkey challenges waiting for their answer, one blob per challenge, 5 minutes, one use (netlify/lib/team/passkeys.ts). */
  passkeyChallenges: 'team-passkey-challenges',
  /** The journal: one blob per event keyed `<YYYY-MM-DD>/<time>-<random>.<action>.<actor>` (netlify/lib/team/journal.ts). */
  journal: 'team-journal',
  /** Customer companies, one blob per company keyed by its id: shops, contract, people, equipment (netlify/lib/customers/companies.ts). */
  customerCompanies: 'customer-companies',
  /** Every company's summary, in one blob (`societes`), for the admin's list and search. */
  customerIndex: 'customer-index',
  /** SHA-256 of each customer person's e-mail address → their company and person: one address, one person. */
  customerAddresses: 'customer-addresses',
  /** Customer sessions, keyed `<personId>/<SHA-256 of the cookie's secret>` (netlify/lib/customers/customer-session.ts). */
  customerSessions: 'customer-sessions',
  /** Sign-in links of the customers' space, one blob per link keyed by the SHA-256 of its token, 15 minutes, one use. */
  customerSignInLinks: 'customer-sign-in-links',
  /** Sign-in links sent per address and per sender in the last hours (counted like the acknowledgement caps). */
  customerSignInCaps: 'customer-sign-in-caps',
  /** Customers' passkeys and their pending challenges (netlify/lib/customers/). */
  customerPasskeys: 'customer-passkeys',
  /** Request ids per sender address (`adresse/<SHA-256>`) and per company (`societe/<id>`): the space's devis and requests (netlify/lib/requests/request-owners.ts). */
  customerRequests: 'customer-requests',
  /** After-sales tickets, one blob per ticket keyed by its id (netlify/lib/tickets/). */
  tickets: 'tickets',
  /** The tickets' list: summaries for the staff list, the filters, the counters and the space (netlify/lib/tickets/). */
  ticketIndex: 'ticket-index',
  /** Ticket openings being completed (intent first, the repair pass completes it). */
  ticketIntents: 'ticket-intents',
  /** Tickets' photos, re-encoded, private (`<ticketId>/<photoId>.jpg`), served only through a checked function. */
  ticketPhotos: 'ticket-photos',
  /** Intervention reports (PDF) and signatures, private (`<ticketId>/…`). */
  ticketReports: 'ticket-reports',
  /**
   * Counters of the caps on what strangers and customers make the site store or send (passkey challenges per
   * sender network, journaled passkey failures, « Bloquant » openings per company): one blob per counter,
   * with `expiresAt`, deleted by the daily job once nothing in it counts (netlify/lib/storage/caps.ts).
   */
  caps: 'caps',
  /** Staff's push subscriptions, one per account and device, keyed `<accountId>/<SHA-256 of the endpoint>` (netlify/lib/push/). */
  pushSubscriptions: 'push-subscriptions',
  /** The on-call rota, one blob per territory: ISO week → the account on call (netlify/lib/push/rota.ts). */
  onCallRota: 'on-call-rota',
  /** Workshop repair orders, one blob per repair keyed by its id (netlify/lib/repairs/). */
  repairs: 'repairs',
  /** The repairs' index: the board's open repairs, each company's, and keys by serial and reference for the search. */
  repairIndex: 'repair-index',
  /** Repair writes being completed (intent first, the repair pass completes it). */
  repairIntents: 'repair-intents',
  /** Deposit slips and labels (PDF) and signatures, private (`<repairId>/…`); the photos go with the tickets' (same rules). */
  repairFiles: 'repair-files',
  /** Each company's loan devices, one blob per company keyed by its id. */
  repairLoans: 'repair-loans',
} as const;

/** A Blobs store with strong consistency (a read sees the last write). */
export function strongStore(name: string): Store {
  return getStore({ name, consistency: 'strong' });
}

/** Deletes every blob of a store under a prefix (a ticket's photos, its reports); answers how many there were. */
export async function deleteUnder(storeName: string, prefix: string): Promise<number> {
  const store = strongStore(storeName);
  const { blobs } = await store.list({ prefix });
  await Promise.all(blobs.map((blob) => store.delete(blob.key)));
  return blobs.length;
}

/**
 * The one purge of a store, for the daily job: deletes the records that `expired` says are over (and the
 * unreadable ones: nothing says they are young); answers how many. Reads page by page, so a large store
 * never sits in memory whole.
 */
export async function purgeStore(storeName: string, expired: (record: unknown) => boolean): Promise<number> {
  const store = strongStore(storeName);
  let deleted = 0;
  for await (const page of store.list({ paginate: true })) {
    for (const { key } of page.blobs) {
      const raw = await store.get(key, { type: 'text' });
      if (raw === null) continue;
      let record: unknown;
      try {
        record = JSON.parse(raw);
      } catch {
        record = undefined;
      }
      if (record !== undefined && !expired(record)) continue;
      await store.delete(key);
      deleted += 1;
    }
  }
  return deleted;
}

/** For purgeStore: a record carrying `expiresAt` (ISO) at or before `now`; one without it is kept (a passkey beside its challenges). */
export const expiredAt =
  (now: Date) =>
  (record: unknown): boolean => {
    const expiresAt = (record as { expiresAt?: unknown } | null)?.expiresAt;
    return typeof expiresAt === 'string' && Date.parse(expiresAt) <= now.getTime();
  };

/** A JSON blob with the ETag to write it back conditionally; undefined when the blob does not exist. */
export async function readJSONWithEtag<T>(store: Store, key: string): Promise<{ data: T; etag?: string } | undefined> {
  const entry = await store.getWithMetadata(key, { type: 'json' });
  if (!entry) return undefined;
  if (entry.etag) return { data: entry.data as T, etag: entry.etag };
  // A Blobs server that sends no ETag on reads (@netlify/blobs' local one, unless patched by
  // scripts/lib/atomic-blobs.mjs as npm start and the tests do) has it in listings. Take the ETag first,
  // then the data: if a write lands in between, the ETag is stale and the conditional write is refused and
  // retried, so no update is lost.
  const { blobs } = await store.list({ prefix: key });
  const etag = blobs.find((blob) => blob.key === key)?.etag;
  const data = await store.get(key, { type: 'json' });
  if (data === null) return undefined;
  return { data: data as T, etag };
}

/** What a change makes of a blob: a new value to write (or none), and what to tell the caller. */
export interface Change<T, R> {
  value?: T;
  result: R;
}

/** Thrown when a blob kept changing underneath every attempt of `updateJSON`. */
export class WriteConflictError extends Error {}

const turns = new Map<string, Promise<unknown>>();

/** Runs the tasks on one key one after another within this function instance (fewer retries). */
async function inTurn<R>(key: string, task: () => Promise<R>): Promise<R> {
  const previous = turns.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.catch(() => undefined);
  turns.set(key, settled);
  try {
    return await run;
  } finally {
    if (turns.get(key) === settled) turns.delete(key);
  }
}

/**
 * Read-modify-write of one JSON blob that no concurrent writer can undo: `change` sees the current value
 * (undefined when absent) and returns the value to write, if any. The write only happens if the blob is
 * still the one read (its ETag, or still absent); otherwise it is re-read and `change` runs again.
 * Throws WriteConflictError after `attempts` refused writes.
 */
export async function updateJSON<T, R>(storeName: string, key: string, change: (current: T | undefined) => Change<T, R>, attempts = 10): Promise<R> {
  const store = strongStore(storeName);
  return inTurn(`${storeName}/${key}`, async () => {
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      const current = await readJSONWithEtag<T>(store, key);
      const { value, result } = change(current?.data);
      if (value === undefined) return result;
      // Never an unconditional write: without an ETag (a listing caught mid-write), read again.
      const written = current?.etag
        ? await store.setJSON(key, value, { onlyIfMatch: current.etag })
        : current
          ? { modified: false }
          : await store.setJSON(key, value, { onlyIfNew: true });
      if (written.modified) return result;
      // Another writer came in between: wait a little, at random, so the writers do not collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
    }
    throw new WriteConflictError(`blob ${storeName}/${key} kept changing: gave up after ${attempts} attempts`);
  });
}
