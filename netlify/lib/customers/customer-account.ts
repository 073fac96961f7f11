/**
 * « Mon compte » of the space, for the person signed in: who they are, their sessions (this device's
 * marked), ending one, this device's or all of them. Ending this device's session, or all, also clears the
 * cookie. A session's id is the hash part of its key: a session's cookie cannot be rebuilt from it.
 */
import type { CustomerSessionView } from '../../../src/features/space/account-model.ts';
import { apiError, json } from '../http/http.ts';
import { storeNames, updateJSON } from '../storage/storage.ts';
import { clearedSessionCookies, withCookies, endAllCustomerSessions, endCustomerSession, sessionsOf, type CustomerSessionRecord, type SignedInCustomer } from './customer-session.ts';
import { customerMe } from './sign-in.ts';

/** How often « last seen » is written: at most once an hour per session (a read per page otherwise). */
const LAST_SEEN_EVERY_MS = 3_600_000;

const idOf = (sessionKey: string): string => sessionKey.slice(sessionKey.indexOf('/') + 1);

/** GET /api/espace-client/moi: who is signed in; notes the session as seen now. */
export async function me({ company, person, sessionKey, session }: SignedInCustomer, now = new Date()): Promise<Response> {
  if (now.getTime() - Date.parse(session.lastSeenAt) >= LAST_SEEN_EVERY_MS) {
    await updateJSON<CustomerSessionRecord, void>(storeNames.customerSessions, sessionKey, (current) => ({
      value: current && { ...current, lastSeenAt: now.toISOString() },
      result: undefined,
    }));
  }
  return json({ success: true, data: customerMe(company, person) });
}

/** GET /api/espace-client/sessions: the person's sessions still running, newest first. */
export async function listSessions({ person, sessionKey }: SignedInCustomer, now = new Date()): Promise<Response> {
  const data: CustomerSessionView[] = (await sessionsOf(person.id, now)).map(({ key, session }) => ({
    id: idOf(key),
    device: session.device,
    method: session.method,
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    current: key === sessionKey,
  }));
  return json({ success: true, data });
}

/** DELETE /api/espace-client/sessions/:id: ends one session of the person (this device's clears its cookie too). */
export async function endSession({ person, sessionKey }: SignedInCustomer, id: string): Promise<Response> {
  const key = `${person.id}/${id}`;
  if (!/^[\w-]{20,100}$/.test(id) || !(await endCustomerSession(person.id, key))) return apiError('customer_session_not_found');
  return withCookies(json({ success: true, current: key === sessionKey }), key === sessionKey ? clearedSessionCookies() : []);
}

/** POST /api/espace-client/deconnexion: ends this device's session and clears its cookie. */
export async function signOut({ person, sessionKey }: SignedInCustomer): Promise<Response> {
  await endCustomerSession(person.id, sessionKey);
  return withCookies(json({ success: true }), clearedSessionCookies());
}

/** DELETE /api/espace-client/sessions: « Se déconnecter de tous les appareils ». */
export async function signOutEverywhere({ person }: SignedInCustomer): Promise<Response> {
  const ended = await endAllCustomerSessions(person.id);
  return withCookies(json({ success: true, ended }), clearedSessionCookies());
}
