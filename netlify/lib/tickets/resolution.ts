/**
 * « Résoudre » by staff, apart from the other staff changes because it makes a PDF: only the function that
 * resolves bundles the PDF library.
 */
import type { Ticket } from '../../../src/features/tickets/model.ts';
import type { ResolutionBody } from '../../../src/features/tickets/staff.ts';
import { checkTransition } from '../../../src/features/tickets/states.ts';
import type { StaffMember } from '../auth/permissions.ts';
import { maySee } from '../requests/scope.ts';
import { writeReport } from './report-pdf.ts';
import { signatureFromDataUrl } from './signature.ts';
import { heldElsewhere, keyedFor, staffAuthor } from './staff-tickets.ts';
import { applyMove, changeTicket, refusal, replayOf, type ChangeKey, type TicketChangeOutcome, type WriteOptions } from './tickets.ts';
import { API_ERRORS } from '../http/errors.ts';

/** Why a resolution is refused before anything is kept. */
export type ResolutionRefusal = { ok: false; status: number; field: string; message: string };

/**
 * « Résoudre » by staff: the report (work done, minutes, parts, the customer's signature with their name)
 * is made and kept as a PDF, then the ticket moves to « Résolu » carrying it, in one write; the « Résolu »
 * e-mail attaches the kept PDF. Refused before anything is kept: a move the state table refuses now, a
 * signature that is not a PNG drawing, a signature without the signer’s name, a ticket given to someone
 * else since the phone wrote the report (heldElsewhere).
 */
export async function resolveAsStaff(staff: StaffMember, ticket: Ticket, body: ResolutionBody, options: WriteOptions & { changeKey?: ChangeKey } = {}): Promise<TicketChangeOutcome | ResolutionRefusal> {
  const now = options.now ?? new Date();
  // Sent again after a lost answer: the report was made and the ticket resolved by the first send (the ticket is one this person may see).
  const replay = replayOf(ticket, options.changeKey);
  if (replay) return replay;
  const check = checkTransition(ticket.state, 'resolu', 'staff', { at: now, resolvedAt: ticket.resolvedAt ? new Date(ticket.resolvedAt) : null });
  if (!check.ok) return { ok: false, status: 409, field: 'state', message: check.message };
  // Given to someone else since the phone wrote the report: refused before a report is made (and in the write).
  const reassigned = heldElsewhere(ticket, staff, body.seenAssignee);
  if (reassigned) return reassigned;
  let signature: Uint8Array | undefined;
  if (body.signature) {
    signature = signatureFromDataUrl(body.signature);
    if (!signature) return { ok: false, status: 400, field: 'signature', message: API_ERRORS.signature_invalid.message };
    if (!body.signedBy) return { ok: false, status: 400, field: 'signedBy', message: API_ERRORS.signer_missing.message };
  }
  const by = staffAuthor(staff);
  const report = await writeReport(
    ticket,
    { workDone: body.workDone, minutes: body.minutes, parts: body.parts, signedBy: signature ? body.signedBy : null, at: now.toISOString(), by },
    signature,
  );
  return changeTicket(
    ticket.id,
    (current) => (maySee(staff, { territory: current.territory }) ? (heldElsewhere(current, staff, body.seenAssignee) ?? applyMove({ ...current, report }, 'resolu', by, now)) : refusal('ticket_not_found')),
    keyedFor(staff, { ...options, now }),
  );
}

