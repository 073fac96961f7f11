/**
 * The one path of every public form submission (contact, quote): read the JSON body, answer a bot that
 * filled the honeypot as if all went well, validate with the form's schema, turn the data into a request,
 * store it, answer the visitor, then complete it (index, e-mails) after the answer.
 *
 * The order of writes, chosen so that a function killed at any instant leaves nothing half-done once the
 * repair pass (`repairSubmissions`, run by the every-minute outbox job) has run:
 *
 *   1. idempotency key → request id (idempotency.ts; write-if-new): a retry of this submission, even one
 *      racing with it, is bound to the same request id, and storing under an id happens once;
 *   2. reference (references.ts);
 *   3. the intent `submission-intents/<id>`: what completing the request needs (its endpoint, key, quote
 *      lines, sender) — written before the request, so a stored request always has one until it is
 *      complete;
 *   4. the request blob (write-if-new on its id) — from here the request is safe: the visitor is answered;
 *   5. after the answer (`context.waitUntil`): the index entry and search text, the e-mails in the outbox
 *      (the acknowledgement only within its caps), then the intent is deleted, then the e-mails are sent.
 *
 * A crash before 4 leaves an intent without a request and a key bound to an unstored id: a retry with the
 * key stores the request under that id; the repair pass deletes both after ORPHAN_AFTER_MS (no function
 * runs that long). A crash after 4 leaves an intent with a stored request: the repair pass does step 5
 * again, each write of which is idempotent (index entries by revision, outbox entries write-if-new, caps
 * counted per request id), and a retry with the key answers the stored request.
 *
 * The reference stays allocated on the answer path, from one counter blob per kind and year: the visitor
 * reads it in the form's success message and quotes it on the phone at once, and the e-mail subjects and
 * the devis number are made from it, so it cannot wait for a job. The counter is the only blob every
 * submission rewrites; references.ts takes numbers for all the submissions waiting in one function
 * instance in one conditional write, and a company receives a few requests an hour, so it is not
 * contended in practice (the crash and load scripts send 100 at once to check it holds).
 */
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import type { z } from '../../../src/records/zod.ts';
import { isHoneypotFilled, validate, type ValidationFailure } from '../../../src/features/contact/schema.ts';
import { API_BODY_LIMIT_BYTES } from '../../../src/lib/constants.ts';
import { admitAcknowledgement, senderOf } from './acknowledgement-caps.ts';
import { json, readJsonBody } from '../http/http.ts';
import { apiErrorEntry } from '../http/errors.ts';
import { bindIdempotencyKey, fingerprintOf, IdempotencyMismatchError, readIdempotencyKey, releaseIdempotencyKey } from '../storage/idempotency.ts';
import { lifetimeMs } from '../../../src/lib/lifetimes.ts';
import { buildAcknowledgement, buildNotification, type QuoteDetails } from '../mail/mail.ts';
import { deliverMail, enqueueMails, type OutgoingMail } from '../mail/outbox.ts';
import { allocateReference } from './references.ts';
import { indexNewRequest } from './request-index.ts';
import { newRequest, readStored, storeNewRequest, type NewRequest, type StoredRequest } from './requests.ts';
import { storeNames, strongStore } from '../storage/storage.ts';
import { customerOfRequest, sameOrigin } from '../customers/customer-session.ts';

/** An intent whose request was never stored is dropped after this long: its function is long dead (the lifetimes table's `writeIntent`). */
export const ORPHAN_AFTER_MS = lifetimeMs('writeIntent');

/** The mail ids of a request's two e-mails. */
export const REQUEST_MAILS = { notification: 'entreprise', acknowledgement: 'visiteur' } as const;

/** What completing a stored request needs, kept until it is complete (step 3 above). */
interface Intent {
  requestId: string;
  endpoint: string;
  createdAt: string;
  idempotencyKey?: string;
  /** Who sent it, for the acknowledgement's caps (an IPv4 address, an IPv6 /64, or ''). */
  sender: string;
  quote?: QuoteDetails;
}

const intents = () => strongStore(storeNames.intents);

/** What the form is told: the request's id and reference; `replayed` when an earlier send of this submission had stored it. */
export interface SubmitResult {
  id: string;
  reference: string;
  replayed: boolean;
  /** Step 5: to run after the answer (never throws; what fails is left to the repair pass). */
  complete: () => Promise<void>;
}

/** Options of a submission. */
export interface SubmitOptions {
  /** The function's name: a key is bound to one endpoint. */
  endpoint: string;
  /** Hash of the normalised body (fingerprintOf). */
  fingerprint: string;
  idempotencyKey?: string;
  /** The client's address (`context.ip`). */
  ip?: string;
  /** A quote's lines and totals as the catalogue prices them, for the e-mails. */
  quote?: QuoteDetails;
  now?: () => Date;
}

