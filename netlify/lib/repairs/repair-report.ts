/**
 * « Réparé »: the technician's report (work, parts, tests) and its PDF, the « Rapport de réparation », made
 * then and once. Made at « Réparé » rather than at the restitution because that is when a workshop writes
 * it: the bench work and its tests are over, the report goes into the box with the device, and the customer
 * gets it with the « Prêt à retirer » / « Expédié » e-mail, before they collect or receive the device; the
 * handover adds nothing to it. A repair enters « Réparé » once (the states table has no way back), so the
 * report is made once. The order is the reception's: the move is checked, the PDF made and kept
 * (repair-files.ts), then one conditional write moves the repair with its report; a write that loses (a
 * second « Réparé » at once) drops the file it kept. The PDF code is loaded here, on this change only.
 */
import { randomUUID, createHash } from 'node:crypto';
import type { Repair, RepairAuthor, RepairChangeInput } from '../../../src/features/repairs/model.ts';
import type { RepairDevisState } from '../../../src/features/repairs/states.ts';
import { getCompany } from '../customers/companies.ts';
import { getDevis } from '../devis/devis-records.ts';
import { dropRepairFiles, keepRepairFile } from './repair-files.ts';
import { applyRepairMove, changeRepair, repairRefusal, type RepairOutcome, type RepairWriteOptions } from './repairs.ts';

/** The devis the customer accepted for this repair, if any: its number and when. */
async function acceptedDevis(repair: Repair): Promise<{ number: string; acceptedAt: string } | null> {
  if (!repair.devis) return null;
  const accepted = (await getDevis(repair.devis.requestId))?.versions.find((version) => version.state === 'accepte' && version.answer);
  return accepted ? { number: accepted.number, acceptedAt: accepted.answer!.at } : null;
}

/** Moves the repair to « Réparé » with its report and the report's PDF (`devis`: where its devis stands, for the move's rule). */
export async function markRepaired(
  repair: Repair,
  input: Extract<RepairChangeInput, { action: 'repare' }>,
  by: RepairAuthor,
  devis: RepairDevisState,
  options: RepairWriteOptions = {},
): Promise<RepairOutcome> {
  const now = options.now ?? new Date();
  // The move is checked before anything is made: only a repair « En réparation » is repaired.
  const check = applyRepairMove(repair, 'repare', by, { devis }, now);
  if (!check.ok) return check;
  const company = await getCompany(repair.companyId);
  if (!company) return repairRefusal('company_not_found');
  const content = { at: now.toISOString(), by, work: input.work, parts: input.parts, tests: input.tests };
  const { makeRepairReportPdf } = await import('./repair-report-pdf.ts');
  const { pdf, fingerprint } = await makeRepairReportPdf({ repair, company, report: content, devis: await acceptedDevis(repair) });
  const key = `${repair.id}/${randomUUID()}-rapport.pdf`;
  await keepRepairFile(key, pdf);
  const report = { ...content, fingerprint, pdf: { key, bytes: pdf.byteLength, sha256: createHash('sha256').update(pdf).digest('hex') } };
  const outcome = await changeRepair(
    repair.id,
    (current) => {
      const moved = applyRepairMove(current, 'repare', by, { devis }, now);
      return moved.ok ? { ok: true, repair: { ...moved.repair, report } } : moved;
    },
    options,
  );
  if (!outcome.ok) await dropRepairFiles([key]);
  return outcome;
}
