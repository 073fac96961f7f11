/**
 * The outbox: every e-mail of a request is an entry of the `mail-outbox` store, keyed
 * `<requestId>/<mailId>`, written before anything is sent, so a stopped function never loses an e-mail.
 * The outbox knows nothing of what an e-mail says: a mail id is any short name (`entreprise`, `visiteur`,
 * a devis' e-mails…), and the caller builds the e-mail (mail.ts) before handing it over.
 *
 * - The submitting function sends at once (after answering the visitor); a failed send is retried by the
 *   scheduled job (mail-outbox.mts, every minute) after 1 min, 5 min, 30 min, 2 h and 12 h; once 24 h
 *   have passed since the first attempt, a last failure marks the entry `echec` for good, and the admin
 *   offers « Renvoyer ».
 * - An entry nobody tried (its function stopped between storing and sending) is due after a grace
 *   period and the job sends it.
 * - An entry can be written already final, `non_envoye` with the reason (an acknowledgement past its
 *   caps): the admin shows why, and nothing sends it.
 * - Before sending, a sender claims the entry with a conditional write (state `envoi`, a token and a
 *   lease); a second sender (another job run, the submitting function) sees the claim and leaves the
 *   entry alone, so an e-mail is never sent twice. A claim whose lease expired (its sender stopped) may be
 *   taken again.
 * - Entries still to send also have a marker in `mail-outbox-due`, so the job lists only those.
 * - `eraseMails(requestId)` erases every e-mail of a request (its entries and their markers).
 * - The outbox knows nothing of requests either: the state of an e-mail that `tracksRequest` is reported
 *   to the listener the requests module registers (`onTrackedMailState`), which keeps `mail_status`.
 * The states and what they mean are one table (src/lib/mail-states.ts). Every function takes `now`, so
 * tests run the clock forward instead of waiting.
 */
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import type { RequestMail } from '../../../src/features/contact/request.ts';
import { lifetimeMs } from '../../../src/lib/lifetimes.ts';
import { INITIAL_MAIL_STATE, mailStateOf, type MailState } from '../../../src/lib/mail-states.ts';
import { serverEnv } from '../env.ts';
import { mailConfiguration, sendWithPostmark, type Mail } from './mail.ts';
import type { PushDelivery } from '../push/push-delivery.ts';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';

/** An entry as this process last wrote it, with the ETag of that version (to write over it conditionally). */
export interface Versioned<T> {
  data: T;
  etag: string;
}

type Env = Record<string, string | undefined>;

/** Pauses before each retry of a failed send: 1 min, 5 min, 30 min, 2 h, 12 h (then 12 h again). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
/** After this long failing (from the first attempt), an entry is failed for good (the lifetimes table's `mailRetries`). */
export const GIVE_UP_AFTER_MS = lifetimeMs('mailRetries');
/** An entry its own function never tried becomes due for the job after this grace period. */
export const PICKUP_GRACE_MS = 2 * 60_000;
/** How long a claim holds: far longer than one send (Postmark's timeout is 10 s). */
export const CLAIM_LEASE_MS = 2 * 60_000;

/** Where an entry stands (src/lib/mail-states.ts). `envoi`: claimed by a sender right now. */
export type OutboxState = MailState;

/**
 * A push notification to one device of a staff account (the technicians' app) is sent like an e-mail: its
 * entry's id starts with `p-` (isPushId), so the sender knows its transport before reading it; the
 * transport (netlify/lib/push/push-delivery.ts, with the web-push library) is loaded only to send one.
 */
export type { PushDelivery };

/** Whether an entry's id names a push (`p-…`) rather than an e-mail. */
export const isPushId = (id: string): boolean => id.startsWith('p-');

/** One e-mail (or push) of a request, a ticket or an account, as stored. */
export interface OutboxEntry {
  /** The mail id: which of the request's e-mails this is. */
  id: string;
  requestId: string;
  /** The e-mail; absent on a push entry. */
  mail?: Mail;
  /** The push; only on a push entry. */
  push?: PushDelivery;
  state: OutboxState;
  /** This e-mail's state is also kept on the request (`mail_status`, the company notification's). */
  tracksRequest?: boolean;
  /** Why it was not sent (state `non_envoye`), in French, for the admin. */
  skipReason?: string;
  /** Sends tried since the entry was created (or last reset by « Renvoyer »). */
  attempts: number;
  /** Start of the 24 h window (creation, or the last « Renvoyer »). */
  createdAt: string;
  /** When the job may next try it. */
  nextAttemptAt: string;
  lastError?: string;
  claim?: { token: string; until: string };
  sentAt?: string;
  messageId?: string;
}

