/**
 * What the admin's search finds a company by: its name, its client code, its people's names and
 * addresses, its equipment's serial numbers and models, reduced as every search of the site compares
 * (no case, no accents). Kept in the company's summary, so a search reads one blob.
 */
import type { Company } from '../../../src/features/customers/model.ts';
import { normalizeForSearch } from '../../../src/lib/text.ts';

/** The search text of a company (its parts separated by « | », so no match spans two of them). */
export const companySearchText = (company: Company): string =>
  normalizeForSearch(
    [
      company.name,
      company.clientCode,
      ...company.people.flatMap((person) => [person.name, person.email]),
      ...company.equipment.flatMap((equipment) => [equipment.serial, equipment.model]),
      ...company.shops.map((shop) => shop.name),
    ]
      .filter(Boolean)
      .join(' | '),
  );
