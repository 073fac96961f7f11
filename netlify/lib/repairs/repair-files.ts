/**
 * A repair's kept files: the deposit slip and the label (PDF, made once at the reception), the
 * signature (PNG) and the repair report (PDF, made once at « Réparé »), in the private `repair-files` store under `<repairId>/<random>-…`, so that two receptions
 * racing never overwrite each other's (the record names the one that won). The reception's photos are kept
 * with the tickets' (netlify/lib/tickets/photo-store.ts, under the repair's id), under the same rules.
 * Reading and serving need no PDF library; nothing is cached by a browser or a proxy.
 */
import type { Repair } from '../../../src/features/repairs/model.ts';
import { apiError, apiHeaders } from '../http/http.ts';
import { deleteUnder, storeNames, strongStore } from '../storage/storage.ts';
import { erasePhotos, photoBytes } from '../tickets/photo-store.ts';

const files = () => strongStore(storeNames.repairFiles);

/** Keeps one file of a repair. */
export async function keepRepairFile(key: string, bytes: Uint8Array): Promise<void> {
  await files().set(key, new Uint8Array(bytes).buffer);
}

/** Drops files a lost race left. */
export async function dropRepairFiles(keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => files().delete(key)));
}

/** A kept PDF of a repair: the deposit slip, the device's label, the repair report. */
export type RepairDocument = 'bon-de-depot' | 'etiquette' | 'rapport';

/** Each kept PDF: where the repair names it, the name it is served under, the error before it is made. */
const DOCUMENTS = {
  'bon-de-depot': { kept: (repair: Repair) => repair.reception?.slip, name: 'Bon-de-depot', missing: 'slip_not_found' },
  etiquette: { kept: (repair: Repair) => repair.reception?.label, name: 'Etiquette', missing: 'slip_not_found' },
  rapport: { kept: (repair: Repair) => repair.report?.pdf, name: 'Rapport-de-reparation', missing: 'repair_report_not_found' },
} as const;

/** The file name a kept PDF is served (or attached) under: « Rapport-de-reparation-RP-2026-00001.pdf ». */
export const repairFileName = (repair: Pick<Repair, 'reference'>, kind: RepairDocument): string => `${DOCUMENTS[kind].name}-${repair.reference}.pdf`;

const fileHeaders = (type: string, bytes: Uint8Array, disposition: string): Record<string, string> => ({
  ...apiHeaders,
  'Content-Type': type,
  'Content-Length': String(bytes.byteLength),
  'Content-Disposition': disposition,
  'Cache-Control': 'private, no-store',
});

/** The bytes of a kept PDF of a repair, or undefined before it is made. */
export async function repairDocumentBytes(repair: Repair, kind: RepairDocument): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const kept = DOCUMENTS[kind].kept(repair);
  const data = kept ? await files().get(kept.key, { type: 'arrayBuffer' }) : null;
  return data ? new Uint8Array(data) : undefined;
}

/** A kept PDF of a repair as an answer, or 404 before it is made (the slip before the reception, the report before « Réparé »). */
export async function repairDocumentAnswer(repair: Repair, kind: RepairDocument): Promise<Response> {
  const bytes = await repairDocumentBytes(repair, kind);
  if (!bytes) return apiError(DOCUMENTS[kind].missing);
  return new Response(bytes, { status: 200, headers: fileHeaders('application/pdf', bytes, `inline; filename="${repairFileName(repair, kind)}"`) });
}

/** A photo of the reception as a JPEG, or 404 when it is not one of this repair's. */
export async function repairPhotoAnswer(repair: Repair, photoId: string): Promise<Response> {
  const shown = repair.reception?.photos.some((photo) => photo.id === photoId) ?? false;
  const bytes = shown ? await photoBytes(repair.id, photoId) : undefined;
  if (!bytes) return apiError('photo_not_found');
  return new Response(new Uint8Array(bytes), { status: 200, headers: fileHeaders('image/jpeg', bytes, 'inline') });
}

/** Erases every file and photo of a repair. */
export async function eraseRepairFiles(repairId: string): Promise<void> {
  await Promise.all([deleteUnder(storeNames.repairFiles, `${repairId}/`), erasePhotos(repairId)]);
}