/** An e-mail of a request as the admin sees it (GET /api/contact/:id → `mails`; its schema is the contact feature's). */
export type MailSummary = RequestMail;

/** Told the new state of an e-mail that `tracksRequest`; the requests module registers one at load. */
export type TrackedMailListener = (requestId: string, state: MailState) => Promise<unknown>;

let trackedMailListener: TrackedMailListener | undefined;

/** Registers who keeps a request's `mail_status` (the requests module); the last registration wins. */
export function onTrackedMailState(listener: TrackedMailListener): void {
  trackedMailListener = listener;
}

/** Reports the state of a tracked e-mail to the registered listener; a failure there is logged, never thrown. */
async function reportTrackedState(requestId: string, state: MailState): Promise<void> {
  if (!trackedMailListener) {
    console.error(`mail: no listener keeps the mail status of request ${requestId} (the requests module is not loaded)`);
    return;
  }
  try {
    await trackedMailListener(requestId, state);
  } catch (error) {
    // The e-mail's own record is right; only the request's summary of it is behind.
    console.error(`mail: could not record the mail status of request ${requestId}`, error);
  }
}

const outbox = () => strongStore(storeNames.outbox);
const due = () => strongStore(storeNames.outboxDue);

/** The key of one e-mail of a request. */
export const outboxKey = (requestId: string, mailId: string): string => `${requestId}/${mailId}`;

/** Whether a value can name one of a request's e-mails: a short lower-case name (`entreprise`, `visiteur`, `devis-2`…). */
export const isMailId = (value: string): boolean => /^[a-z][a-z0-9-]{0,39}$/.test(value);

const at = (date: Date, plusMs = 0): string => new Date(date.getTime() + plusMs).toISOString();

/** An e-mail (or a push, its id `p-…`) to put in the outbox. */
export interface OutgoingMail {
  /** Which of the request's e-mails this is (unique per request). */
  id: string;
  mail?: Mail;
  push?: PushDelivery;
  /** Its state is also the request's `mail_status`. */
  tracksRequest?: boolean;
  /** Not to be sent, and why (in French): the entry is written final, `non_envoye`. */
  skipReason?: string;
}

/**
 * Writes e-mails of a request as pending entries (or final `non_envoye` ones, with their reason). An
 * entry that already exists is left as it is, so writing them again (a repair after a crash) changes
 * nothing. `dueNow`: the job may send them at its next run (a repair), instead of after the grace period
 * left to the function that sends them itself.
 */
export async function enqueueMails(
  requestId: string,
  mails: readonly OutgoingMail[],
  { now = new Date(), dueNow = false }: { now?: Date; dueNow?: boolean } = {},
): Promise<Versioned<OutboxEntry>[]> {
  // An id the sweep would not read (isMailId) would be kept and never sent: refused here, where it is made.
  const unreadable = mails.find(({ id }) => !isMailId(id));
  if (unreadable) throw new Error(`identifiant d’envoi illisible par la relève : « ${unreadable.id} »`);
  return Promise.all(
    mails.map(async ({ id, mail, push, tracksRequest, skipReason }) => {
      const entry: OutboxEntry = {
        id,
        requestId,
        ...(mail ? { mail } : {}),
        ...(push ? { push } : {}),
        state: skipReason ? 'non_envoye' : INITIAL_MAIL_STATE,
        attempts: 0,
        createdAt: at(now),
        nextAttemptAt: at(now, dueNow ? 0 : PICKUP_GRACE_MS),
        ...(tracksRequest ? { tracksRequest } : {}),
        ...(skipReason ? { skipReason } : {}),
      };
      const key = outboxKey(requestId, id);
      // The marker first: an entry without one would never be picked up by the job.
      if (!skipReason) await due().set(key, '');
      const result = await outbox().setJSON(key, entry, { onlyIfNew: true });
      return { data: entry, etag: result.modified ? (result.etag ?? '') : '' };
    }),
  );
}

