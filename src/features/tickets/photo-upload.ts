/**
 * A ticket's photos as the browser sends them: resized before they travel (island networks, phones) to at
 * most 1 600 px on their longest side and about 380 Ko, as JPEG, by browser-image-compression — loaded
 * only when there are photos to send, so that the pages carry none of it before. The server checks and
 * re-encodes them again whatever arrives (netlify/lib/tickets/photos.ts).
 */
import { TICKET_PHOTO_MAX_SIDE, TICKET_PHOTO_UPLOAD_TARGET_BYTES } from './photo-rules';

/**
 * The photos resized, in the same order. The compression runs in the page, not in a Web Worker: the
 * library builds its worker from a blob: address, which the site's Content-Security-Policy refuses. A photo
 * the library cannot read (an unusual file) is sent as chosen: the server decides, in French.
 */
export async function resizePhotos(files: readonly File[]): Promise<File[]> {
  if (files.length === 0) return [];
  const { default: compress } = await import('browser-image-compression');
  const resized: File[] = [];
  // One after the other: a phone holds one 12-megapixel photo decoded at a time more easily than five.
  for (const file of files) {
    try {
      const blob = await compress(file, {
        maxSizeMB: TICKET_PHOTO_UPLOAD_TARGET_BYTES / 1024 / 1024,
        maxWidthOrHeight: TICKET_PHOTO_MAX_SIDE,
        fileType: 'image/jpeg',
        initialQuality: 0.85,
        useWebWorker: false,
      });
      resized.push(new File([blob], `${file.name.replace(/\.\w+$/, '') || 'photo'}.jpg`, { type: 'image/jpeg' }));
    } catch {
      resized.push(file);
    }
  }
  return resized;
}
