/**
 * The reception at the counter: the device is handed over, its visible state described and photographed,
 * the customer signs on the counter's screen, and the deposit slip and the device's label are made — once:
 * a repair already received answers 409 and nothing is made again. The photos are re-encoded under the
 * tickets' rules (netlify/lib/tickets/photos.ts), the files kept first (repair-files.ts), then one
 * conditional write moves the repair to « Reçu à l'atelier » with its reception; a write that loses (the
 * repair was received in between) drops what it kept. Only the reception's function imports this module
 * (sharp and pdfkit with it).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Reception, Repair } from '../../../src/features/repairs/model.ts';
import { repairPages } from '../../../src/lib/repair-paths.ts';
import { getCompany } from '../customers/companies.ts';
import { acceptPhotos } from '../tickets/photos.ts';
import { dropPhoto } from '../tickets/photo-store.ts';
import type { FormPhoto } from '../tickets/ticket-form.ts';
import { dropRepairFiles, keepRepairFile } from './repair-files.ts';
import { applyRepairMove, changeRepair, repairRefusal, type RepairOutcome, type RepairWriteOptions } from './repairs.ts';
import { makeLabelPdf, makeSlipPdf } from './slip-pdf.ts';
import { staffRepairAuthor } from './staff-repairs.ts';
import type { StaffMember } from '../auth/permissions.ts';

/** What the counter sends. */
export interface ReceptionInput {
  condition: string;
  accessories?: string;
  signedBy: string;
  /** The signature, as signature.ts made it ready. */
  signaturePng: Uint8Array;
  photos: readonly FormPhoto[];
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Receives a repair « Attendu » at the counter: photos, slip, label, signature kept, then the repair moved
 * to « Reçu à l'atelier » (its e-mail to the customer follows). `site` is the site's own address, for the QR
 * code. Answers the repair, or the refusal (a photo refused answers its own response).
 */
export async function receiveRepair(
  staff: StaffMember,
  repair: Repair,
  input: ReceptionInput,
  { site, ...options }: RepairWriteOptions & { site: string },
): Promise<RepairOutcome | { ok: false; response: Response }> {
  if (repair.reception) return repairRefusal('repair_already_received');
  const by = staffRepairAuthor(staff);
  const now = options.now ?? new Date();
  const at = now.toISOString();
  // The move is checked before anything is made: only a repair « Attendu » is received.
  const check = applyRepairMove(repair, 'recu', by, { devis: 'aucun', reception: true }, now);
  if (!check.ok) return check;
  const company = await getCompany(repair.companyId);
  if (!company) return repairRefusal('company_not_found');
  const kept = await acceptPhotos(repair.id, input.photos);
  if (!kept.ok) return kept;
  const described: Repair = { ...repair, accessories: input.accessories ?? repair.accessories };
  const qrUrl = `${site}${repairPages.qr(repair.id)}`;
  const facts = { repair: described, company, condition: input.condition, signedBy: input.signedBy, at, photoCount: kept.photos.length, signaturePng: input.signaturePng, qrUrl };
  const [{ pdf, fingerprint }, label] = await Promise.all([makeSlipPdf(facts), makeLabelPdf(described, qrUrl)]);
  const stem = `${repair.id}/${randomUUID()}`;
  const keys = { slip: `${stem}-bon-de-depot.pdf`, label: `${stem}-etiquette.pdf`, signature: `${stem}-signature.png` };
  await Promise.all([keepRepairFile(keys.slip, pdf), keepRepairFile(keys.label, label), keepRepairFile(keys.signature, input.signaturePng)]);
  const reception: Reception = {
    at,
    by,
    condition: input.condition,
    photos: kept.photos,
    signedBy: input.signedBy,
    fingerprint,
    slip: { key: keys.slip, bytes: pdf.byteLength, sha256: sha256(pdf) },
    label: { key: keys.label, bytes: label.byteLength, sha256: sha256(label) },
  };
  const outcome = await changeRepair(
    repair.id,
    (current) => {
      if (current.reception) return repairRefusal('repair_already_received');
      const moved = applyRepairMove(current, 'recu', by, { devis: 'aucun', reception: true }, now);
      return moved.ok ? { ok: true, repair: { ...moved.repair, accessories: described.accessories, reception } } : moved;
    },
    options,
  );
  if (!outcome.ok) {
    await dropRepairFiles(Object.values(keys));
    await Promise.all(kept.photos.map((photo) => dropPhoto(repair.id, photo.id)));
  }
  return outcome;
}