/** Puts one e-mail of an owner (a person, an account) in the outbox and sends it now; a failure is retried by the outbox job. */
export async function sendNow(owner: string, id: string, mail: Mail, { now = new Date(), env = process.env }: { now?: Date; env?: Env } = {}): Promise<void> {
  const [known] = await enqueueMails(owner, [{ id, mail }], { now });
  if (known) await deliverMail(owner, known.data.id, { now, env, known });
}

/** Erases every e-mail of a request: its entries and their due markers (a request's deletion). */
export async function eraseMails(requestId: string): Promise<void> {
  const prefix = `${requestId}/`;
  await Promise.all(
    [outbox(), due()].map(async (store) => {
      const { blobs } = await store.list({ prefix });
      await Promise.all(blobs.map((blob) => store.delete(blob.key)));
    }),
  );
}

/**
 * Erases the e-mails under an owner prefix (`client-`, `compte-`…) that `over` says have outlived what
 * they carried (a sign-in link expired: the e-mail belongs to no kept record), with their markers; answers
 * how many. For the daily job.
 */
export async function purgeMails(ownerPrefix: string, over: (entry: OutboxEntry) => boolean): Promise<number> {
  let erased = 0;
  for await (const page of outbox().list({ prefix: ownerPrefix, paginate: true })) {
    for (const { key } of page.blobs) {
      const entry = (await outbox().get(key, { type: 'json' })) as OutboxEntry | null;
      if (entry && !over(entry)) continue;
      await Promise.all([outbox().delete(key), due().delete(key)]);
      erased += 1;
    }
  }
  return erased;
}

/** Whether a sender may claim an entry now (`dueOnly`: the job waits for nextAttemptAt). */
function claimable(entry: OutboxEntry, now: Date, dueOnly: boolean): boolean {
  if (entry.state === 'envoi') return Date.parse(entry.claim?.until ?? '') <= now.getTime();
  if (entry.state !== 'en_attente') return false;
  return !dueOnly || Date.parse(entry.nextAttemptAt) <= now.getTime();
}

/** The entry after a failed attempt: retried later, or failed for good after 24 h. */
export function afterFailure(entry: OutboxEntry, error: string, now: Date): OutboxEntry {
  const attempts = entry.attempts + 1;
  const deadline = Date.parse(entry.createdAt) + GIVE_UP_AFTER_MS;
  const base = { ...entry, attempts, lastError: error, claim: undefined };
  if (now.getTime() >= deadline) return { ...base, state: 'echec' };
  const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)]!;
  // The last retry happens at the 24 h mark, not after it.
  return { ...base, state: 'en_attente', nextAttemptAt: new Date(Math.min(now.getTime() + delay, deadline)).toISOString() };
}

/** A short, secret-free reason for a failed send. */
const reasonOf = (error: unknown): string => oneLineReason(error instanceof Error ? error.message : String(error));
const oneLineReason = (text: string): string => text.replace(/\s+/g, ' ').trim().slice(0, 300) || 'Erreur inconnue';

/**
 * Claims one entry and sends it: `undefined` when it is not there, not claimable (sent, failed, claimed
 * by another sender, or not due yet when `dueOnly`), or when e-mail is not configured; otherwise the
 * entry as it ends up. Never throws for a failed send: the failure is recorded and retried later.
 */
