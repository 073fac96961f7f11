/**
 * Customer companies in Blobs. The rules:
 * - One blob per company (`customer-companies`, keyed by its id), written through updateJSON's conditional
 *   write: its shops, contract, people and equipment change together.
 * - An e-mail address belongs to one person of one company: `customer-addresses` maps the SHA-256 of each
 *   address (lower-cased) to its company and person. An address is claimed (a write only if new) before the
 *   company that lists it is written, and let go after; a claim left by a stopped function points to a
 *   company that does not list the address, and is taken over by the next claim.
 * - A client code belongs to one company: `customer-index` keeps a claim per code (`codes/<CODE>` → the
 *   company's id), taken the same way as an address (client_code_taken otherwise) and let go after.
 * - The admin's list reads one blob of summaries (`customer-index`, key `societes`), kept with every write;
 *   each summary carries the company's search text (its name, code, people's names and addresses, serial
 *   numbers), so a search is one read too.
 * Operations throw a `Refusal` (an error table code) and then change nothing.
 */
import { randomUUID } from 'node:crypto';
import { normalEmail, summaryOfCompany, type Company, type CompanySummary, type Person } from '../../../src/features/customers/model.ts';
import { sameMailbox } from '../../../src/lib/mailbox.ts';
import { companySearchText } from './company-search-text.ts';
import { emailHash } from '../storage/hashes.ts';
import { Refusal } from '../http/refusal.ts';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';

const companies = () => strongStore(storeNames.customerCompanies);
const addresses = () => strongStore(storeNames.customerAddresses);
const INDEX_KEY = 'societes';
const codeKey = (code: string): string => `codes/${code.trim().toUpperCase()}`;

/** A summary as the index keeps it: with the company's search text. */
export type IndexedCompany = CompanySummary & { search: string };

/** The key of an address in `customer-addresses`: never the address itself. */
export const addressKey = (email: string): string => emailHash(email);

/** A company, or undefined. */
export async function getCompany(id: string): Promise<Company | undefined> {
  if (!/^[\w-]{1,64}$/.test(id)) return undefined;
  return ((await companies().get(id, { type: 'json' })) as Company | null) ?? undefined;
}

/** Every company's summary with its search text (the admin's list). */
export async function listCompanySummaries(): Promise<IndexedCompany[]> {
  return ((await strongStore(storeNames.customerIndex).get(INDEX_KEY, { type: 'json' })) as IndexedCompany[] | null) ?? [];
}

/** The person an address belongs to, with their company; undefined when no company lists it. */
export async function findPersonByEmail(email: string): Promise<{ company: Company; person: Person } | undefined> {
  const claim = (await addresses().get(addressKey(email), { type: 'json' })) as { companyId: string; personId: string } | null;
  if (!claim) return undefined;
  const company = await getCompany(claim.companyId);
  const person = company?.people.find((candidate) => candidate.id === claim.personId && candidate.email === normalEmail(email));
  return company && person ? { company, person } : undefined;
}

/**
 * The person whose address is this mailbox (sameMailbox: `prenom.nom+x@` is `prenom.nom@`), with their
 * company: the address itself first (one read), else the companies whose search text holds an address of
 * that mailbox (the admin's list: one read), each read again to be sure.
 */
export async function findPersonByMailbox(email: string): Promise<{ company: Company; person: Person } | undefined> {
  const exact = await findPersonByEmail(email);
  if (exact) return exact;
  const candidates = (await listCompanySummaries()).filter((summary) => summary.search.split(' | ').some((part) => part.includes('@') && sameMailbox(part, email)));
  for (const { id } of candidates) {
    const company = await getCompany(id);
    const person = company?.people.find((candidate) => sameMailbox(candidate.email, email));
    if (company && person) return { company, person };
  }
  return undefined;
}

/** Claims the addresses a company now lists; throws email_taken (claiming nothing more) when another company lists one. */
async function claimAddresses(company: Company, people: readonly Person[]): Promise<void> {
  for (const person of people) {
    const key = addressKey(person.email);
    const holder = await updateJSON<{ companyId: string; personId: string }, string | undefined>(storeNames.customerAddresses, key, (current) =>
      current && current.companyId !== company.id ? { result: current.companyId } : { value: { companyId: company.id, personId: person.id }, result: undefined },
    );
    if (holder === undefined) continue;
    // Held by another company: unless it no longer lists the address (a claim left by a stopped function).
    const other = await getCompany(holder);
    if (other?.people.some((candidate) => candidate.email === person.email)) {
      throw new Refusal('person_email_elsewhere', { email: person.email, company: other.name });
    }
    await addresses().setJSON(key, { companyId: company.id, personId: person.id });
  }
}

