/**
 * How the quote dialog sends its request (SPEC.md §7): JSON to POST /api/quote, read as JSON; the
 * field `success` decides the outcome. A falsy `success`, an unreadable answer or a network failure is
 * a failure, logged to the console with its cause.
 */
import { apiPaths } from '../../lib/paths';
import type { QuoteRequestBody } from './quote';

/** Sends a quote request; resolves true only when the answer says `success: true`. */
export async function sendQuote(body: QuoteRequestBody, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(apiPaths.quote, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const data: unknown = await response.json().catch(() => null);
    if (typeof data === 'object' && data !== null && (data as { success?: unknown }).success) return true;
    console.error('Quote request refused', response.status, data);
    return false;
  } catch (error) {
    console.error('Quote request failed', error);
    return false;
  }
}
