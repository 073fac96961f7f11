/**
 * The answers of the customers' space's API, typed once: the functions build them (`satisfies`), the
 * tests check them with these schemas, the space's screens read their types (the browser loads no zod).
 * Every date and amount is already written in French, so a screen only puts text in place.
 */
import { z } from '../../records/zod.ts';

const tone = z.enum(['red', 'amber', 'green', 'grey', 'blue']);

/** One devis version of the company, as « Mes devis » lists it. */
export const spaceDevisSchema = z.object({
  requestId: z.string(),
  version: z.number(),
  number: z.string().describe('DV-2026-00042, then DV-2026-00042-2…'),
  date: z.string().describe('The day it was sent, as 23/12/2026'),
  validUntil: z.string(),
  totalTTC: z.string(),
  /** Total HT, the VAT line and total TTC, as the devis prints them (a business reads HT first). */
  totals: z.array(z.object({ label: z.string(), value: z.string(), strong: z.boolean() })),
  state: z.string(),
  stateLabel: z.string(),
  tone,
  /** Still awaiting an answer and valid: « Accepter » / « Refuser » are offered. */
  answerable: z.boolean(),
  /** The recorded answer, in a sentence. */
  answerText: z.string().optional(),
});
export type SpaceDevis = z.infer<typeof spaceDevisSchema>;

/** A request the company sent from the space, as « Mes demandes » lists it. */
export const spaceRequestSchema = z.object({
  id: z.string(),
  reference: z.string(),
  kind: z.enum(['contact', 'devis']),
  kindLabel: z.string(),
  date: z.string(),
  statusLabel: z.string(),
  tone,
  subject: z.string(),
  excerpt: z.string(),
});
export type SpaceRequest = z.infer<typeof spaceRequestSchema>;

/** A document of a product (a PDF of the catalogue). */
export const spaceDocumentSchema = z.object({ title: z.string(), href: z.string() });

/** A piece of the company's equipment, as « Mes équipements » lists it. */
export const spaceEquipmentSchema = z.object({
  id: z.string(),
  model: z.string(),
  serial: z.string(),
  shop: z.string().nullable(),
  underContract: z.boolean(),
  contractLabel: z.string(),
  /** The catalogue product's page, when the model is one. */
  productPath: z.string().nullable(),
  documents: z.array(spaceDocumentSchema),
});
export type SpaceEquipment = z.infer<typeof spaceEquipmentSchema>;

/** The space's home page: what waits for the customer. */
export const spaceSummarySchema = z.object({
  devisWaiting: z.number(),
  equipmentUnderContract: z.number(),
  equipment: z.number(),
  openTickets: z.number(),
  /** The contract's last day, « 31/12/2027 », or null without a contract. */
  contractEndsOn: z.string().nullable(),
});
export type SpaceSummary = z.infer<typeof spaceSummarySchema>;

/** Each answer's envelope. */
export const spaceDevisListAnswerSchema = z.object({ success: z.literal(true), data: z.array(spaceDevisSchema) });
export const spaceRequestListAnswerSchema = z.object({ success: z.literal(true), data: z.array(spaceRequestSchema) });
export const spaceEquipmentListAnswerSchema = z.object({ success: z.literal(true), data: z.array(spaceEquipmentSchema) });
export const spaceSummaryAnswerSchema = z.object({ success: z.literal(true), data: spaceSummarySchema });
export type SpaceDevisListAnswer = z.infer<typeof spaceDevisListAnswerSchema>;
export type SpaceSummaryAnswer = z.infer<typeof spaceSummaryAnswerSchema>;

/** One request of the company, whole (GET /api/espace-client/demandes/{id}). */
export const spaceRequestDetailSchema = spaceRequestSchema.extend({ message: z.string() });
export type SpaceRequestDetail = z.infer<typeof spaceRequestDetailSchema>;
