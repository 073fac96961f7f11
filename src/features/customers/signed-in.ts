/**
 * Who is signed in to the customers' space on this device, for the public forms (the contact form, the quote
 * dialog): they are filled from the account and say the request will be attached to the space. The
 * session's cookie is HttpOnly, so a page cannot see it; the sign-in sets a second cookie holding only « 1 »
 * (CUSTOMER_PRESENT_COOKIE), and a page asks GET /api/espace-client/moi only when that hint is there: a
 * visitor without an account never causes a call. A hint left by an ended session is removed when the
 * answer is 401. The server attaches a request from the session cookie alone, whatever the form holds.
 */
import type { CustomerMe } from './model';
import { CUSTOMER_PRESENT_COOKIE } from '../../lib/constants';
import { SPACE_ME_PATH } from '../../lib/api-routes.ts';

/** Whether the cookies of the page (`document.cookie`) hold the hint of an open session. */
export const hasSessionHint = (cookies: string): boolean => cookies.split(';').some((part) => part.trim() === `${CUSTOMER_PRESENT_COOKIE}=1`);

const text = (value: unknown): value is string => typeof value === 'string';

/**
 * Whether an answer of /moi has the fields a form fills (the space's zod schema, customerMeSchema, is the
 * contract; checked by hand here so that the public forms do not load zod for five strings).
 */
export function isCustomerMe(value: unknown): value is CustomerMe {
  const me = value as { person?: Record<string, unknown>; company?: Record<string, unknown> } | null;
  return Boolean(me?.person && me.company && [me.person.name, me.person.email, me.person.phone, me.company.name, me.company.clientCode].every(text));
}

let asked: Promise<CustomerMe | null> | undefined;

/** The signed-in person and company, or null (no hint, an ended session, no network); asked once per page. */
export function signedInCustomer(): Promise<CustomerMe | null> {
  asked ??= (async () => {
    if (!hasSessionHint(document.cookie)) return null;
    try {
      const response = await fetch(SPACE_ME_PATH, { credentials: 'same-origin', cache: 'no-store' });
      if (response.status === 401) {
        document.cookie = `${CUSTOMER_PRESENT_COOKIE}=; Path=/; Max-Age=0; Secure; SameSite=Lax`;
        return null;
      }
      const answer = (await response.json().catch(() => null)) as { data?: unknown } | null;
      return response.ok && isCustomerMe(answer?.data) ? answer.data : null;
    } catch {
      return null;
    }
  })();
  return asked;
}

/** The values a form takes from the account, by field name. */
export const accountValues = (me: CustomerMe): Record<string, string> => ({
  name: me.person.name,
  email: me.person.email,
  phone: me.person.phone,
  company: me.company.name,
  clientCode: me.company.clientCode,
});

/** The line above a public form filled from the account: « Connecté en tant que {name} ({company}) — la demande sera rattachée à votre espace client. » */
export const signedInSentence = (me: CustomerMe) => ({
  before: 'Connecté en tant que ',
  name: me.person.name,
  after: ` (${me.company.name}) — la demande sera rattachée à votre espace client.`,
});
