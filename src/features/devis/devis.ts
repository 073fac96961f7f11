/**
 * A devis, shared by the admin's editor, the functions and the customer's page: its lines and terms (the
 * draft), its totals with the cart's own `orderTotals` (same VAT, same rounding), its number, its
 * validity, and the validation of a draft and of a customer's answer, with French errors, in the browser
 * and on the server alike.
 */
import { z } from '../../records/zod.ts';
import type { TextKind } from '../../lib/characters.ts';
import { line, lines } from '../../records/text.ts';
import { isoDay } from '../../lib/format.ts';
import { formatCents } from '../../lib/price.ts';
import { DEFAULT_TERRITORY, TERRITORIES, type TerritoryId } from '../../lib/territories.ts';
import { localDay, moment } from '../../records/moment.ts';
import type { DevisState } from '../../lib/devis-states.ts';
import { lineTotalHTCents, orderTotals, shippingHTCents, type OrderTotals } from '../cart/totals.ts';
import { DEFAULT_DELIVERY_TERMS, DEFAULT_PAYMENT_TERMS, DEFAULT_VALIDITY_DAYS } from './conditions.ts';
import { ANSWER_LABELS, BON_POUR_ACCORD_MISSING, requiredMessage } from './messages.ts';

/** Limits of a devis. */
export const DEVIS_LIMITS = {
  lines: 200,
  quantity: 99_999,
  /** 1 000 000 € HT a unit. */
  unitPriceHTCents: 100_000_000,
  shippingHTCents: 10_000_000,
  validityDays: 365,
  reference: 60,
  designation: 200,
  terms: 1_500,
  name: 100,
  role: 100,
  reason: 1_000,
  customerAddress: 300,
} as const;

/** One line of a devis. */
export interface DevisLine {
  reference: string;
  designation: string;
  quantity: number;
  unitPriceHTCents: number;
  /** 0 to 10 000 (100 %). */
  discountBasisPoints: number;
}

/** What the administrator prepares: lines, shipping, territory, validity and conditions. */
export interface DevisDraft {
  lines: DevisLine[];
  shippingHTCents: number;
  territory: TerritoryId;
  validityDays: number;
  paymentTerms: string;
  deliveryTerms: string;
  /** The customer's postal address, several lines, printed in the PDF's customer block ('' or absent: none). */
  customerAddress?: string;
}

/** The customer a devis is addressed to (from the request). */
export interface DevisCustomer {
  name: string;
  company: string;
  email: string;
  phone: string;
  clientCode: string;
}

/** A PDF kept in Blobs once made (never rendered again): its key and its SHA-256 (hex). */
export interface KeptDocument {
  key: string;
  sha256: string;
}

/** What every answer records besides its decision: when, from which address, and its document once made. */
interface AnswerProof {
  at: string;
  /** The address the answer came from ('' when the platform gave none). */
  ip?: string;
  /** The answered document: the sent one with its « Bon pour accord » block filled. */
  document?: KeptDocument;
  /** Given from the customers' space rather than the link: the person whose session sent it, as their company lists them. */
  space?: { personId: string; personName: string };
}

/** A customer's answer, recorded once. */
export type DevisAnswer = AnswerProof & ({ decision: 'accepte'; name: string; role: string } | { decision: 'refuse'; reason: string });

/** An acceptance the administrator voided, so that a new version may be sent: who, when, why. */
export interface VoidedAcceptance {
  at: string;
  by: string;
  reason: string;
}

/** One sent version of a devis: its draft frozen, its number, its dates and its state. */
export interface DevisVersion {
  version: number;
  /** DV-2026-00042, then DV-2026-00042-2… */
  number: string;
  draft: DevisDraft;
  customer: DevisCustomer;
  /** ISO date-time. */
  sentAt: string;
  /** The last day it holds (YYYY-MM-DD, Martinique). */
  validUntil: string;
  state: DevisState;
  answer?: DevisAnswer;
  /** When it was marked expired or replaced. */
  closedAt?: string;
  /** The id (jti) of the version's link token: one link per version, revocable. */
  linkId?: string;
  /** When the administrator revoked the link: it opens nothing any more. */
  linkRevokedAt?: string;
  /** The PDF as sent, made once; its SHA-256 is the version's fingerprint. */
  document?: KeptDocument;
  /** The send's idempotency key, when the editor gave one: a retry answers this version. */
  sendKey?: string;
  /** Set when an acceptance was voided (state `annule`). */
  voided?: VoidedAcceptance;
}

