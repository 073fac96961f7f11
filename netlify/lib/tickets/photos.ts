/**
 * A ticket's photos as they arrive: each one re-encoded by sharp before it is kept — turned upright from
 * its EXIF orientation, then every metadata dropped (EXIF with the GPS position, XMP, IPTC, the camera's
 * colour profile once converted to sRGB), at most 1 600 px on its longest side, JPEG — then kept by
 * photo-store.ts. Only the functions that receive photos import this module (and sharp with it).
 */
import type { TicketPhoto } from '../../../src/features/tickets/model.ts';
import { TICKET_PHOTO_MAX_SIDE, ticketPhotoProblem, type TicketPhotoProblem } from '../../../src/features/tickets/photo-rules.ts';
import { apiError } from '../http/http.ts';
import { dropPhoto, keepPhoto } from './photo-store.ts';
import type { FormPhoto } from './ticket-form.ts';

export { photoBytes } from './photo-store.ts';

/** A stored photo should stay under this size: a phone photo resized to 1 600 px is re-encoded with less quality until it does. */
const STORED_TARGET_BYTES = 240 * 1024;
/** JPEG qualities tried in turn; the last one is kept whatever its size. */
const QUALITIES = [80, 72, 64] as const;
/** The most pixels a photo may decode to (a 48-megapixel phone photo fits; a decompression bomb does not). */
const MAX_INPUT_PIXELS = 100_000_000;

/** The photo re-encoded (upright, no metadata, ≤ 1 600 px, JPEG), or undefined when sharp cannot read it. */
async function reencode(bytes: Uint8Array): Promise<{ data: Buffer; width: number; height: number } | undefined> {
  // sharp (a native library of tens of megabytes) is loaded by the call that receives a photo, not by a function's start.
  const { default: sharp } = await import('sharp');
  try {
    const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: TICKET_PHOTO_MAX_SIDE, height: TICKET_PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      // A transparent PNG gets a white background (JPEG has no transparency); sharp keeps no metadata unless asked.
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb');
    const { data: raw, info } = await upright.raw().toBuffer({ resolveWithObject: true });
    const pixels = sharp(raw, { raw: { width: info.width, height: info.height, channels: info.channels } });
    for (const quality of QUALITIES) {
      const data = await pixels.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
      if (data.byteLength <= STORED_TARGET_BYTES || quality === QUALITIES.at(-1)) return { data, width: info.width, height: info.height };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * Keeps one photo of a ticket: its kind is read from its bytes (`declaredType`, the browser's guess, is
 * never trusted), a GIF or any other file is refused, so is one over 10 Mo or one sharp cannot decode.
 * Answers the photo's record for the message, or the error code to answer with.
 */
export async function acceptPhoto(ticketId: string, bytes: Uint8Array, declaredType: string): Promise<TicketPhoto | { error: TicketPhotoProblem | 'photo_unreadable' }> {
  void declaredType;
  const problem = ticketPhotoProblem(bytes.subarray(0, 16), bytes.byteLength);
  if (problem) return { error: problem };
  const encoded = await reencode(bytes);
  if (!encoded) return { error: 'photo_unreadable' };
  const id = crypto.randomUUID();
  await keepPhoto(ticketId, id, encoded.data);
  return { id, width: encoded.width, height: encoded.height, bytes: encoded.data.byteLength };
}

/**
 * Keeps the photos of one form (readTicketForm), in order: all of them, or — when one is refused — none
 * (those already kept are erased) and the answer naming the file at fault.
 */
export async function acceptPhotos(ticketId: string, photos: readonly FormPhoto[]): Promise<{ ok: true; photos: TicketPhoto[] } | { ok: false; response: Response }> {
  const kept: TicketPhoto[] = [];
  for (const photo of photos) {
    const result = await acceptPhoto(ticketId, photo.bytes, photo.declaredType);
    if ('error' in result) {
      await Promise.all(kept.map((done) => dropPhoto(ticketId, done.id)));
      return { ok: false, response: apiError(result.error, { photo: photo.name }) };
    }
    kept.push(result);
  }
  return { ok: true, photos: kept };
}
