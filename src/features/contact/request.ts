/**
 * A stored contact or quote request, as the API answers it (the form's fields plus updated_at, the kind of
 * request and what became of its notification mail), and the answers of the inbox's endpoints: zod schemas
 * and the types inferred from them, written once. The functions type their answers with them; the admin
 * checks what it receives with the same schemas (a mismatch is a French error, never a crash).
 */
import { z } from '../../records/zod.ts';
import { NOTE_MAX_LENGTH } from '../../lib/constants.ts';
import { isMailState, type MailState } from '../../lib/mail-states.ts';
import { isRequestStatus, type RequestStatus } from '../../lib/statuses.ts';
import { DEFAULT_TERRITORY, isTerritoryId, type TerritoryId } from '../../lib/territories.ts';
import { forbiddenCharacterMessage } from '../../lib/characters.ts';
import { lines } from '../../records/text.ts';

/** What happened to the notification mail of a request (one of the mail states). */
export type MailStatus = MailState;

const statusSchema = z.custom<RequestStatus>(isRequestStatus, 'statut inconnu');
const mailStateSchema = z.custom<MailState>(isMailState, 'état d’e-mail inconnu');

const territorySchema = z.custom<TerritoryId>(isTerritoryId, 'territoire inconnu');

/** A member of staff as a record names them: account id and the name shown (« par Marie Joseph »). */
export const actorSchema = z.object({ id: z.string(), name: z.string() });
export type Actor = z.infer<typeof actorSchema>;

/** Who made a change; absent on lines written before changes were signed, or made by an event. */
const bySchema = actorSchema.optional().describe('The staff member who made the change');

/** An internal note a member of staff took while handling a request. */
export const requestNoteSchema = z.object({ text: z.string(), at: z.string().describe('ISO date-time'), by: bySchema });
export type RequestNote = z.infer<typeof requestNoteSchema>;

/** One status change of a request. */
export const statusChangeSchema = z.object({
  from: statusSchema,
  to: statusSchema,
  at: z.string().describe('ISO date-time'),
  because: z.string().optional().describe('What made the change when it was not a person’s click («\u00a0Devis DV-2026-00042 accepté en ligne\u00a0»)'),
  by: bySchema,
});

/** The request given to a person (`to`), or taken back from everyone (`to` null). */
export const assignmentChangeSchema = z.object({ kind: z.literal('assignation'), to: actorSchema.nullable(), at: z.string(), by: bySchema });

/** The request moved to another territory. */
export const territoryChangeSchema = z.object({ kind: z.literal('territoire'), from: territorySchema, to: territorySchema, at: z.string(), by: bySchema });

/** One line of a request's history: a status change (the lines without `kind`, as they always were), an assignment or a territory change. */
export const historyEntrySchema = z.union([assignmentChangeSchema, territoryChangeSchema, statusChangeSchema]);
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/**
 * The territory a request belongs to: the one it carries, else Martinique (requests stored before every
 * request had one). The index, the view and the filters all read a request's territory through this.
 */
export const requestTerritory = (request: { territory?: unknown }): TerritoryId => (isTerritoryId(request.territory) ? request.territory : DEFAULT_TERRITORY);

/** A quote's first lines (product, quantity), how many lines follow, and its total HT, as its card in the inbox shows them. */
export const quoteOverviewSchema = z.object({
  lines: z.array(z.object({ name: z.string(), quantity: z.number() })),
  more: z.number().describe('Lines of the quote beyond those shown'),
  totalHTCents: z.number().describe('Lines and shipping, excluding tax'),
});
export type QuoteOverview = z.infer<typeof quoteOverviewSchema>;

/** The fields every stored request has, as the summary and the whole request share them. */
const requestFieldsSchema = z.object({
  id: z.string(),
  reference: z.string().describe('Short readable reference quoted on the phone and in every e-mail («\u00a0DV-2026-00042\u00a0»); empty on older records'),
  kind: z.enum(['contact', 'devis']).describe('`devis` for a quote from the store, `contact` for the contact form'),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  subject: z.string(),
  delai: z.string(),
  message: z.string(),
  clientCode: z.string(),
  territory: z
    .union([territorySchema, z.literal('')])
    .describe('The territory the request belongs to (a quote’s delivery territory, a contact’s phone prefix); empty on older records: read it with requestTerritory()'),
  assignedTo: actorSchema.nullable().optional().describe('The person the request is given to («\u00a0Assigné à\u00a0»); null or absent: nobody'),
  statut: statusSchema,
  customer: z
    .object({ companyId: z.string(), personId: z.string() })
    .optional()
    .describe('Sent from the customers’ space: the company (and person) signed in; never set from an address typed in a public form'),
  created_at: z.string(),
  updated_at: z.string(),
  mail_status: mailStateSchema,
});

/**
 * A request as the admin list shows it: without notes and history, its message cut to about 200 characters
 * (« … » when cut) and, for a quote, the overview of its lines (absent from entries indexed before it existed).
 */
export const requestSummarySchema = requestFieldsSchema.extend({ quote: quoteOverviewSchema.optional() });
export type RequestSummary = z.infer<typeof requestSummarySchema>;

