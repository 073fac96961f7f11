/**
 * What the contact form sends and how it reads the answer (SPEC.md §7): JSON to
 * POST /api/contact-only-email; any 2xx is a success, anything else (or no answer) a failure.
 */
import { HONEYPOT_FIELD, type ContactPayload } from './fields';
import { apiPaths } from '../../lib/paths';

/** The endpoint the contact form posts to. */
export const CONTACT_ENDPOINT = apiPaths.contactForm;

const FIELDS = ['name', 'email', 'phone', 'company', 'subject', 'delai', 'message'] as const satisfies readonly (keyof ContactPayload)[];

/** The JSON body of a contact request: the seven fields, trimmed, plus the (empty) honeypot. */
export function contactBody(form: FormData): ContactPayload & { [HONEYPOT_FIELD]: string } {
  const read = (name: string) => String(form.get(name) ?? '').trim();
  const payload = Object.fromEntries(FIELDS.map((name) => [name, read(name)])) as unknown as ContactPayload;
  return { ...payload, [HONEYPOT_FIELD]: read(HONEYPOT_FIELD) };
}

/** Sends a contact request; resolves true on any 2xx answer, false on any other answer or error. */
export async function sendContact(body: ReturnType<typeof contactBody>, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(CONTACT_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return response.ok;
  } catch {
    return false;
  }
}
