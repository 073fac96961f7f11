/**
 * The Blobs side of `npm run clients` (the rules are src/features/customers/client-file.ts): every stored
 * company read for the plan and the export, and a plan written through saveCompany, so an address and a
 * client code stay one company's. The admin's list is written once per batch of companies
 * (indexCompanies), not once per company: 2 000 companies would otherwise rewrite it 2 000 times. A run
 * stopped between a batch's companies and its list leaves companies out of the list; the next --apply
 * (of any file) puts every stored company missing from the list back in it.
 */
import pLimit from 'p-limit';
import type { Company } from '../../../src/features/customers/model.ts';
import type { ClientPlan } from '../../../src/features/customers/client-file.ts';
import { storeNames, strongStore } from '../storage/storage.ts';
import { Refusal } from '../http/refusal.ts';
import { getCompany, indexCompanies, listCompanySummaries, saveCompany } from './companies.ts';

/** Companies read or written at once: enough to hide the latency of Netlify's API, few enough for its rate limits. */
const CONCURRENCY = 8;
/** Companies written between two writes of the admin's list. */
const BATCH = 100;

/** The ids of every stored company, read from the companies' store itself (not from the admin's list). */
async function storedIds(): Promise<string[]> {
  const { blobs } = await strongStore(storeNames.customerCompanies).list();
  return blobs.map((blob) => blob.key);
}

/** Every stored company, by client code. */
export async function allCompanies(): Promise<Company[]> {
  const limit = pLimit(CONCURRENCY);
  const companies = await Promise.all((await storedIds()).map((id) => limit(() => getCompany(id))));
  return companies.filter((company): company is Company => company !== undefined).sort((a, b) => a.clientCode.localeCompare(b.clientCode, 'fr'));
}

/**
 * Writes a plan's companies; a company refused by saveCompany (an address or a client code another
 * company took since the plan was made) is left as it was and named in the answer, in French; the others
 * are written.
 */
export async function applyClientPlan(plan: Pick<ClientPlan, 'writes'>, now = new Date()): Promise<{ written: number; failures: string[] }> {
  const limit = pLimit(CONCURRENCY);
  const failures: string[] = [];
  let written = 0;
  for (let start = 0; start < plan.writes.length; start += BATCH) {
    const saved = await Promise.all(
      plan.writes.slice(start, start + BATCH).map((write) =>
        limit(async () => {
          try {
            const company = await saveCompany(write.id, write.apply, now, { index: false });
            written += 1;
            return company;
          } catch (error) {
            if (!(error instanceof Refusal)) throw error;
            failures.push(`${write.clientCode} : ${error.message}`);
            return undefined;
          }
        }),
      ),
    );
    await indexCompanies(saved.filter((company): company is Company => company !== undefined));
  }
  await indexMissing();
  return { written, failures };
}

/** Puts every stored company the admin's list lacks back in it (a run stopped before its list was written). */
async function indexMissing(): Promise<void> {
  const listed = new Set((await listCompanySummaries()).map((summary) => summary.id));
  const missing = (await storedIds()).filter((id) => !listed.has(id));
  const limit = pLimit(CONCURRENCY);
  const companies = await Promise.all(missing.map((id) => limit(() => getCompany(id))));
  await indexCompanies(companies.filter((company): company is Company => company !== undefined));
}
