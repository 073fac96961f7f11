/**
 * What every public form submission does once validated: claim its idempotency key (a repeat gets the
 * first request back), give it a reference, store it, put its two e-mails in the outbox, then send them.
 * A mail failure never loses the request: the outbox retries it.
 */
import { claimIdempotencyKey } from './idempotency.ts';
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
  await claim?.complete({ id: request.id, reference: request.reference });

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
