/**
 * Where a ticket's photos are kept: the private `ticket-photos` store, `<ticketId>/<photoId>.jpg`, the
 * photo as photos.ts re-encoded it. Reading and erasing need no image library, so the functions that serve
 * photos and the retention job stay light. Only a function that checks who asks (the ticket's company,
 * staff of its territory) serves them; nothing here is public.
 */
import { deleteUnder, storeNames, strongStore } from '../storage/storage.ts';

/** A photo's id: random (a UUID), so that one cannot be guessed from another. */
const PHOTO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const photoKey = (ticketId: string, photoId: string) => `${ticketId}/${photoId}.jpg`;
const photoStore = () => strongStore(storeNames.ticketPhotos);

/** Keeps a re-encoded photo of a ticket. */
export async function keepPhoto(ticketId: string, photoId: string, jpeg: Uint8Array): Promise<void> {
  await photoStore().set(photoKey(ticketId, photoId), new Uint8Array(jpeg).buffer);
}

/** Drops one photo (one of a form that was refused as a whole). */
export async function dropPhoto(ticketId: string, photoId: string): Promise<void> {
  await photoStore().delete(photoKey(ticketId, photoId));
}

/** A kept photo's JPEG bytes, or undefined (unknown id, one of another ticket, or not an id's shape). */
export async function photoBytes(ticketId: string, photoId: string): Promise<Uint8Array | undefined> {
  if (!PHOTO_ID.test(photoId)) return undefined;
  const data = await photoStore().get(photoKey(ticketId, photoId), { type: 'arrayBuffer' });
  return data ? new Uint8Array(data) : undefined;
}

/** Erases every photo of a ticket (retention, erasure); answers how many there were. */
export const erasePhotos = (ticketId: string): Promise<number> => deleteUnder(storeNames.ticketPhotos, `${ticketId}/`);