/** One row of a devis' totals, as every place prints them (PDF, e-mails, the customer's page, the editor). */
export interface TotalRow {
  label: string;
  value: string;
  /** Total HT and Total TTC stand out. */
  strong: boolean;
}

/** The totals' rows, one label per line everywhere: subtotal, shipping, total HT, the VAT line, total TTC. */
export function totalRows(totals: OrderTotals): TotalRow[] {
  return [
    { label: 'Sous-total HT', value: formatCents(totals.subtotalHTCents), strong: false },
    { label: 'Livraison HT', value: totals.shippingHTCents === 0 ? 'Offerte' : formatCents(totals.shippingHTCents), strong: false },
    { label: 'Total HT', value: formatCents(totals.subtotalHTCents + totals.shippingHTCents), strong: true },
    { label: totals.vatLabel, value: totals.vatApplies ? formatCents(totals.vatCents) : '—', strong: false },
    { label: 'Total TTC', value: formatCents(totals.totalTTCCents), strong: true },
  ];
}

/** The totals' rows without shipping when there is none (a repair's, a service's devis): total HT, the VAT line, total TTC. */
export function essentialTotalRows(totals: OrderTotals): TotalRow[] {
  const rows = totalRows(totals);
  return totals.shippingHTCents === 0 ? rows.filter((row) => row.label !== 'Sous-total HT' && row.label !== 'Livraison HT') : rows;
}

/** The number of a version: the request's reference, then « -2 », « -3 »… for revisions. */
export const devisNumber = (reference: string, version: number): string => (version <= 1 ? reference : `${reference}-${version}`);

/** A line's total HT after its discount. */
export const devisLineTotalHTCents = (line: DevisLine): number =>
  lineTotalHTCents({ unitHTCents: line.unitPriceHTCents, quantity: line.quantity, discountBasisPoints: line.discountBasisPoints });

/** The totals of a devis: the cart's own computation, with its discounts and stated shipping. */
export function devisTotals(draft: Pick<DevisDraft, 'lines' | 'shippingHTCents' | 'territory'>): OrderTotals {
  return orderTotals(
    draft.lines.map((line) => ({ unitHTCents: line.unitPriceHTCents, quantity: line.quantity, discountBasisPoints: line.discountBasisPoints })),
    draft.territory,
    { shippingHTCents: draft.shippingHTCents },
  );
}

/** The store's shipping rule for lines (the editor's default shipping). */
export const defaultShippingHTCents = (lines: readonly DevisLine[]): number =>
  lines.length === 0 ? 0 : shippingHTCents(lines.reduce((sum, line) => sum + devisLineTotalHTCents(line), 0));

/** A new draft from lines: the store's shipping rule, the default validity and conditions. */
export function newDraft(lines: DevisLine[], territory: TerritoryId | '' = ''): DevisDraft {
  return {
    lines,
    shippingHTCents: defaultShippingHTCents(lines),
    territory: territory || DEFAULT_TERRITORY,
    validityDays: DEFAULT_VALIDITY_DAYS,
    paymentTerms: DEFAULT_PAYMENT_TERMS,
    deliveryTerms: DEFAULT_DELIVERY_TERMS,
    customerAddress: '',
  };
}

/** The calendar day (YYYY-MM-DD) of an instant in Martinique. */
export const martiniqueDay = (date: Date): string => localDay(date);

