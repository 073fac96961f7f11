/**
 * The answers of the back office's devis endpoints (a request's devis, its draft saved, a version sent or
 * acted on, a catalogue product by reference): zod schemas and the types inferred from them, written once.
 * The functions type their answers with them (`satisfies`); the editor and the section check what they
 * receive with the same schemas (a mismatch is a French error, never a crash). Every field of a version is
 * listed, so that parsing keeps the whole version.
 */
import { z } from '../../records/zod.ts';
import { isDevisState, type DevisState } from '../../lib/devis-states.ts';
import { isTerritoryId, type TerritoryId } from '../../lib/territories.ts';
import type { DevisAnswer, DevisDraft, DevisLine, DevisVersion } from './devis.ts';

const territorySchema = z.custom<TerritoryId>(isTerritoryId, 'territoire inconnu');
const stateSchema = z.custom<DevisState>(isDevisState, 'état de devis inconnu');
const keptDocumentSchema = z.object({ key: z.string(), sha256: z.string() });

const devisLineSchema = z.object({
  reference: z.string(),
  designation: z.string(),
  quantity: z.number(),
  unitPriceHTCents: z.number(),
  discountBasisPoints: z.number(),
}) satisfies z.ZodType<DevisLine>;

/** The draft the editor edits: lines, shipping, territory, validity and conditions. */
export const devisDraftSchema = z.object({
  lines: z.array(devisLineSchema),
  shippingHTCents: z.number(),
  territory: territorySchema,
  validityDays: z.number(),
  paymentTerms: z.string(),
  deliveryTerms: z.string(),
  customerAddress: z.string().optional(),
}) satisfies z.ZodType<DevisDraft>;

const answerProof = { at: z.string(), ip: z.string().optional(), document: keptDocumentSchema.optional() };

const devisAnswerSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('accepte'), name: z.string(), role: z.string(), ...answerProof }),
  z.object({ decision: z.literal('refuse'), reason: z.string(), ...answerProof }),
]) satisfies z.ZodType<DevisAnswer>;

const devisVersionSchema = z.object({
  version: z.number(),
  number: z.string(),
  draft: devisDraftSchema,
  customer: z.object({ name: z.string(), company: z.string(), email: z.string(), phone: z.string(), clientCode: z.string() }),
  sentAt: z.string(),
  validUntil: z.string(),
  state: stateSchema,
  answer: devisAnswerSchema.optional(),
  closedAt: z.string().optional(),
  linkId: z.string().optional(),
  linkRevokedAt: z.string().optional(),
  document: keptDocumentSchema.optional(),
  sendKey: z.string().optional(),
  voided: z.object({ at: z.string(), by: z.string(), reason: z.string() }).optional(),
}) satisfies z.ZodType<DevisVersion>;

/** One sent version as the back office sees it: with its total and, while its link opens something, the link. */
export const adminDevisVersionSchema = devisVersionSchema.extend({
  totalTTCCents: z.number(),
  link: z.string().optional().describe('The customer’s link, absent once replaced, expired, voided or revoked'),
});
export type AdminDevisVersion = z.infer<typeof adminDevisVersionSchema>;

/** A request's devis: the draft to edit (saved, or the request's lines), the sent versions, the events. */
export const adminDevisSchema = z.object({
  draft: devisDraftSchema,
  draftSavedAt: z.string().optional(),
  versions: z.array(adminDevisVersionSchema),
  events: z.array(z.object({ at: z.string(), text: z.string() })),
});
export type AdminDevis = z.infer<typeof adminDevisSchema>;

/** GET and PUT /api/contact/:id/devis, the actions on a version: the devis as it now stands. */
export const adminDevisAnswerSchema = z.object({ success: z.literal(true), data: adminDevisSchema });
export type AdminDevisAnswer = z.infer<typeof adminDevisAnswerSchema>;

/** POST …/devis/envoi: the devis, the new version's link and number. */
export const devisSendAnswerSchema = adminDevisAnswerSchema.extend({ link: z.string(), number: z.string() });
export type DevisSendAnswer = z.infer<typeof devisSendAnswerSchema>;

/** GET /api/admin/produits/:reference: a catalogue product as a devis line starts. */
export const devisProductAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ reference: z.string(), designation: z.string(), unitPriceHTCents: z.number() }),
});
export type DevisProductAnswer = z.infer<typeof devisProductAnswerSchema>;
