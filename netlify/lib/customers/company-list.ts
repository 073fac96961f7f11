/**
 * The admin's list of companies, from the one blob of summaries: the companies whose search text holds
 * every word of the search (no case, no accents: a name, a client code, a person's name or address, a
 * serial number), in one territory or all, by name, one page at a time; with the counts per territory of
 * what the search keeps and how many of the page's companies run a contract today (Antilles day).
 */
import { antillesDay, COMPANY_PAGE_SIZE, type CompanyFilter, type CompanyListAnswer } from '../../../src/features/customers/admin-api.ts';
import { contractRunsOn } from '../../../src/features/customers/model.ts';
import { normalizeForSearch } from '../../../src/lib/text.ts';
import { TERRITORIES } from '../../../src/lib/territories.ts';
import { listCompanySummaries } from './companies.ts';

const byName = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** One page of the list and its counts. */
export async function searchCompanies(filter: CompanyFilter, now = new Date()): Promise<Omit<CompanyListAnswer, 'mayCreate'>> {
  const words = normalizeForSearch(filter.q).split(' ').filter(Boolean);
  // A summary written before summaries carried their search text still matches by name and client code.
  const found = (await listCompanySummaries()).filter((summary) => words.every((word) => (summary.search ?? normalizeForSearch(`${summary.name} ${summary.clientCode}`)).includes(word)));
  const matching = found.filter((summary) => filter.territoire === 'tous' || summary.territory === filter.territoire).sort((a, b) => byName.compare(a.name, b.name));
  const today = antillesDay(now);
  const start = filter.page * COMPANY_PAGE_SIZE;
  return {
    data: matching.slice(start, start + COMPANY_PAGE_SIZE).map(({ search: _search, ...summary }) => summary),
    counts: {
      total: found.length,
      matching: matching.length,
      underContract: matching.filter((summary) => contractRunsOn(summary, today)).length,
      territories: Object.fromEntries(TERRITORIES.map(({ id }) => [id, found.filter((summary) => summary.territory === id).length])),
    },
    nextPage: start + COMPANY_PAGE_SIZE < matching.length ? filter.page + 1 : null,
  };
}