/** The last day a devis sent at `sentAt` holds: its day in Martinique plus the validity. */
export function validUntilDay(sentAt: Date, validityDays: number): string {
  const [year, month, day] = martiniqueDay(sentAt).split('-').map(Number) as [number, number, number];
  return isoDay(new Date(Date.UTC(year, month - 1, day + validityDays)));
}

/** The instant a devis stops holding: the end of its last day in Martinique (UTC−4, no daylight saving). */
export const expiresAt = (validUntil: string): Date => new Date(`${validUntil}T23:59:59.999-04:00`);

/** « 23/12/2026 » for a YYYY-MM-DD day. */
export const formatDay = (day: string): string => day.split('-').reverse().join('/');

/**
 * The first line of an answer's proof in the answered PDF, in the devis' territory's time: « Accepté en
 * ligne le … à … par NOM (QUALITÉ) » or « Refusé le … à … ».
 */
export const answerLine = (answer: DevisAnswer, territory: TerritoryId): string =>
  answer.decision === 'accepte' ? `Accepté en ligne le ${moment(answer.at, territory)} par ${answer.name} (${answer.role})` : `Refusé le ${moment(answer.at, territory)}`;

// ---- Validation (browser and server) ----

/** A text of the devis: one line (a name, a role, a reference) or several (conditions, a reason). */
const text = (max: number, label: string, kind: TextKind, required = true) =>
  (kind === 'lines' ? lines : line)({
    label,
    max,
    min: required ? 1 : 0,
    messages: { missing: `${label}\u00a0: texte attendu.`, notText: `${label}\u00a0: texte attendu.`, empty: requiredMessage(label), tooLong: `${label}\u00a0: ${max.toLocaleString('fr-FR')} caractères au plus.` },
  });

/** An integer within bounds; `range` says the bounds as the administrator types them (euros, percent). */
const integer = (label: string, min: number, max: number, range = `entre ${min.toLocaleString('fr-FR')} et ${max.toLocaleString('fr-FR')}`) =>
  z
    .number({ error: `${label}\u00a0: nombre attendu.` })
    .refine((value) => Number.isInteger(value), `${label}\u00a0: nombre entier attendu.`)
    .refine((value) => value >= min && value <= max, `${label}\u00a0: ${range}.`);

const euros = (cents: number): string => `${(cents / 100).toLocaleString('fr-FR')}\u00a0€`;

const lineSchema = z.object({
  reference: text(DEVIS_LIMITS.reference, 'Référence', 'line', false),
  designation: text(DEVIS_LIMITS.designation, 'Désignation', 'line'),
  quantity: integer('Quantité', 1, DEVIS_LIMITS.quantity),
  unitPriceHTCents: integer('Prix unitaire HT', 0, DEVIS_LIMITS.unitPriceHTCents, `de 0 à ${euros(DEVIS_LIMITS.unitPriceHTCents)}`),
  discountBasisPoints: integer('Remise', 0, 10_000, 'de 0 à 100\u00a0%'),
});

export const draftSchema = z.object({
  lines: z.array(lineSchema).min(1, 'Le devis doit compter au moins une ligne.').max(DEVIS_LIMITS.lines, `Un devis compte ${DEVIS_LIMITS.lines} lignes au plus.`),
  shippingHTCents: integer('Livraison HT', 0, DEVIS_LIMITS.shippingHTCents, `de 0 à ${euros(DEVIS_LIMITS.shippingHTCents)}`),
  territory: z.enum(TERRITORIES.map((territory) => territory.id) as [TerritoryId, ...TerritoryId[]], { error: 'Territoire de livraison inconnu.' }),
  validityDays: integer('Validité', 1, DEVIS_LIMITS.validityDays, `de 1 à ${DEVIS_LIMITS.validityDays} jours`),
  paymentTerms: text(DEVIS_LIMITS.terms, 'Conditions de paiement', 'lines'),
  deliveryTerms: text(DEVIS_LIMITS.terms, 'Conditions de livraison', 'lines'),
  customerAddress: text(DEVIS_LIMITS.customerAddress, 'Adresse du client', 'lines', false).optional().default(''),
});