/** A whole stored request: the summary's fields, the whole message, notes and status changes (oldest first). */
export const contactRequestSchema = requestFieldsSchema.extend({ notes: z.array(requestNoteSchema), history: z.array(historyEntrySchema) });
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** Requests of the whole inbox: in all, and by status. */
export type RequestCounts = Record<'total' | RequestStatus, number>;

/** One page of the admin list (GET /api/contact). */
export const requestPageSchema = z.object({
  data: z.array(requestSummarySchema),
  counts: z.record(z.string(), z.number()).transform((counts) => counts as RequestCounts),
  nextCursor: z.string().nullable().describe('Opaque; null on the last page'),
  devisCounts: z.record(z.string(), z.number()).optional().describe('Requests by the state of their last devis'),
});
export type RequestPage = z.infer<typeof requestPageSchema>;

/** One e-mail of a request (company notification, visitor acknowledgement, a devis e-mail…), as the API lists it. */
export const requestMailSchema = z.object({
  id: z.string(),
  kind: z.string().describe('`entreprise`, `visiteur`, or a devis e-mail (`devis-2`, `devis-2-client`, `devis-2-entreprise`)'),
  to: z.string(),
  subject: z.string(),
  status: mailStateSchema,
  attempts: z.number(),
  lastError: z.string().optional(),
  skipReason: z.string().optional().describe('Why it was not sent (an acknowledgement past its caps), in French'),
  nextAttemptAt: z.string().optional(),
  sentAt: z.string().optional(),
});
export type RequestMail = z.infer<typeof requestMailSchema>;

/** GET /api/contact: a page of the inbox. */
export const inboxAnswerSchema = requestPageSchema.extend({ success: z.literal(true) });
export type InboxAnswer = z.infer<typeof inboxAnswerSchema>;

/** GET /api/contact/:id: a whole request and its e-mails. */
export const requestAnswerSchema = z.object({ success: z.literal(true), data: contactRequestSchema, mails: z.array(requestMailSchema) });
export type RequestAnswer = z.infer<typeof requestAnswerSchema>;

/** PUT …/status, POST …/notes: the request as saved. */
export const requestChangeAnswerSchema = z.object({ success: z.literal(true), data: contactRequestSchema });
export type RequestChangeAnswer = z.infer<typeof requestChangeAnswerSchema>;

/** POST …/mails/:mailId/resend: the e-mail as it now stands. */
export const mailResendAnswerSchema = z.object({ success: z.literal(true), mail: requestMailSchema });
export type MailResendAnswer = z.infer<typeof mailResendAnswerSchema>;

/** A note's text: multi-line (its line breaks kept, as every multi-line text's), required, bounded. */
export const noteTextSchema = lines({
  label: 'La note',
  max: NOTE_MAX_LENGTH,
  min: 1,
  messages: {
    missing: 'La note doit être un texte.',
    notText: 'La note doit être un texte.',
    empty: 'Veuillez écrire la note.',
    tooLong: `La note ne doit pas dépasser ${NOTE_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`,
    forbidden: (found) => forbiddenCharacterMessage('La note', found),
  },
});

/** POST …/notes: `{ text }`. */
export const noteInputSchema = z.object({ text: noteTextSchema });

/** Why a note cannot be saved (in French), or undefined when it can; the text is judged trimmed. */
export const noteError = (text: unknown): string | undefined => noteTextSchema.safeParse(text).error?.issues[0]?.message;

/** GET /api/admin/personnes: the people a request can be assigned to. */
export const assigneesAnswerSchema = z.object({ success: z.literal(true), data: z.array(actorSchema) });
export type AssigneesAnswer = z.infer<typeof assigneesAnswerSchema>;

/** The body of PATCH /api/contact/:id/attribution: a territory, a person's id (null: nobody), or both. */
export interface RoutingChangeBody {
  territory?: TerritoryId;
  assignedTo?: string | null;
}

/** The routing change a body asks for, or the French reason it cannot be made (and the field at fault). */
export function routingChangeError(body: unknown): { ok: true; value: RoutingChangeBody } | { ok: false; field: string; error: string } {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const value: RoutingChangeBody = {};
  if (record.territory !== undefined) {
    if (!isTerritoryId(record.territory)) return { ok: false, field: 'territory', error: 'Territoire inconnu\u00a0: choisissez Martinique, Guadeloupe ou Guyane.' };
    value.territory = record.territory;
  }
  if (record.assignedTo !== undefined) {
    if (record.assignedTo !== null && (typeof record.assignedTo !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(record.assignedTo))) {
      return { ok: false, field: 'assignedTo', error: 'Personne inconnue\u00a0: choisissez un membre de l’équipe ou «\u00a0Personne\u00a0».' };
    }
    value.assignedTo = record.assignedTo;
  }
  if (value.territory === undefined && value.assignedTo === undefined) return { ok: false, field: 'territory', error: 'Indiquez un territoire ou une personne à qui confier la demande.' };
  return { ok: true, value };
}