export async function deliverMail(
  requestId: string,
  mailId: string,
  { now = new Date(), env = process.env, dueOnly = false, known }: { now?: Date; env?: Env; dueOnly?: boolean; known?: Versioned<OutboxEntry> } = {},
): Promise<OutboxEntry | undefined> {
  const configuration = mailConfiguration(env);
  // On Netlify without a Postmark token the e-mails wait, untouched, until the token is set; pushes without
  // the VAPID keys likewise (the sender is loaded only for a push).
  const pushing = isPushId(mailId) ? await import('../push/push-delivery.ts') : undefined;
  if (pushing ? !pushing.pushConfigured(env) : !configuration.configured) return undefined;
  const key = outboxKey(requestId, mailId);
  const token = randomUUID();
  const claimOf = (entry: OutboxEntry | undefined): OutboxEntry | undefined =>
    entry && claimable(entry, now, dueOnly) ? { ...entry, state: 'envoi', claim: { token, until: at(now, CLAIM_LEASE_MS) } } : undefined;
  const claimed =
    (await claimWithKnownVersion(key, known, claimOf)) ??
    (await updateJSON<OutboxEntry, { written: OutboxEntry; etag?: string } | undefined>(storeNames.outbox, key, (entry) => {
      const claim = claimOf(entry);
      return { value: claim, result: claim && { written: claim } };
    }));
  if (!claimed) return undefined;
  const entry = claimed.written;

  let outcome: OutboxEntry;
  if (entry.push && pushing) {
    outcome = await pushing.deliverPush(entry, key, now, env, afterFailure);
  } else if (!entry.mail) {
    outcome = { ...entry, state: 'non_envoye', skipReason: 'Entrée sans contenu à envoyer.', claim: undefined };
  } else if (configuration.transport === 'boite_locale') {
    console.log(`mail: no POSTMARK_SERVER_TOKEN, e-mail « ${entry.mail.subject} » kept in the local outbox (${key}); read it with npm run mail -- show <reference>`);
    outcome = { ...entry, state: 'boite_locale', attempts: entry.attempts + 1, claim: undefined, lastError: undefined, sentAt: at(now) };
  } else {
    try {
      const messageId = await sendWithPostmark(entry.mail, serverEnv(env).POSTMARK_SERVER_TOKEN!, env);
      outcome = { ...entry, state: 'envoye', attempts: entry.attempts + 1, claim: undefined, lastError: undefined, sentAt: at(now), messageId };
    } catch (error) {
      console.error(`mail: sending ${key} failed (attempt ${entry.attempts + 1}); it stays in the outbox`, reasonOf(error));
      outcome = afterFailure(entry, reasonOf(error), now);
    }
  }
  await recordOutcome(key, outcome, claimed.etag);
  return outcome;
}

/**
 * One conditional write on the version the caller already holds (the submitting function just wrote
 * the entry), which saves a read; `undefined` when that version is gone, so the caller reads and retries.
 */
async function claimWithKnownVersion(
  key: string,
  known: Versioned<OutboxEntry> | undefined,
  claimOf: (entry: OutboxEntry) => OutboxEntry | undefined,
): Promise<{ written: OutboxEntry; etag?: string } | undefined> {
  if (!known?.etag) return undefined;
  const claim = claimOf(known.data);
  if (!claim) return undefined;
  const result = await outbox().setJSON(key, claim, { onlyIfMatch: known.etag });
  return result.modified ? { written: claim, etag: result.etag } : undefined;
}

/** Writes the outcome of a send, clears the due marker of a final entry, and updates the request's mail status. */
async function recordOutcome(key: string, outcome: OutboxEntry, claimEtag: string | undefined): Promise<void> {
  // Written over the claim; if someone wrote since (a « Renvoyer »), read and write again.
  const direct = claimEtag ? await outbox().setJSON(key, outcome, { onlyIfMatch: claimEtag }) : undefined;
  if (!direct?.modified) await updateJSON<OutboxEntry, void>(storeNames.outbox, key, (entry) => ({ value: entry && outcome, result: undefined }));
  if (mailStateOf(outcome.state).final) await due().delete(key);
  if (outcome.tracksRequest) await reportTrackedState(outcome.requestId, outcome.state);
}

/** What one run of the job did. */
export interface OutboxRun {
  /** Entries looked at (still to send). */
  pending: number;
  sent: number;
  /** Failed this time, retried later. */
  retried: number;
  /** Failed for good this time. */
  failed: number;
  /** `aucun` when e-mail is not configured (nothing was tried). */
  transport: string;
}

/**
 * One run of the scheduled job: every entry that is due (a retry whose time came, an entry its own
 * function never tried, a claim whose sender stopped) is claimed and sent, a few at a time.
 */
