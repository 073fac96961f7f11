/**
 * The one path of every public form submission (contact, quote): read the JSON body, answer a bot that
 * filled the honeypot as if all went well, validate with the form's schema, turn the data into a request,
 * then claim the submission's idempotency key (a repeat gets the first request back), give the request
 * its reference, store it, put its two e-mails in the outbox and send them. A mail failure never loses
 * the request: the outbox job retries it.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { isHoneypotFilled, validate, type ValidationFailure } from '../../src/features/contact/schema.ts';
import { API_BODY_LIMIT_BYTES } from '../../src/lib/constants.ts';
import { json, jsonError, methodNotAllowed, readJsonBody, serverError } from './http.ts';
import { claimIdempotencyKey, IDEMPOTENCY_BUSY_MESSAGE, IdempotencyBusyError, readIdempotencyKey } from './idempotency.ts';
import type { QuoteDetails } from './mail.ts';
import { deliverMail, enqueueMails } from './outbox.ts';
import { allocateReference } from './references.ts';
import { createRequest, type NewRequest } from './requests.ts';

/** What the form is told: the request's id and reference; `replayed` when the key had already stored it. */
export interface SubmitResult {
  id: string;
  reference: string;
  replayed: boolean;
}

/** Options of a submission: its idempotency key, and a quote's priced lines for the e-mails. */
export interface SubmitOptions {
  idempotencyKey?: string;
  quote?: QuoteDetails;
  now?: () => Date;
}

/** Stores a request (once per idempotency key), then sends its e-mails through the outbox. */
export async function submitRequest(input: NewRequest, { idempotencyKey, quote, now = () => new Date() }: SubmitOptions = {}): Promise<SubmitResult> {
  const claimed = idempotencyKey ? await claimIdempotencyKey(idempotencyKey, now) : undefined;
  if (claimed && 'replay' in claimed) return { ...claimed.replay, replayed: true };
  const claim = claimed?.claim;

  let request;
  try {
    const reference = await allocateReference(input.kind, now());
    ({ request } = await createRequest({ ...input, reference }, now()));
  } catch (error) {
    await claim?.release().catch(() => undefined);
    throw error;
  }
  try {
    await claim?.complete({ id: request.id, reference: request.reference });
  } catch (error) {
    // The request is stored and the visitor must hear so; a repeat within 30 s waits, later ones store again.
    console.error(`submit: could not record idempotency key for request ${request.id}`, error);
  }

  try {
    const entries = await enqueueMails(request, quote, now());
    // Sent now; a failure stays in the outbox for the scheduled job.
    await Promise.all(entries.map((known) => deliverMail(request.id, known.data.id, { now: now(), known })));
  } catch (error) {
    // The request is stored: what is missing is retried by the job (an entry never tried is due after its grace period).
    console.error(`submit: the e-mails of request ${request.id} are left to the outbox job`, error);
  }
  return { id: request.id, reference: request.reference, replayed: false };
}

/** What an endpoint plugs into the submit path. */
export interface SubmitEndpoint<T> {
  /** The function's name, for the log. */
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

const isFailure = (value: Submission | ValidationFailure): value is ValidationFailure => 'success' in value && value.success === false;

/** The POST handler of a public form: 200 `{ success: true, id, reference }`, or a JSON 4xx saying why. */
export function submitHandler<T>(endpoint: SubmitEndpoint<T>): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    try {
      const read = await readJsonBody(request, API_BODY_LIMIT_BYTES);
      if (!read.ok) return read.response;
      // A filled honeypot is a bot: it is told all went well, and nothing is stored.
      if (isHoneypotFilled(read.body)) return json({ success: true, id: randomUUID(), reference: '' });
      const result = validate(endpoint.schema, read.body);
      if (!result.ok) return json(result.failure, 400);
      const key = readIdempotencyKey(read.body);
      if (!key.ok) return json(key.failure, 400);
      const submission = await endpoint.toRequest(result.data);
      if (isFailure(submission)) return json(submission, 400);
      const stored = await submitRequest(submission.request, { idempotencyKey: key.key, quote: submission.quote });
      return json({ success: true, id: stored.id, reference: stored.reference });
    } catch (error) {
      if (error instanceof IdempotencyBusyError) return jsonError(409, IDEMPOTENCY_BUSY_MESSAGE);
      return serverError(endpoint.name, error);
    }
  };
}
