/**
 * How long repairs live, and their one erase. A repair « Restitué » is kept, with its photos, its slip, its
 * label, its signature and its e-mails, as tickets are: for the company's contract's life and 5 years after
 * (src/features/tickets/retention.ts) — erased 5 years after the later of its restitution and the contract's
 * end. Erasing a company erases its repairs and its loan pool at once (`eraseRepairsOfCompany`). The repair's
 * devis is a quote request of the company and follows the requests' own retention.
 */
import { ticketExpired } from '../../../src/features/tickets/retention.ts';
import type { Repair } from '../../../src/features/repairs/model.ts';
import { getCompany } from '../customers/companies.ts';
import { eraseMails } from '../mail/outbox.ts';
import { deleteUnder, storeNames, strongStore } from '../storage/storage.ts';
import { erasePool } from './loans.ts';
import { eraseRepairFiles } from './repair-files.ts';
import { companyRepairEntries, indexedRepairCompanies, unindexRepair } from './repair-index.ts';
import { repairMailOwner } from './repair-mail.ts';
import { getRepair } from './repairs.ts';

/** Erases a repair and everything derived from it; false when there was no such repair (leftovers are erased all the same). */
export async function eraseRepair(id: string): Promise<boolean> {
  const repair = await getRepair(id);
  if (repair) await unindexRepair(repair);
  await Promise.all([eraseRepairFiles(id), eraseMails(repairMailOwner(id)), deleteUnder(storeNames.repairIntents, id)]);
  if (repair) await strongStore(storeNames.repairs).delete(id);
  return repair !== undefined;
}

/** Erases every repair of a company and its loan pool (the company's erase); answers how many repairs. */
export async function eraseRepairsOfCompany(companyId: string): Promise<number> {
  let erased = 0;
  for (const entry of await companyRepairEntries(companyId)) if (await eraseRepair(entry.id)) erased += 1;
  await erasePool(companyId);
  return erased;
}

/** When a repair was restituted (its last move to « Restitué »), or null. */
const restitutedAt = (repair: Repair): string | null => repair.history.findLast((change) => change.kind === 'etat' && change.to === 'restitue')?.at ?? null;

/** Erases the restituted repairs past their retention at `now`; answers how many. */
export async function purgeRepairs(now: Date): Promise<number> {
  let erased = 0;
  for (const companyId of await indexedRepairCompanies()) {
    const due = (await companyRepairEntries(companyId)).filter((entry) => entry.state === 'restitue' && ticketExpired(entry.stateSince, '1970-01-01', now));
    if (due.length === 0) continue;
    const contractEndsOn = (await getCompany(companyId))?.contractEndsOn ?? null;
    for (const entry of due) {
      const repair = await getRepair(entry.id);
      if (!repair || repair.state !== 'restitue' || !ticketExpired(restitutedAt(repair), contractEndsOn, now)) continue;
      if (await eraseRepair(repair.id)) erased += 1;
    }
  }
  return erased;
}
