/**
 * An after-sales ticket's record and the API's answers about it, in one place for the functions, the
 * admin and the customers' space. The states and impacts are states.ts; the clock is clock.ts (server).
 * A ticket is one blob (netlify/lib/tickets/); the lists read summaries from an index.
 */
import { z } from '../../records/zod.ts';
import { territoryIdSchema } from '../customers/model.ts';
import { isTicketImpact, isTicketState, type TicketImpact, type TicketState } from './states.ts';

export const ticketStateSchema = z.custom<TicketState>(isTicketState, 'état inconnu');
export const ticketImpactSchema = z.custom<TicketImpact>(isTicketImpact, 'impact inconnu');

/** Who wrote a message or made a change: a person of the company, a staff member, or the daily job. */
export const ticketAuthorSchema = z.object({
  kind: z.enum(['client', 'staff', 'systeme']),
  id: z.string(),
  name: z.string(),
});
export type TicketAuthor = z.infer<typeof ticketAuthorSchema>;

/** A photo of a message: re-encoded on the server, served by /api/tickets/:id/photos/:photoId only. */
export const ticketPhotoSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
});
export type TicketPhoto = z.infer<typeof ticketPhotoSchema>;

/**
 * A message of the thread: the opening description and each reply (`client`: the customer's; `reponse`:
 * staff to the customer) are the customer's to read; a `note` is internal and never leaves the staff.
 */
export const ticketMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(['client', 'reponse', 'note']),
  at: z.string(),
  by: ticketAuthorSchema,
  text: z.string(),
  photos: z.array(ticketPhotoSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** A change of the ticket, for its history (« Pris en charge par Marc Édouard, le … »). */
export const ticketChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('etat'), from: ticketStateSchema.nullable(), to: ticketStateSchema, at: z.string(), by: ticketAuthorSchema }),
  z.object({ kind: z.literal('impact'), from: ticketImpactSchema, to: ticketImpactSchema, at: z.string(), by: ticketAuthorSchema }),
  z.object({ kind: z.literal('assignation'), to: z.object({ id: z.string(), name: z.string() }).nullable(), at: z.string(), by: ticketAuthorSchema }),
]);
export type TicketChange = z.infer<typeof ticketChangeSchema>;

/** A part used in an intervention: a catalogue product (its reference) or typed. */
export const reportPartSchema = z.object({ reference: z.string().nullable(), name: z.string(), quantity: z.number().int().positive() });

/** The intervention report « Résoudre » records; its PDF is kept in the private store. */
export const interventionReportSchema = z.object({
  workDone: z.string(),
  minutes: z.number().int().nonnegative(),
  parts: z.array(reportPartSchema),
  /** The name of who signed on the technician's screen, or null (no signature). */
  signedBy: z.string().nullable(),
  at: z.string(),
  by: ticketAuthorSchema,
  /** The PDF's size, for the link (« Rapport d’intervention (PDF, 84 Ko) »). */
  pdfBytes: z.number(),
  /**
   * The SHA-256 (hex) of the PDF as made and kept, as a devis keeps its own: what proves, later, that a
   * copy is the report of that resolution. Shown beside the report and in the « Résolu » e-mail that carries
   * it (a document cannot print its own fingerprint). Absent on reports made before it was kept.
   */
  sha256: z.string().optional(),
});
export type InterventionReport = z.infer<typeof interventionReportSchema>;

/** A ticket as stored (and as staff read it). */
export const ticketSchema = z.object({
  id: z.string(),
  /** « TK-2026-00001 ». */
  reference: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  territory: territoryIdSchema,
  /** The equipment: from the company's list (its id) or typed (id null). */
  equipment: z.object({ equipmentId: z.string().nullable(), model: z.string(), serial: z.string() }),
  shop: z.object({ shopId: z.string().nullable(), name: z.string() }),
  impact: ticketImpactSchema,
  phone: z.string(),
  state: ticketStateSchema,
  openedAt: z.string(),
  openedBy: ticketAuthorSchema,
  assignedTo: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The company's people who get its e-mails (the opener, and whoever replied). */
  followers: z.array(z.string()),
  messages: z.array(ticketMessageSchema),
  history: z.array(ticketChangeSchema),
  /** The first time it left « Nouveau » (the « prise en charge » target is met then), or null. */
  takenInChargeAt: z.string().nullable(),
  /** The last time it entered « Résolu », or null. */
  resolvedAt: z.string().nullable(),
  report: interventionReportSchema.nullable(),
  /** The contact request it was made from, if staff turned one into this ticket. */
  sourceRequestId: z.string().nullable(),
  updatedAt: z.string(),
  /**
   * The idempotency keys of the last staff changes applied (a reply, a note, a state, a resolution sent
   * from a phone that may send it again after a lost answer), each `<key> <fingerprint of the change>`: a
   * change whose key is here is not applied twice, and the key with another change is refused. The last
   * APPLIED_KEYS_KEPT only; absent on tickets never changed with a key.
   */
  appliedKeys: z.array(z.string()).optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** How many applied idempotency keys a ticket remembers (far more than a phone ever has waiting). */
export const APPLIED_KEYS_KEPT = 200;

/** A ticket as its company's people read it: no internal note, nothing about the staff's own work. */
export const customerTicketSchema = ticketSchema.omit({ assignedTo: true, followers: true, sourceRequestId: true, appliedKeys: true }).extend({
  messages: z.array(ticketMessageSchema.extend({ kind: z.enum(['client', 'reponse']) })),
});
export type CustomerTicket = z.infer<typeof customerTicketSchema>;

/** What a ticket's people may read of it (every internal note removed). */
export const customerViewOf = (ticket: Ticket): CustomerTicket => {
  const { assignedTo: _assigned, followers: _followers, sourceRequestId: _source, appliedKeys: _keys, ...rest } = ticket;
  return { ...rest, messages: ticket.messages.filter((message): message is CustomerTicket['messages'][number] => message.kind !== 'note') };
};

/** A ticket in a list, with its service-level figures computed by the server at the time of the answer. */
export const ticketSummarySchema = ticketSchema
  .pick({ id: true, reference: true, companyId: true, companyName: true, territory: true, impact: true, state: true, openedAt: true, assignedTo: true, takenInChargeAt: true, resolvedAt: true, updatedAt: true })
  .extend({
    model: z.string(),
    /** Due times (ISO with the territory's offset) and business minutes left (negative: late); null when met or not applicable. */
    due: z.object({ priseEnCharge: z.string().nullable(), resolution: z.string().nullable() }),
    minutesLeft: z.number().nullable(),
    late: z.boolean(),
  });
export type TicketSummary = z.infer<typeof ticketSummarySchema>;
