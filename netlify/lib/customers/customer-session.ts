/**
 * The customers' sessions. A person who opened a sign-in link (or used a passkey) gets a session of
 * CUSTOMER_SESSION_DAYS days on that device, in a cookie the page's scripts cannot read (HttpOnly), sent
 * over HTTPS only (Secure; browsers treat http://localhost as secure), and not on requests other sites
 * start (SameSite=Lax). The cookie holds `<personId>.<secret>`; the store keeps only the secret's SHA-256
 * (`customer-sessions`, key `<personId>/<hash>`), so nobody who reads the store can sign in, and listing
 * a person's prefix gives their sessions (« Mon compte », « Se déconnecter de tous les appareils »).
 * A session stands only while its person is still listed by their company with the same address.
 *
 * Calls that change something must also come from the site's own pages: their `Origin` header is the
 * site's (sameOrigin), so another site's form or script cannot act for a signed-in customer.
 * The customer's cookie means nothing to the staff's endpoints (they read a bearer token only), and the
 * customer's endpoints read only this cookie: a staff token gets 401 there.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Company, Person } from '../../../src/features/customers/model.ts';
import { CUSTOMER_COOKIE, CUSTOMER_PRESENT_COOKIE } from '../../../src/lib/constants.ts';
import { CUSTOMER_SESSION_DAYS } from '../../../src/lib/lifetimes.ts';
import { siteUrl } from '../env.ts';
import { storeNames, strongStore } from '../storage/storage.ts';
import { getCompany } from './companies.ts';

const SESSION_MS = CUSTOMER_SESSION_DAYS * 24 * 3_600_000;

/** A session as stored. */
export interface CustomerSessionRecord {
  companyId: string;
  personId: string;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string;
  /** How it was opened. */
  method: 'lien' | 'cle';
  /** The device as its browser names itself (User-Agent, cut), for « Mon compte ». */
  device: string;
}

/** A signed-in customer as an endpoint sees them. */
export interface SignedInCustomer {
  company: Company;
  person: Person;
  /** The session's store key (`<personId>/<hash>`): « this device ». */
  sessionKey: string;
  session: CustomerSessionRecord;
}

const sessions = () => strongStore(storeNames.customerSessions);
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** The session cookie's value from a request, split; undefined without a well-formed one. */
function cookieOf(request: Request): { personId: string; secret: string } | undefined {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CUSTOMER_COOKIE) continue;
    const match = /^([\w-]{1,64})\.([\w-]{40,64})$/.exec(rest.join('='));
    if (match) return { personId: match[1]!, secret: match[2]! };
  }
  return undefined;
}

/** The Set-Cookie header that stores a session on the device. */
export const sessionCookie = (value: string, maxAgeSeconds: number): string =>
  `${CUSTOMER_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`;

/** The Set-Cookie header that removes the session from the device. */
export const clearedSessionCookie = (): string => sessionCookie('', 0);

/**
 * The hint beside the session: a cookie the page's scripts may read, holding only « 1 », with the session's
 * lifetime. The contact form and the quote dialog ask GET /api/espace-client/moi only when it is there.
 */
const presentCookie = (maxAgeSeconds: number): string =>
  `${CUSTOMER_PRESENT_COOKIE}=${maxAgeSeconds > 0 ? '1' : ''}; Path=/; Max-Age=${maxAgeSeconds}; Secure; SameSite=Lax`;

/** The Set-Cookie headers that remove the session and its hint from the device (answer each with headers.append). */
export const clearedSessionCookies = (): string[] => [clearedSessionCookie(), presentCookie(0)];

/** An answer with several Set-Cookie headers (the session and its hint). */
export function withCookies(response: Response, cookies: readonly string[]): Response {
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}

/** Opens a session for a person; resolves with the Set-Cookie headers to answer (`cookies`). */
export async function openCustomerSession(
  company: Company,
  person: Person,
  options: { method: CustomerSessionRecord['method']; userAgent?: string | null; now?: Date },
): Promise<{ cookie: string; cookies: string[]; sessionKey: string }> {
  const now = options.now ?? new Date();
  const secret = randomBytes(32).toString('base64url');
  const sessionKey = `${person.id}/${hashOf(secret)}`;
  const record: CustomerSessionRecord = {
    companyId: company.id,
    personId: person.id,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_MS).toISOString(),
    lastSeenAt: now.toISOString(),
    method: options.method,
    device: (options.userAgent ?? '').slice(0, 200),
  };
  await sessions().setJSON(sessionKey, record);
  const cookie = sessionCookie(`${person.id}.${secret}`, SESSION_MS / 1000);
  // `cookie` is the session alone; `cookies` are the Set-Cookie headers to answer: the session and its hint.
  return { cookie, cookies: [cookie, presentCookie(SESSION_MS / 1000)], sessionKey };
}

/** Who the request's cookie stands for, or undefined (no cookie, unknown, expired, person no longer listed). */
export async function customerOfRequest(request: Request, now = new Date()): Promise<SignedInCustomer | undefined> {
  const cookie = cookieOf(request);
  if (!cookie) return undefined;
  const sessionKey = `${cookie.personId}/${hashOf(cookie.secret)}`;
  const session = (await sessions().get(sessionKey, { type: 'json' })) as CustomerSessionRecord | null;
  if (!session || Date.parse(session.expiresAt) <= now.getTime()) return undefined;
  const company = await getCompany(session.companyId);
  const person = company?.people.find((candidate) => candidate.id === session.personId);
  if (!company || !person) return undefined;
  return { company, person, sessionKey, session };
}

/** A person's sessions still running, newest first, with their keys. */
export async function sessionsOf(personId: string, now = new Date()): Promise<Array<{ key: string; session: CustomerSessionRecord }>> {
  const { blobs } = await sessions().list({ prefix: `${personId}/` });
  const found = await Promise.all(blobs.map(async ({ key }) => ({ key, session: (await sessions().get(key, { type: 'json' })) as CustomerSessionRecord | null })));
  return found
    .filter((entry): entry is { key: string; session: CustomerSessionRecord } => entry.session !== null && Date.parse(entry.session.expiresAt) > now.getTime())
    .sort((a, b) => b.session.createdAt.localeCompare(a.session.createdAt));
}

/** Ends one session (this device's, or one « Mon compte » lists: its key must be the person's). */
export async function endCustomerSession(personId: string, sessionKey: string): Promise<boolean> {
  if (!sessionKey.startsWith(`${personId}/`)) return false;
  const existed = (await sessions().get(sessionKey)) !== null;
  await sessions().delete(sessionKey);
  return existed;
}

/** Ends every session of a person (« Se déconnecter de tous les appareils », a person removed). */
export async function endAllCustomerSessions(personId: string): Promise<number> {
  const { blobs } = await sessions().list({ prefix: `${personId}/` });
  await Promise.all(blobs.map(({ key }) => sessions().delete(key)));
  return blobs.length;
}

/**
 * Whether a state-changing call comes from the site's own pages: its `Origin` is the address the request
 * came in on, or the site's public address. A call without Origin is refused too (browsers send it on
 * every POST, PUT, PATCH and DELETE).
 */
export function sameOrigin(request: Request, env: Record<string, string | undefined> = process.env): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return false;
  const own = new Set<string>([new URL(siteUrl(env)).origin]);
  try {
    own.add(new URL(request.url).origin);
  } catch {
    // A relative URL (tests): only the site's address counts.
  }
  return own.has(origin);
}
