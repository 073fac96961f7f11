/**
 * A stored contact or quote request, as the API answers it (the form's fields plus updated_at, the kind of
 * request and what became of its notification mail), and the answers of the inbox's endpoints: zod schemas
 * and the types inferred from them, written once. The functions type their answers with them; the admin
 * checks what it receives with the same schemas (a mismatch is a French error, never a crash).
 */
import { z } from 'zod';
import { NOTE_MAX_LENGTH } from '../../lib/constants.ts';
import { isMailState, type MailState } from '../../lib/mail-states.ts';
import { isRequestStatus, type RequestStatus } from '../../lib/statuses.ts';
import { isTerritoryId, type TerritoryId } from '../../lib/taxes.ts';
import { forbiddenCharacter, forbiddenCharacterMessage } from '../../lib/characters.ts';

/** What happened to the notification mail of a request (one of the mail states). */
export type MailStatus = MailState;

const statusSchema = z.custom<RequestStatus>(isRequestStatus, 'statut inconnu');
const mailStateSchema = z.custom<MailState>(isMailState, 'état d’e-mail inconnu');

/** An internal note the administrator took while handling a request. */
export const requestNoteSchema = z.object({ text: z.string(), at: z.string().describe('ISO date-time') });
export type RequestNote = z.infer<typeof requestNoteSchema>;

/** One status change of a request. */
export const statusChangeSchema = z.object({
  from: statusSchema,
  to: statusSchema,
  at: z.string().describe('ISO date-time'),
  because: z.string().optional().describe('What made the change when it was not a person’s click («\u00a0Devis DV-2026-00042 accepté en ligne\u00a0»)'),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

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
  territory: z.union([z.custom<TerritoryId>(isTerritoryId), z.literal('')]).describe('Delivery territory a quote was priced for; empty for a contact message'),
  statut: statusSchema,
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
export const contactRequestSchema = requestFieldsSchema.extend({ notes: z.array(requestNoteSchema), history: z.array(statusChangeSchema) });
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

/** Why a note cannot be saved (in French), or undefined when it can; the text is judged trimmed. */
export function noteError(text: unknown): string | undefined {
  if (typeof text !== 'string') return 'La note doit être un texte.';
  const trimmed = text.trim();
  if (trimmed === '') return 'Veuillez écrire la note.';
  if (trimmed.length > NOTE_MAX_LENGTH) return `La note ne doit pas dépasser ${NOTE_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`;
  // A note keeps its line breaks, as every multi-line text does.
  const found = forbiddenCharacter(trimmed, 'lines');
  if (found) return forbiddenCharacterMessage('La note', found);
  return undefined;
}