/** Stores a request once per idempotency key (steps 1–4); `complete` does the rest. */
export async function submitRequest(input: NewRequest, { endpoint, fingerprint, idempotencyKey, ip, quote, now = () => new Date() }: SubmitOptions): Promise<SubmitResult> {
  let requestId: string = randomUUID();
  if (idempotencyKey) {
    const bound = await bindIdempotencyKey(idempotencyKey, { endpoint, fingerprint, requestId, now: now() });
    requestId = bound.requestId;
    if (bound.reused) {
      const stored = await readStored(requestId);
      if (stored) {
        // An earlier send stored it: answer it; complete it if that send was stopped before finishing.
        const pending = (await intents().get(requestId, { type: 'json' })) as Intent | null;
        return { ...answerOf(stored), replayed: true, complete: pending ? () => completeSafely(pending, stored, now) : async () => undefined };
      }
    }
  }
  const reference = await allocateReference(input.kind, now());
  const intent: Intent = { requestId, endpoint, createdAt: now().toISOString(), sender: senderOf(ip), ...(idempotencyKey ? { idempotencyKey } : {}), ...(quote ? { quote } : {}) };
  await intents().setJSON(requestId, intent);
  // Another send of this submission may have stored it in between: then its request (and reference) wins.
  const { stored, created } = await storeNewRequest(newRequest({ ...input, reference }, now(), requestId));
  return { ...answerOf(stored), replayed: !created, complete: () => completeSafely(intent, stored, now) };
}

const answerOf = ({ request }: StoredRequest) => ({ id: request.id, reference: request.reference });

async function completeSafely(intent: Intent, stored: StoredRequest, now: () => Date): Promise<void> {
  try {
    const entries = await completeRequest(intent, stored, { now: now() });
    // Sent now; a failure stays in the outbox for the scheduled job.
    await Promise.all(entries.map((known) => deliverMail(stored.request.id, known.data.id, { now: now(), known })));
  } catch (error) {
    console.error(`submit: request ${stored.request.id} is stored; completing it is left to the repair pass`, error);
  }
}

/**
 * Step 5 but the sending: indexes a stored request, queues its e-mails (the acknowledgement only within
 * its caps, else recorded as not sent with the reason), then deletes its intent. Every write is
 * idempotent, so it may run again after a crash. Returns the outbox entries it wrote (to send).
 */
async function completeRequest(intent: Intent, { request, rev }: StoredRequest, { now, dueNow = false }: { now: Date; dueNow?: boolean }) {
  await indexNewRequest(request, rev);
  const admitted = await admitAcknowledgement({ requestId: request.id, email: request.email, sender: intent.sender, now });
  const mails: OutgoingMail[] = [
    { id: REQUEST_MAILS.notification, mail: buildNotification(request, intent.quote), tracksRequest: true },
    { id: REQUEST_MAILS.acknowledgement, mail: buildAcknowledgement(request, intent.quote), ...(admitted.ok ? {} : { skipReason: admitted.reason }) },
  ];
  const entries = await enqueueMails(request.id, mails, { now, dueNow });
  await intents().delete(request.id);
  return entries.filter((entry) => entry.etag && entry.data.state === 'en_attente');
}

/** What one repair pass did. */
export interface RepairRun {
  /** Stored requests completed (indexed, e-mails queued). */
  completed: number;
  /** Intents of submissions that died before storing their request, dropped with their key. */
  dropped: number;
  /** Intents too young to judge (their function may still be running). */
  waiting: number;
}

/**
 * The repair pass, run by the every-minute outbox job before it sends: completes every stored request
 * whose submission stopped before step 5 was done (its e-mails due at once, so the job that follows sends
 * them), and drops the intents (and key records) of submissions that never stored their request.
 */
export async function repairSubmissions({ now = new Date(), concurrency = 4 }: { now?: Date; concurrency?: number } = {}): Promise<RepairRun> {
  const run: RepairRun = { completed: 0, dropped: 0, waiting: 0 };
  const keys: string[] = [];
  for await (const page of intents().list({ paginate: true })) keys.push(...page.blobs.map((blob) => blob.key));
  // A few at a time: the job must finish well within its minute, without flooding Blobs or Postmark.
  const limit = pLimit(concurrency);
  const one = async (key: string): Promise<void> => {
    try {
      const intent = (await intents().get(key, { type: 'json' })) as Intent | null;
      if (!intent) return;
      const stored = await readStored(intent.requestId);
      if (stored) {
        await completeRequest(intent, stored, { now, dueNow: true });
        run.completed += 1;
      } else if (now.getTime() - Date.parse(intent.createdAt) > ORPHAN_AFTER_MS || Number.isNaN(Date.parse(intent.createdAt))) {
        if (intent.idempotencyKey) await releaseIdempotencyKey(intent.idempotencyKey, intent.requestId);
        await intents().delete(key);
        run.dropped += 1;
      } else run.waiting += 1;
    } catch (error) {
      console.error(`repair: submission ${key} could not be completed now; the next pass retries`, error);
    }
  };
  await Promise.all(keys.map((key) => limit(() => one(key))));
  return run;
}

