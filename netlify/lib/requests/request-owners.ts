/**
 * Who a request belongs to, for the customers' space: the request ids sent from each address, and those
 * sent from the space by each company, so that a company's devis and requests are found by reading a
 * handful of small blobs, never by listing years of requests.
 *
 * Layout (store `customer-requests`): `adresse/<SHA-256 of the lower-cased address>` and
 * `societe/<company id>`, each `{ ids: [...] }`. A request is added when it is indexed (a new request, the
 * repair of a stopped submission, a rebuild or an import) and removed when it is erased (retention/erase.ts,
 * the one erase path). The request blobs stay the truth: a reader checks each request it gets from here,
 * so an id left behind by an erase that stopped half-way shows nothing.
 *
 * An address here is only where a devis went (« a devis sent to an address of a company appears in that
 * company's space »); a request is a company's own request only by its `customer` field, set by the space's
 * session, never by an address typed in a public form.
 */
import { normalEmail } from '../../../src/features/customers/model.ts';
import type { ContactRequest } from '../../../src/features/contact/request.ts';
import { emailHash } from '../storage/hashes.ts';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';

interface OwnerEntry {
  ids: string[];
}

const addressKey = (email: string): string => `adresse/${emailHash(email)}`;
const companyKey = (companyId: string): string => `societe/${companyId}`;

/** The keys a request is listed under. */
const keysOf = (request: Pick<ContactRequest, 'email' | 'customer'>): string[] => [
  ...(request.email.trim() ? [addressKey(request.email)] : []),
  ...(request.customer ? [companyKey(request.customer.companyId)] : []),
];

const change = (key: string, edit: (ids: string[]) => string[]) =>
  updateJSON<OwnerEntry, void>(storeNames.customerRequests, key, (current) => {
    const before = current?.ids ?? [];
    const after = edit(before);
    if (after.length === before.length && after.every((id, index) => id === before[index])) return { result: undefined };
    return { value: { ids: after }, result: undefined };
  }, 40);

/** Lists a request under its address and its company (idempotent: a repair may list it again). */
export async function recordRequestOwner(request: Pick<ContactRequest, 'id' | 'email' | 'customer'>): Promise<void> {
  await Promise.all(keysOf(request).map((key) => change(key, (ids) => (ids.includes(request.id) ? ids : [...ids, request.id]))));
}

/** Lists many requests at once (a rebuild, an import): one write per key. */
export async function recordRequestOwners(requests: readonly Pick<ContactRequest, 'id' | 'email' | 'customer'>[]): Promise<void> {
  const byKey = new Map<string, string[]>();
  for (const request of requests) for (const key of keysOf(request)) byKey.set(key, [...(byKey.get(key) ?? []), request.id]);
  for (const [key, added] of byKey) await change(key, (ids) => [...ids, ...added.filter((id) => !ids.includes(id))]);
}

/** Removes an erased request from its address's and its company's lists. */
export async function forgetRequestOwner(request: Pick<ContactRequest, 'id' | 'email' | 'customer'>): Promise<void> {
  await Promise.all(keysOf(request).map((key) => change(key, (ids) => ids.filter((id) => id !== request.id))));
}

async function idsAt(key: string): Promise<string[]> {
  return ((await strongStore(storeNames.customerRequests).get(key, { type: 'json' })) as OwnerEntry | null)?.ids ?? [];
}

/** The ids of the requests sent from these addresses (checked by the caller against the requests themselves). */
export async function requestIdsOfAddresses(emails: readonly string[]): Promise<string[]> {
  const lists = await Promise.all([...new Set(emails.map(normalEmail))].map((email) => idsAt(addressKey(email))));
  return [...new Set(lists.flat())];
}

/** Drops a company's list (the company removed): answers the ids it held, for their link to be dropped too. */
export async function forgetCompanyRequests(companyId: string): Promise<string[]> {
  const ids = await idsAt(companyKey(companyId));
  await strongStore(storeNames.customerRequests).delete(companyKey(companyId));
  return ids;
}

/** The ids of the requests a company's people sent from the space (checked by the caller). */
export const requestIdsOfCompany = (companyId: string): Promise<string[]> => idsAt(companyKey(companyId));
