/**
 * A ticket's files as its readers fetch them — a photo of the thread, the intervention report — once the
 * function has checked who asks and found the ticket theirs. A photo is served only if it belongs to a
 * message that reader may read: a photo of an internal note is the staff's alone, and a photo id of
 * another ticket is unknown here. Nothing is cached by a browser or a proxy (`private, no-store`), and
 * nothing is made on a request: the photo as re-encoded, the report's PDF as kept.
 */
import type { Ticket } from '../../../src/features/tickets/model.ts';
import { apiError, apiHeaders } from '../http/http.ts';
import { photoBytes } from './photo-store.ts';
import { reportFileName, reportPdfOf } from './reports.ts';

/** Who reads: a person of the ticket's company (no internal note) or the staff. */
export type TicketReader = 'client' | 'staff';

/** The headers of a ticket's file: the API's, but a file type and never kept by a cache. */
function fileHeaders(type: string, bytes: Uint8Array, disposition: string): Record<string, string> {
  return { ...apiHeaders, 'Content-Type': type, 'Content-Length': String(bytes.byteLength), 'Content-Disposition': disposition, 'Cache-Control': 'private, no-store' };
}

/** A photo of the ticket's thread as a JPEG, or 404 when the photo is not one this reader may see. */
export async function photoAnswer(ticket: Ticket, photoId: string, reader: TicketReader): Promise<Response> {
  const shown = ticket.messages.some((message) => (reader === 'staff' || message.kind !== 'note') && message.photos.some((photo) => photo.id === photoId));
  const bytes = shown ? await photoBytes(ticket.id, photoId) : undefined;
  if (!bytes) return apiError('photo_not_found');
  return new Response(new Uint8Array(bytes), { status: 200, headers: fileHeaders('image/jpeg', bytes, 'inline') });
}

/** The ticket's intervention report as kept (PDF, downloaded as « Rapport-TK-2026-00001.pdf »), or 404 before it has one. */
export async function reportAnswer(ticket: Ticket): Promise<Response> {
  const pdf = await reportPdfOf(ticket);
  if (!pdf) return apiError('report_not_found');
  return new Response(new Uint8Array(pdf), { status: 200, headers: fileHeaders('application/pdf', pdf, `attachment; filename="${reportFileName(ticket)}"`) });
}
