/**
 * How the quote dialog sends its request: JSON to POST /api/quote with the submission's
 * idempotency key, read as JSON; the field `success` decides the outcome, `reference` is the quote's
 * reference. A falsy `success`, an unreadable answer or a network failure is a failure, logged to the
 * console with its cause.
 */
import { apiPaths } from '../../lib/paths';
import { referenceIn, type SubmitOutcome } from '../contact/submission';
import type { QuoteRequestBody } from './quote';

/** Sends a quote request; a success (with its reference) only when the answer says `success: true`. */
export async function sendQuote(body: QuoteRequestBody & { idempotencyKey: string }, fetcher: typeof fetch = fetch): Promise<SubmitOutcome> {
  try {
    const response = await fetcher(apiPaths.quote, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const data: unknown = await response.json().catch(() => null);
    if (typeof data === 'object' && data !== null && (data as { success?: unknown }).success) return { ok: true, reference: referenceIn(data) };
    console.error('Quote request refused', response.status, data);
    return { ok: false };
  } catch (error) {
    console.error('Quote request failed', error);
    return { ok: false };
  }
}