/** Claims a client code for a company; throws client_code_taken when another company has it. */
async function claimClientCode(company: Company): Promise<void> {
  const key = codeKey(company.clientCode);
  const claim = { companyId: company.id, at: Date.now() };
  const holder = await updateJSON<typeof claim, typeof claim | undefined>(storeNames.customerIndex, key, (current) =>
    current && current.companyId !== company.id ? { result: current } : current ? { result: undefined } : { value: claim, result: undefined },
  );
  if (holder === undefined) return;
  // Held by another company: unless it no longer has that code (a claim left by a stopped function). A
  // claim younger than a minute whose company is not written yet is a creation under way: still taken.
  const other = await getCompany(holder.companyId);
  if (other ? codeKey(other.clientCode) === key : Date.now() - holder.at < 60_000) {
    throw new Refusal('client_code_taken_by', { clientCode: company.clientCode, company: other ? ` (${other.name})` : '' });
  }
  await strongStore(storeNames.customerIndex).setJSON(key, claim);
}

async function writeSummary(company: Company | undefined, id: string): Promise<void> {
  await updateJSON<IndexedCompany[], void>(storeNames.customerIndex, INDEX_KEY, (current = []) => {
    const others = current.filter((summary) => summary.id !== id);
    return { value: company ? [...others, { ...summaryOfCompany(company), search: companySearchText(company) }] : others, result: undefined };
  });
}

/**
 * Writes the admin list's summaries of many companies in one update of the list (an import, a seed):
 * after saveCompany(…, { index: false }) for each, so 2 000 companies rewrite the list once, not 2 000 times.
 */
export async function indexCompanies(list: readonly Company[]): Promise<void> {
  if (list.length === 0) return;
  const ids = new Set(list.map((company) => company.id));
  await updateJSON<IndexedCompany[], void>(storeNames.customerIndex, INDEX_KEY, (current = []) => ({
    value: [...current.filter((summary) => !ids.has(summary.id)), ...list.map((company) => ({ ...summaryOfCompany(company), search: companySearchText(company) }))],
    result: undefined,
  }));
}

/**
 * Creates or changes a company: `change` gets the stored company (undefined for a new id) and returns the
 * new one, or undefined to leave it. The addresses of people it adds are claimed first (email_taken
 * otherwise), the addresses of people it drops are let go after, and the list's summary follows (unless
 * `index: false`: the caller then writes it with indexCompanies, once for many companies).
 */
export async function saveCompany(
  id: string,
  change: (current: Company | undefined) => Company | undefined,
  now = new Date(),
  { index = true }: { index?: boolean } = {},
): Promise<Company | undefined> {
  const before = await getCompany(id);
  const draft = change(before);
  if (!draft) return before;
  if (!before || codeKey(before.clientCode) !== codeKey(draft.clientCode)) await claimClientCode(draft);
  const known = new Set(before?.people.map((person) => person.email));
  await claimAddresses(draft, draft.people.filter((person) => !known.has(person.email)));
  const saved = await updateJSON<Company, Company | undefined>(storeNames.customerCompanies, id, (current) => {
    const next = change(current);
    return next ? { value: { ...next, id, updatedAt: now.toISOString() }, result: { ...next, id, updatedAt: now.toISOString() } } : { result: current };
  });
  if (before && saved && codeKey(before.clientCode) !== codeKey(saved.clientCode)) await strongStore(storeNames.customerIndex).delete(codeKey(before.clientCode));
  const kept = new Set(saved?.people.map((person) => person.email));
  for (const person of before?.people ?? []) {
    if (!kept.has(person.email)) await addresses().delete(addressKey(person.email));
  }
  if (index) await writeSummary(saved, id);
  return saved;
}

/** Removes a company with its people's addresses (their sessions end: no company, no session). */
export async function removeCompany(id: string): Promise<boolean> {
  const company = await getCompany(id);
  if (!company) return false;
  await companies().delete(id);
  for (const person of company.people) await addresses().delete(addressKey(person.email));
  await strongStore(storeNames.customerIndex).delete(codeKey(company.clientCode));
  await writeSummary(undefined, id);
  return true;
}

/** A new id for a company, a person, a shop or a piece of equipment. */
export const newId = (): string => randomUUID();