export async function runOutbox({ now = new Date(), env = process.env, concurrency = 4 }: { now?: Date; env?: Env; concurrency?: number } = {}): Promise<OutboxRun> {
  const configuration = mailConfiguration(env);
  const run: OutboxRun = { pending: 0, sent: 0, retried: 0, failed: 0, transport: configuration.transport };
  // Without e-mail, pushes may still be sent (deliverMail leaves what its transport cannot send).
  const keys: string[] = [];
  for await (const page of due().list({ paginate: true })) keys.push(...page.blobs.map((blob) => blob.key));
  run.pending = keys.length;
  // A few at a time: the job must finish well within its minute, without flooding Blobs or Postmark.
  const limit = pLimit(concurrency);
  const one = async (key: string): Promise<void> => {
    const [requestId, mailId] = key.split('/');
    if (!requestId || !mailId || !isMailId(mailId)) return;
    const stored = (await outbox().get(key, { type: 'json' })) as OutboxEntry | null;
    // Its request was deleted (and its e-mails with it), or it was finished: drop the marker.
    if (!stored || mailStateOf(stored.state).final) {
      await due().delete(key);
      return;
    }
    const outcome = await deliverMail(requestId, mailId, { now, env, dueOnly: true });
    if (!outcome) return;
    if (mailStateOf(outcome.state).delivered) run.sent += 1;
    else if (outcome.state === 'echec') run.failed += 1;
    else run.retried += 1;
  };
  await Promise.all(keys.map((key) => limit(() => one(key))));
  return run;
}

/** Why « Renvoyer » could not start. */
export type ResendRefusal = 'not_found' | 'busy';

/**
 * « Renvoyer »: puts an e-mail back in the outbox as new (a fresh 24 h window) and sends it now.
 * `busy` while a sender holds it.
 */
export async function resendMail(requestId: string, mailId: string, { now = new Date(), env = process.env }: { now?: Date; env?: Env } = {}): Promise<OutboxEntry | ResendRefusal> {
  const key = outboxKey(requestId, mailId);
  let refusal: ResendRefusal = 'not_found';
  const reset = await updateJSON<OutboxEntry, OutboxEntry | undefined>(storeNames.outbox, key, (entry) => {
    if (!entry) return { result: undefined };
    if (entry.state === 'envoi' && Date.parse(entry.claim?.until ?? '') > now.getTime()) {
      refusal = 'busy';
      return { result: undefined };
    }
    // An e-mail that was not to be sent (an acknowledgement past its caps) stays unsent.
    if (entry.state === 'non_envoye') return { result: undefined };
    const fresh: OutboxEntry = { ...entry, state: 'en_attente', attempts: 0, createdAt: at(now), nextAttemptAt: at(now, PICKUP_GRACE_MS), claim: undefined, lastError: undefined };
    return { value: fresh, result: fresh };
  });
  if (!reset) return refusal;
  await due().set(key, '');
  if (reset.tracksRequest) await reportTrackedState(requestId, reset.state);
  return (await deliverMail(requestId, mailId, { now, env })) ?? reset;
}

/** The admin's view of one entry. */
export function summarise(entry: OutboxEntry): MailSummary {
  return {
    id: entry.id,
    kind: entry.id,
    to: entry.mail?.to ?? `Notification au compte ${entry.push?.accountId ?? ''}`,
    subject: entry.mail?.subject ?? entry.push?.notice.title ?? '',
    status: entry.state,
    attempts: entry.attempts,
    ...(entry.lastError ? { lastError: entry.lastError } : {}),
    ...(entry.skipReason ? { skipReason: entry.skipReason } : {}),
    ...(entry.state === 'en_attente' ? { nextAttemptAt: entry.nextAttemptAt } : {}),
    ...(entry.sentAt && entry.state !== 'en_attente' ? { sentAt: entry.sentAt } : {}),
  };
}

/** The e-mails of a request, the one tracked on the request (company notification) first, then by creation (for GET /api/contact/:id). */
export async function listMails(requestId: string): Promise<MailSummary[]> {
  const store = outbox();
  const { blobs } = await store.list({ prefix: `${requestId}/` });
  const entries = await Promise.all(blobs.map(async (blob) => (await store.get(blob.key, { type: 'json' })) as OutboxEntry | null));
  return entries
    .filter((entry): entry is OutboxEntry => entry !== null && isMailId(entry.id))
    .sort((a, b) => Number(Boolean(b.tracksRequest)) - Number(Boolean(a.tracksRequest)) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .map(summarise);
}

/** One e-mail as stored, with its whole content (the local outbox reader and the tests use it). */
export async function getMail(requestId: string, mailId: string): Promise<OutboxEntry | undefined> {
  return ((await outbox().get(outboxKey(requestId, mailId), { type: 'json' })) as OutboxEntry | null) ?? undefined;
}
