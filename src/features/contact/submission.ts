/**
 * What the contact form and the quote dialog share around a submission: its idempotency key, made in the
 * browser, and the reference the server gives back.
 *
 * One key per filled form: every retry of the same form sends the same key, so a request whose answer
 * was lost is not stored twice (the server answers the first request's reference); a change to the form,
 * or a success, starts a new key.
 */

/** A random UUID v4 (the server accepts only that shape). Made from getRandomValues, which, unlike randomUUID, also works on a page served over plain HTTP. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key of the form being filled: kept across retries, dropped when the form changes or was sent. */
export class SubmissionKey {
  #key: string | undefined;

  /** The key for this submission (made on first use). */
  current(): string {
    this.#key ??= newIdempotencyKey();
    return this.#key;
  }

  /** The form changed or was sent: the next submission is a new one. */
  reset(): void {
    this.#key = undefined;
  }
}

/** What a form learns from a sent submission: its success, and the reference of the stored request ('' when the answer has none). */
export type SubmitOutcome = { ok: true; reference: string } | { ok: false };

/** The reference in a JSON answer, '' when there is none. */
export function referenceIn(data: unknown): string {
  const reference = typeof data === 'object' && data !== null ? (data as { reference?: unknown }).reference : undefined;
  return typeof reference === 'string' ? reference : '';
}

/** What the success message adds around the reference of the visitor's request. */
export const REFERENCE_SENTENCE = {
  before: 'Référence de votre demande\u00a0: ',
  after: '. Un accusé de réception vous est envoyé par e-mail\u202f; rappelez cette référence si vous nous contactez.',
} as const;