/** The body that carries a draft (« Enregistrer », « Envoyer le devis »): `{ draft }`. */
export const draftBodySchema = z.object({ draft: draftSchema });

/** A refusal: the French sentence and, per field (`lines.2.quantity`), what is wrong. */
export interface DevisFailure {
  success: false;
  error: string;
  fields: Record<string, string>;
}

function failureOf(issues: readonly z.core.$ZodIssue[], error: string): DevisFailure {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return { success: false, error, fields };
}

/** Checks a draft: the draft as it will be stored (texts trimmed), or what is wrong. */
export function validateDraft(body: unknown): { ok: true; draft: DevisDraft } | { ok: false; failure: DevisFailure } {
  const result = draftSchema.safeParse(body);
  if (result.success) return { ok: true, draft: result.data };
  return { ok: false, failure: failureOf(result.error.issues, 'Le devis contient des erreurs\u00a0: corrigez les champs signalés.') };
}

/** A customer's answer to a devis (« Accepter » with name, role and « Bon pour accord », or « Refuser » with a reason). */
export const answerSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('accepte'),
    name: text(DEVIS_LIMITS.name, ANSWER_LABELS.name, 'line'),
    role: text(DEVIS_LIMITS.role, ANSWER_LABELS.role, 'line'),
    bonPourAccord: z.literal(true, { error: BON_POUR_ACCORD_MISSING }),
  }),
  z.object({
    decision: z.literal('refuse'),
    reason: text(DEVIS_LIMITS.reason, ANSWER_LABELS.reason, 'lines', false).optional().default(''),
  }),
], { error: 'Réponse inconnue\u00a0: accepter ou refuser.' });

export type AnswerInput = { decision: 'accepte'; name: string; role: string } | { decision: 'refuse'; reason: string };

/** Checks a customer's answer. */
export function validateAnswer(body: unknown): { ok: true; answer: AnswerInput } | { ok: false; failure: DevisFailure } {
  const result = answerSchema.safeParse(body);
  if (!result.success) return { ok: false, failure: failureOf(result.error.issues, 'La réponse contient des erreurs\u00a0: corrigez les champs signalés.') };
  const data = result.data;
  return { ok: true, answer: data.decision === 'accepte' ? { decision: 'accepte', name: data.name, role: data.role } : { decision: 'refuse', reason: data.reason } };
}

/** The administrator's reason for voiding an acceptance. */
export const voidSchema = z.object({ reason: text(DEVIS_LIMITS.reason, 'Motif de l’annulation', 'lines') }, { error: 'Motif de l’annulation\u00a0: à renseigner.' });

/** Checks the administrator's reason for voiding an acceptance (required). */
export function validateVoidReason(body: unknown): { ok: true; reason: string } | { ok: false; failure: DevisFailure } {
  const result = voidSchema.safeParse(body);
  if (!result.success) return { ok: false, failure: failureOf(result.error.issues, 'Indiquez le motif de l’annulation.') };
  return { ok: true, reason: result.data.reason };
}

// ---- Amounts typed in the editor ----

/** Cents from a French amount as typed (« 1 234,5 », « 12.50 », « 12 € »); undefined when unreadable. */
export function parseEuros(value: string): number | undefined {
  const cleaned = value.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}

/** Basis points from a percentage as typed (« 12,5 », « 5 % »); undefined when unreadable. */
export function parsePercent(value: string): number | undefined {
  const cleaned = value.replace(/[\s\u00a0\u202f%]/g, '').replace(',', '.');
  if (cleaned === '') return 0;
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}

/** « 1 234,50 » for cents (the editor's input value, without the € sign). */
export const centsInput = (cents: number): string => (cents / 100).toFixed(2).replace('.', ',');

/** « 12,5 » for basis points. */
export const percentInput = (basisPoints: number): string => String(basisPoints / 100).replace('.', ',');

/** « 12,5 % » for basis points ('' for none). */
export const percentLabel = (basisPoints: number): string => (basisPoints === 0 ? '' : `${percentInput(basisPoints)}\u00a0%`);
