/**
 * Removing a customer company, the one way: its tickets (with their photos, reports and e-mails), its workshop
 * repairs (slips, photos, e-mails) and loan pool, and its
 * blob of the tickets' index, its list of requests sent from the space (each request stays for its own
 * lifetime, its link to the company dropped), the company itself with its summary, client code and its
 * people's address claims, then each person's sessions, passkeys, sign-in links and link e-mails. It sits
 * here, above customers, tickets and requests, because it erases records of all three (the lifetimes
 * table's `customerCompany` row, netlify/lib/retention/lifetimes.ts).
 */
import type { Company } from '../../../src/features/customers/model.ts';
import { getCompany, removeCompany } from '../customers/companies.ts';
import { notFound, refuseOtherTerritory, type Editor } from '../customers/company-admin.ts';
import { forgetPerson } from '../customers/erase.ts';
import { forgetCompanyRequests } from '../requests/request-owners.ts';
import { unlinkCustomer } from '../requests/requests.ts';
import { eraseRepairsOfCompany } from '../repairs/repair-retention.ts';
import { eraseTicketsOfCompany } from '../tickets/retention.ts';

/** Removes a company and everything of it; returns the company removed (a company_not_found Refusal otherwise). */
export async function eraseCompany(id: string, editor?: Editor): Promise<Company> {
  const company = await getCompany(id);
  if (!company) throw notFound();
  // Staff remove only the companies of their territories, unless their role has every territory.
  if (editor) refuseOtherTerritory(editor, company.territory);
  await eraseTicketsOfCompany(id);
  await eraseRepairsOfCompany(id);
  for (const requestId of await forgetCompanyRequests(id)) await unlinkCustomer(requestId);
  // The company goes before its people's sessions: no session stands once its company is gone.
  await removeCompany(id);
  for (const person of company.people) await forgetPerson(person.id);
  return company;
}
