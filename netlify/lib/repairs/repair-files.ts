/**
 * A repair's kept files: the deposit slip and the label (PDF, made once at the reception) and the
 * signature (PNG), in the private `repair-files` store under `<repairId>/<random>-…`, so that two receptions
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

/** The file names the slip and the label are served under. */
export const slipFileName = (repair: Pick<Repair, 'reference'>, kind: 'bon-de-depot' | 'etiquette'): string =>
  `${kind === 'bon-de-depot' ? 'Bon-de-depot' : 'Etiquette'}-${repair.reference}.pdf`;

const fileHeaders = (type: string, bytes: Uint8Array, disposition: string): Record<string, string> => ({
  ...apiHeaders,
  'Content-Type': type,
  'Content-Length': String(bytes.byteLength),
  'Content-Disposition': disposition,
  'Cache-Control': 'private, no-store',
});

/** The kept slip or label of a repair as a PDF answer, or 404 before the reception. */
export async function slipAnswer(repair: Repair, kind: 'bon-de-depot' | 'etiquette'): Promise<Response> {
  const kept = kind === 'bon-de-depot' ? repair.reception?.slip : repair.reception?.label;
  const data = kept ? await files().get(kept.key, { type: 'arrayBuffer' }) : null;
  if (!data) return apiError('slip_not_found');
  const bytes = new Uint8Array(data);
  return new Response(bytes, { status: 200, headers: fileHeaders('application/pdf', bytes, `inline; filename="${slipFileName(repair, kind)}"`) });
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
