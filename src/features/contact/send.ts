/**
 * What the contact form sends and how it reads the answer: JSON to
 * POST /api/contact-only-email with the submission's idempotency key; any 2xx is a success (its
 * reference read from the JSON answer when there is one), anything else (or no answer) a failure.
 */
import { HONEYPOT_FIELD, type ContactPayload } from './fields';
import { referenceIn, type SubmitOutcome } from './submission';
import { apiPaths } from '../../lib/paths';

/** The endpoint the contact form posts to. */
export const CONTACT_ENDPOINT = apiPaths.contactForm;

const FIELDS = ['name', 'email', 'phone', 'company', 'subject', 'delai', 'message'] as const satisfies readonly (keyof ContactPayload)[];

/** The JSON body of a contact request: the seven fields, trimmed, the (empty) honeypot and the submission's idempotency key. */
export function contactBody(form: FormData, idempotencyKey: string): ContactPayload & { [HONEYPOT_FIELD]: string; idempotencyKey: string } {
  const read = (name: string) => String(form.get(name) ?? '').trim();
  const payload = Object.fromEntries(FIELDS.map((name) => [name, read(name)])) as unknown as ContactPayload;
  return { ...payload, [HONEYPOT_FIELD]: read(HONEYPOT_FIELD), idempotencyKey };
}

/** Sends a contact request: a success with its reference on any 2xx answer, a failure on any other answer or error. */
export async function sendContact(body: ReturnType<typeof contactBody>, fetcher: typeof fetch = fetch): Promise<SubmitOutcome> {
  try {
    const response = await fetcher(CONTACT_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) return { ok: false };
    return { ok: true, reference: referenceIn(await response.json().catch(() => null)) };
  } catch {
    return { ok: false };
  }
}
