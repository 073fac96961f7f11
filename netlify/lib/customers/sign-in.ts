/**
 * The space's sign-in endpoints, as the functions call them:
 * - asking for a link: the same 202 and words whether the address is known or not; the sender network's
 *   cap is counted before answering (past it: 429, which says nothing about the address); the address is
 *   looked up, its own cap counted and the e-mail sent after the answer (context.waitUntil), so the known
 *   and unknown addresses answer alike and as fast;
 * - spending a link, and signing in with a passkey: the call must come from the site's pages (Origin), then
 *   the session opens (Set-Cookie) and the person's last sign-in is recorded.
 */
import type { Context } from '@netlify/functions';
import { customerMeSchema, type Company, type CustomerMe, type Person } from '../../../src/features/customers/model.ts';
import { LINK_SENT_SENTENCE, linkRequestSchema } from '../../../src/features/space/account-model.ts';
import { apiError, senderNetwork, json, throttled } from '../http/http.ts';
import { siteAddress } from '../http/site-url.ts';
import { isStaffAddress } from '../team/accounts.ts';
import { saveCompany } from './companies.ts';
import { openCustomerSession, sameOrigin, withCookies, type CustomerSessionRecord } from './customer-session.ts';
import { sendSignInLinkMail } from './sign-in-mail.ts';
import { admitSender, createSignInLink, linkRecipient, spendSignInLink } from './sign-in-links.ts';

/** What the space shows of who is signed in. */
export const customerMe = (company: Company, person: Person): CustomerMe =>
  customerMeSchema.parse({ person, company });

/** Sends a link to an address a company lists (under its cap); nothing otherwise. Never throws: it runs after the answer. */
async function sendLinkIfKnown(email: string, address: string, now: Date): Promise<void> {
  try {
    const recipient = await linkRecipient(email, now);
    if (!recipient) return;
    const { token, expiresAt } = await createSignInLink(recipient.company, recipient.person, 'connexion', now);
    await sendSignInLinkMail({ ...recipient, token, expiresAt, purpose: 'connexion', address }, { now });
  } catch (error) {
    console.error('customer-sign-in: the link could not be sent', error);
  }
}

/** POST /api/espace-client/lien { email }. */
export async function askForLink(request: Request, context: Partial<Context> | undefined, body: unknown, now = new Date()): Promise<Response> {
  const parsed = linkRequestSchema.safeParse(body);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Veuillez saisir une adresse e-mail valide.';
    return json({ success: false, error: message, fields: { email: message } }, 400);
  }
  const admitted = await admitSender(senderNetwork(context), now);
  if (!admitted.taken) return throttled('sign_in_throttled', admitted.retryAfterMs);
  const sending = sendLinkIfKnown(parsed.data.email, siteAddress(), now);
  if (context?.waitUntil) context.waitUntil(sending);
  else await sending;
  return json({ success: true, message: LINK_SENT_SENTENCE }, 202);
}

/**
 * Opens the session of a person who proved who they are, records the sign-in, answers Set-Cookie and
 * CustomerMe. A person whose address is a staff mailbox (isStaffAddress: listed before that was refused, or
 * the team's account made since) opens no session: one identity is staff or a customer, never both.
 */
export async function signedIn(request: Request, company: Company, person: Person, method: CustomerSessionRecord['method'], now = new Date()): Promise<Response> {
  if (await isStaffAddress(person.email)) return apiError('space_staff_mailbox');
  const { cookies } = await openCustomerSession(company, person, { method, userAgent: request.headers.get('user-agent'), now });
  await saveCompany(company.id, (current) =>
    current && { ...current, people: current.people.map((candidate) => (candidate.id === person.id ? { ...candidate, lastSignInAt: now.toISOString() } : candidate)) },
  now);
  // The session's cookie and its hint, which tells public pages (the forms) to ask who is signed in.
  return withCookies(json({ success: true, data: customerMe(company, person) }), cookies);
}

/** POST /api/espace-client/connexion { token }. */
export async function spendLink(request: Request, body: unknown, now = new Date()): Promise<Response> {
  if (!sameOrigin(request)) return apiError('origin_refused');
  const token = (body as { token?: unknown } | null)?.token;
  const spent = await spendSignInLink(typeof token === 'string' ? token : '', now);
  if ('refused' in spent) return apiError(spent.refused);
  return signedIn(request, spent.company, spent.person, 'lien', now);
}