/** What an endpoint plugs into the submit path. */
export interface SubmitEndpoint<T> {
  /** The function's name, for the log and the idempotency keys. */
  name: string;
  /** The form's schema, shared with the form that sends it. */
  schema: z.ZodType<T>;
  /** The request to store from the validated data (with a quote's priced lines for its e-mails), or the 400 body when the data cannot make one. */
  toRequest: (data: T) => Submission | ValidationFailure | Promise<Submission | ValidationFailure>;
}

/** What a form's data becomes: the request to store and, for a quote, its priced lines for the e-mails. */
export interface Submission {
  request: NewRequest;
  quote?: QuoteDetails;
}

/** The part of Netlify's function context the submit path reads. */
export interface SubmitContext {
  ip?: string;
  /** Keeps the function alive until the promise settles, after the answer. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/**
 * The company and person of the customers' space signed in on this device, when the form was sent from the
 * site's own pages: only the session cookie says so, never an address typed in the form (anyone may type a
 * customer's address). A forged, expired or ended session attaches nothing, and the request is stored all the same.
 */
async function signedInSender(request: Request): Promise<{ companyId: string; personId: string } | undefined> {
  if (!sameOrigin(request)) return undefined;
  const signedIn = await customerOfRequest(request);
  return signedIn && { companyId: signedIn.company.id, personId: signedIn.person.id };
}

const isFailure = (value: Submission | ValidationFailure): value is ValidationFailure => 'success' in value && value.success === false;

/** What a submission's body became: stored (its id and reference), or refused with its status and body (nothing stored). */
export type SubmitAnswer = { ok: true; id: string; reference: string } | { ok: false; status: number; body: { success: false; error: string; fields?: Record<string, string> } };

/** The idempotency key of a submission, from its validated content's fingerprint: absent, a key, or the 400 body. */
type KeyOf = (fingerprint: string) => Promise<ReturnType<typeof readIdempotencyKey>> | ReturnType<typeof readIdempotencyKey>;

/**
 * A public form's body, read: a bot that filled the honeypot is told all went well (nothing stored); else it
 * is validated with the form's schema, turned into a request and stored once per idempotency key.
 */
export async function submitBody<T>(endpoint: SubmitEndpoint<T>, body: unknown, keyOf: KeyOf, request: Request, context?: SubmitContext): Promise<SubmitAnswer> {
  try {
    if (isHoneypotFilled(body)) return { ok: true, id: randomUUID(), reference: '' };
    const result = validate(endpoint.schema, body);
    if (!result.ok) return { ok: false, status: 400, body: result.failure };
    const fingerprint = fingerprintOf(endpoint.name, result.data);
    const key = await keyOf(fingerprint);
    if (!key.ok) return { ok: false, status: 400, body: key.failure };
    const submission = await endpoint.toRequest(result.data);
    if (isFailure(submission)) return { ok: false, status: 400, body: submission };
    const customer = await signedInSender(request);
    const stored = await submitRequest(customer ? { ...submission.request, customer } : submission.request, {
      endpoint: endpoint.name,
      fingerprint,
      idempotencyKey: key.key,
      ip: context?.ip,
      quote: submission.quote,
    });
    // The request is safe: the visitor is answered now, the rest runs after the answer (the repair
    // pass finishes it if this function is stopped first). Without waitUntil, it runs before.
    const completing = stored.complete();
    if (context?.waitUntil) context.waitUntil(completing);
    else await completing;
    return { ok: true, id: stored.id, reference: stored.reference };
  } catch (error) {
    if (!(error instanceof IdempotencyMismatchError)) throw error;
    const { status, field } = apiErrorEntry(error.code);
    return { ok: false, status, body: { success: false, error: error.message, ...(field ? { fields: { [field]: error.message } } : {}) } };
  }
}

/**
 * The POST of a public form (its method, and the 500 of anything unexpected, are the endpoint's:
 * netlify/lib/api/endpoint.ts): 200 `{ success: true, id, reference }`, or a JSON 4xx saying why.
 */
export function submitHandler<T>(endpoint: SubmitEndpoint<T>): (request: Request, context?: SubmitContext) => Promise<Response> {
  return async (request, context) => {
    const read = await readJsonBody(request, API_BODY_LIMIT_BYTES);
    if (!read.ok) return read.response;
    const answer = await submitBody(endpoint, read.body, () => readIdempotencyKey(read.body), request, context);
    return answer.ok ? json({ success: true, id: answer.id, reference: answer.reference }) : json(answer.body, answer.status);
  };
}
