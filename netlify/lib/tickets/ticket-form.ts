/**
 * How a ticket's declaration or message travels: `multipart/form-data`, text fields and up to 5 photos
 * (field `photos`, repeated). `readTicketForm` reads it whole, within limits, and checks each photo's kind
 * from its first bytes and its size before anything is stored, so that a refused form changes nothing; the
 * endpoint then validates the fields with its own schema and hands the photos to `acceptPhotos`
 * (photos.ts), which re-encodes them. No image library here: a function that only reads fields
 * stays light.
 */
import { API_BODY_LIMIT_BYTES } from '../../../src/lib/constants.ts';
import { TICKET_PHOTO_MAX_BYTES, TICKET_PHOTOS_MAX, ticketPhotoProblem } from '../../../src/features/tickets/photo-rules.ts';
import { apiError, readCappedBody } from '../http/http.ts';

/** A photo as sent: its file name (for the error), the type the browser declared (never trusted), its bytes. */
export interface FormPhoto {
  name: string;
  declaredType: string;
  bytes: Uint8Array;
}

/** A form read: its text fields (the last value of a repeated name) and its photos, in the order sent. */
export interface TicketForm {
  fields: Record<string, string>;
  photos: FormPhoto[];
}

/** The multipart framing around 5 photos and the fields (boundaries, part headers), with room to spare. */
const FRAMING_BYTES = 64 * 1024;

/**
 * The largest body read: 5 photos of 10 Mo, the text fields' own limit (that of a JSON body) and the
 * framing. Anything larger is refused from its Content-Length, or as soon as the stream passes it.
 */
export const TICKET_FORM_MAX_BYTES = TICKET_PHOTOS_MAX * TICKET_PHOTO_MAX_BYTES + API_BODY_LIMIT_BYTES + FRAMING_BYTES;

/** A form that cannot be taken: the answer, and the name of the photo at fault when one is. */
export type TicketFormResult = { ok: true; form: TicketForm } | { ok: false; response: Response };

const refuse = (...args: Parameters<typeof apiError>): TicketFormResult => ({ ok: false, response: apiError(...args) });

/**
 * The declaration or message of a ticket, read from a `multipart/form-data` request: 415 when it is not
 * one, 413 when it is over the limit, 400 with more than 5 photos, and for a photo that is not a JPEG, PNG
 * or WebP (from its bytes) 415, over 10 Mo 413 — each with its French sentence and `photo`, the file's
 * name. The text fields together may hold as much as a JSON body. A file input left empty (no name, no
 * bytes) is no photo.
 */
export async function readTicketForm(request: Request): Promise<TicketFormResult> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type.trim())) return refuse('ticket_form_invalid');
  if (Number(request.headers.get('content-length') ?? 0) > TICKET_FORM_MAX_BYTES) return refuse('ticket_form_too_large');
  const body = await readCappedBody(request, TICKET_FORM_MAX_BYTES);
  if (!body) return refuse('ticket_form_too_large');

  let data: FormData;
  try {
    data = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    return refuse('ticket_form_invalid');
  }
  const fields: Record<string, string> = {};
  const files: File[] = [];
  let textBytes = 0;
  for (const [name, value] of data.entries()) {
    if (typeof value === 'string') {
      fields[name] = value;
      textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    } else if (value.size > 0 || value.name !== '') files.push(value);
  }
  if (textBytes > API_BODY_LIMIT_BYTES) return refuse('ticket_form_too_large');
  if (files.length > TICKET_PHOTOS_MAX) return refuse('too_many_photos');

  const photos: FormPhoto[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = ticketPhotoProblem(bytes.subarray(0, 16), bytes.byteLength);
    if (problem) return refuse(problem, { photo: file.name });
    photos.push({ name: file.name, declaredType: file.type, bytes });
  }
  return { ok: true, form: { fields, photos } };
}
