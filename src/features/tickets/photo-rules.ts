/**
 * The rules of a ticket's photos, one place for the browser (the picker refuses before sending) and the
 * server (which checks again and re-encodes): at most 5 per message, JPEG, PNG or WebP read from their
 * first bytes, at most 10 Mo as chosen, at most 1 600 px on their longest side once resized.
 */
import { fileKind } from '../../lib/file-kind';
import { PHOTO_MAX_BYTES, PHOTO_MAX_WIDTH } from '../../lib/photos';

/** Photos one message (or a declaration) may carry. */
export const TICKET_PHOTOS_MAX = 5;

/** The longest side of a stored photo, in pixels (the width the site serves its own photos at). */
export const TICKET_PHOTO_MAX_SIDE = PHOTO_MAX_WIDTH;

/** The largest photo accepted before resizing: 10 Mo. */
export const TICKET_PHOTO_MAX_BYTES = PHOTO_MAX_BYTES;

/** What the browser aims at when it resizes a photo before sending it (phones on island networks). */
export const TICKET_PHOTO_UPLOAD_TARGET_BYTES = 380 * 1024;

/** The file types the picker offers (the server decides from the bytes, never from this). */
export const TICKET_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Why a photo is refused, as a code of the API's error table, or null when it may be sent. */
export type TicketPhotoProblem = 'photo_type_refused' | 'photo_too_large';

/** The problem of a photo from its first bytes (its magic number) and its size, or null. */
export function ticketPhotoProblem(firstBytes: Uint8Array, size: number): TicketPhotoProblem | null {
  if (!['JPEG', 'PNG', 'WebP'].includes(fileKind(firstBytes))) return 'photo_type_refused';
  if (size > TICKET_PHOTO_MAX_BYTES) return 'photo_too_large';
  return null;
}
