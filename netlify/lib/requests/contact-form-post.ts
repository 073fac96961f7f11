/**
 * The contact form sent without JavaScript (`application/x-www-form-urlencoded`, the browser's own post):
 * the same path as the JSON send (honeypot, schema, storing once per idempotency key, the function's
 * throttle), answered with the contact page itself — the built /contact page, its form made again with the
 * success and the reference, or with what was typed and the server's French sentences under the fields. The
 * page cannot make a key, so the server makes one from the content and the client (derivedIdempotencyKey): the
 * same form sent again (resend, back button) is stored once. A post from another site's page is refused
 * (its Origin), as a signed-in customer's request is attached only when sent from the site's own pages.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createElement } from 'react';
import type { ContactAnswer } from '../../../src/features/contact/ContactForm.tsx';
import { CONTACT_MESSAGES, REQUIRED_FIELDS, type ContactPayload } from '../../../src/features/contact/fields.ts';
import { INVALID_FORM_MESSAGE } from '../../../src/features/contact/schema.ts';
import { API_BODY_LIMIT_BYTES } from '../../../src/lib/constants.ts';
import { lifetimeText } from '../../../src/lib/lifetimes.ts';
import { typesetPage } from '../../../src/lib/typeset-page.ts';
import { sameOrigin } from '../customers/customer-session.ts';
import { apiErrorMessage } from '../http/errors.ts';
import { apiHeaders, clientAddress, readCappedBody } from '../http/http.ts';
import { derivedIdempotencyKey } from '../storage/idempotency.ts';
import { submitBody, type SubmitAnswer, type SubmitContext, type SubmitEndpoint } from './submit.ts';

/** Whether a request is a form posted by the browser itself (no JavaScript). */
export const isFormPost = (request: Request): boolean => /^application\/x-www-form-urlencoded\b/i.test((request.headers.get('content-type') ?? '').trim());

/** The built contact page the answer is made from (netlify.toml includes it in the function). */
const PAGE_FILE = join('dist', 'contact.html');

/** The form in a page: one element, never nested. */
const FORM = /<form\b[^>]*\bdata-contact-form\b[\s\S]*?<\/form>/;

/** A page of its own when the built page cannot be read (a function run without the build). */
const BARE_PAGE = '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Contact</title></head><body><main><h1>Contactez-nous</h1><form data-contact-form></form></main></body></html>';

let page: Promise<string> | undefined;
const contactPage = (): Promise<string> =>
  (page ??= readFile(join(process.cwd(), PAGE_FILE), 'utf8')
    .then((html) => (FORM.test(html) ? html : BARE_PAGE))
    .catch(() => BARE_PAGE));

/**
 * Headers of the answer: those of the API (no-store, nosniff…), as a page whose own <meta> policy allows its
 * hashed styles and scripts, with the site pages' referrer policy: under the API's `no-referrer`, the browser
 * would send the form posted again from this page with the Origin « null », which is refused.
 */
const PAGE_HEADERS = {
  ...apiHeaders,
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'none'",
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** The contact page with the form made again: `values` in its fields, the answer under the button. */
async function answerPage(status: number, values: Partial<ContactPayload>, answer: ContactAnswer): Promise<Response> {
  const [{ renderToStaticMarkup }, { default: ContactForm }, html] = await Promise.all([import('react-dom/server'), import('../../../src/features/contact/ContactForm.tsx'), contactPage()]);
  const form = typesetPage(renderToStaticMarkup(createElement(ContactForm, { requestKeptFor: lifetimeText('request'), values, answer })));
  const title = answer.sent ? 'Message envoyé' : 'Formulaire à corriger';
  const made = html.replace(FORM, () => form).replace(/<title>/, `<title>${title} – `);
  return new Response(made, { status, headers: PAGE_HEADERS });
}

/** The contact fields of a posted form, as typed (to give them back). */
function typedValues(body: Record<string, string>): Partial<ContactPayload> {
  return Object.fromEntries(REQUIRED_FIELDS.contact.filter((name) => typeof body[name] === 'string').map((name) => [name, body[name]]));
}

const refused = (status: number, error: string, values: Partial<ContactPayload> = {}) => answerPage(status, values, { sent: false, error, fields: {} });

/** Answers a contact form posted without JavaScript with the contact page (200 sent, 4xx refused, nothing stored). */
export async function answerFormPost<T>(endpoint: SubmitEndpoint<T>, request: Request, context?: SubmitContext): Promise<Response> {
  if (request.headers.has('origin') && !sameOrigin(request)) return refused(403, apiErrorMessage('origin_refused'));
  const declared = Number(request.headers.get('content-length') ?? 0);
  const raw = declared > API_BODY_LIMIT_BYTES ? undefined : await readCappedBody(request, API_BODY_LIMIT_BYTES);
  if (!raw) return refused(413, apiErrorMessage('body_too_large'));
  // A browser sends a multi-line text's line breaks as CR LF: stored as the JSON send stores them, LF.
  const body = Object.fromEntries([...new URLSearchParams(raw.toString('utf8'))].map(([name, value]) => [name, value.replace(/\r\n?/g, '\n')]));
  const client = JSON.stringify([clientAddress(context) ?? '', request.headers.get('user-agent') ?? '']);
  let answer: SubmitAnswer;
  try {
    answer = await submitBody(endpoint, body, async (fingerprint) => ({ ok: true, key: await derivedIdempotencyKey(fingerprint, client) }), request, context);
  } catch (error) {
    // Logged, never shown: the visitor gets the form's error message and keeps what they typed.
    console.error(`${endpoint.name}: a form sent without JavaScript failed`, error);
    return refused(500, CONTACT_MESSAGES.error, typedValues(body));
  }
  if (answer.ok) return answerPage(200, {}, { sent: true, reference: answer.reference });
  const fields = answer.body.fields ?? {};
  return answerPage(answer.status, typedValues(body), { sent: false, error: Object.keys(fields).length > 0 ? INVALID_FORM_MESSAGE : answer.body.error, fields });
}
