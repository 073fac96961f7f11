/**
 * The Blobs side of `npm run clients` (the rules are src/features/customers/client-file.ts): every stored
 * company read for the plan and the export, and a plan written through saveCompany, so an address stays
 * one person's of one company and the admin's list follows every write.
 */
import pLimit from 'p-limit';
import type { Company } from '../../../src/features/customers/model.ts';
import type { ClientPlan } from '../../../src/features/customers/client-file.ts';
import { CustomerError, getCompany, listCompanySummaries, saveCompany } from './companies.ts';

/** Companies read or written at once: enough to hide the latency of Netlify's API, few enough for its rate limits. */
const CONCURRENCY = 8;

/** Every stored company (the summaries' list names them), by client code. */
export async function allCompanies(): Promise<Company[]> {
  const limit = pLimit(CONCURRENCY);
  const summaries = await listCompanySummaries();
  const companies = await Promise.all(summaries.map((summary) => limit(() => getCompany(summary.id))));
  return companies.filter((company): company is Company => company !== undefined).sort((a, b) => a.clientCode.localeCompare(b.clientCode, 'fr'));
}

/**
 * Writes a plan's companies; a company refused by saveCompany (an address another company took since the
 * plan was made) is left as it was and named in the answer, in French; the others are written.
 */
export async function applyClientPlan(plan: Pick<ClientPlan, 'writes'>, now = new Date()): Promise<{ written: number; failures: string[] }> {
  const limit = pLimit(CONCURRENCY);
  const failures: string[] = [];
  let written = 0;
  await Promise.all(
    plan.writes.map((write) =>
      limit(async () => {
        try {
          await saveCompany(write.id, write.apply, now);
          written += 1;
        } catch (error) {
          if (!(error instanceof CustomerError)) throw error;
          failures.push(`${write.clientCode} : ${error.message}`);
        }
      }),
    ),
  );
  return { written, failures };
}
