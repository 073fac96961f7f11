/**
 * A workshop repair order and the API's answers about it, in one place for the functions, the admin and
 * the customers' space. The states are states.ts. A repair is one blob (netlify/lib/repairs/); the board
 * and the lists read summaries from an index; a company's loan devices are one blob per company.
 */
import { line, lines } from '../../records/text.ts';
import { z } from '../../records/zod.ts';
import { territoryIdSchema } from '../customers/model.ts';
import { ticketPhotoSchema } from '../tickets/model.ts';
import type { DevisDraft, TotalRow } from '../devis/devis.ts';
import { isRepairState, isWarranty, type RepairDevisState, type RepairState, type Warranty } from './states.ts';

export const repairStateSchema = z.custom<RepairState>(isRepairState, 'état inconnu');
export const warrantySchema = z.custom<Warranty>(isWarranty, 'Choisissez la garantie\u00a0: sous contrat, garantie constructeur ou hors garantie.');

/** Who did something: a staff member, a person of the company (a devis answer), or the daily job. */
export const repairAuthorSchema = z.object({ kind: z.enum(['staff', 'client', 'systeme']), id: z.string(), name: z.string() });
export type RepairAuthor = z.infer<typeof repairAuthorSchema>;

/** A PDF made once and kept (the deposit slip, its label): its size and SHA-256, printed on it and stored. */
export const keptFileSchema = z.object({ key: z.string(), bytes: z.number(), sha256: z.string() });

/** What the counter records when the device is handed over: its visible state, photos, the customer's signature. */
export const receptionSchema = z.object({
  at: z.string(),
  by: repairAuthorSchema,
  /** The visible state as described at the counter (« rayure sur l’écran, coque fendue »). */
  condition: z.string(),
  photos: z.array(ticketPhotoSchema),
  /** Who signed on the counter's screen. */
  signedBy: z.string(),
  /** SHA-256 of what the slip says (its facts and the signature's bytes), printed on it. */
  fingerprint: z.string(),
  slip: keptFileSchema,
  label: keptFileSchema,
});
export type Reception = z.infer<typeof receptionSchema>;

/** A part used in a repair: a catalogue product (its reference) or typed. */
export const repairPartSchema = z.object({ reference: z.string().nullable(), name: z.string(), quantity: z.number().int().positive() });

/**
 * The names of the report's two SHA-256, the same wherever they are printed: the content's (what the report
 * says, printed at its foot) and the file's (the PDF's bytes, given with the e-mail that attaches it).
 */
export const REPORT_FINGERPRINT_NAMES = { content: 'Empreinte SHA-256 du contenu du rapport', file: 'Empreinte SHA-256 du fichier PDF' } as const;

/**
 * The final report « Réparé » records: the work, the parts, the tests made before the device goes back; its
 * PDF (« Rapport de réparation ») made then, once, with the SHA-256 of what it says (printed on it).
 */
export const repairReportSchema = z.object({
  at: z.string(),
  by: repairAuthorSchema,
  work: z.string(),
  parts: z.array(repairPartSchema),
  tests: z.string(),
  fingerprint: z.string().optional(),
  pdf: keptFileSchema.optional(),
});
export type RepairReport = z.infer<typeof repairReportSchema>;

/** One entry of a repair's history. */
export const repairChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('etat'),
    from: repairStateSchema.nullable(),
    to: repairStateSchema,
    at: z.string(),
    by: repairAuthorSchema,
    /** Why it moved by itself (« Devis … accepté dans l’espace client par … »), when it did. */
    because: z.string().optional(),
  }),
  z.object({ kind: z.literal('note'), text: z.string(), at: z.string(), by: repairAuthorSchema }),
]);

/** A loan device lent against the repair. */
export const repairLoanSchema = z.object({ deviceId: z.string(), model: z.string(), serial: z.string(), lentAt: z.string(), returnedAt: z.string().nullable() });
export type RepairLoan = z.infer<typeof repairLoanSchema>;


/** A repair order. */
export const repairSchema = z.object({
  id: z.string(),
  /** RP-2026-00001. */
  reference: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  territory: territoryIdSchema,
  /** From the company's equipment (its id) or typed (id null). */
  device: z.object({ equipmentId: z.string().nullable(), model: z.string(), serial: z.string() }),
  /** What was left with the device (« chargeur, câble USB »). */
  accessories: z.string(),
  /** The fault as the customer reported it. */
  fault: z.string(),
  warranty: warrantySchema,
  /** Where it was opened: at the counter, from a ticket (« Envoyer à l'atelier »), from the company's page. */
  origin: z.enum(['comptoir', 'ticket', 'societe']),
  ticketId: z.string().nullable(),
  state: repairStateSchema,
  /** When the repair entered its state (the board's « overdue »). */
  stateSince: z.string(),
  openedAt: z.string(),
  openedBy: repairAuthorSchema,
  /** When the device arrived at the workshop (null while « Attendu »). */
  receivedAt: z.string().nullable(),
  reception: receptionSchema.nullable(),
  technician: z.object({ id: z.string(), name: z.string() }).nullable(),
  diagnosis: z.string(),
  /** The repair's devis: a quote request of the company, priced and sent with the devis machinery. */
  devis: z.object({ requestId: z.string(), number: z.string() }).nullable(),
  loan: repairLoanSchema.nullable(),
  report: repairReportSchema.nullable(),
  /** Who of the company gets the e-mails (the person who dropped the device, or the company's first person). */
  contactPersonId: z.string().nullable(),
  history: z.array(repairChangeSchema),
  updatedAt: z.string(),
});
export type Repair = z.infer<typeof repairSchema>;

/** A repair as the board and the lists show it. */
export const repairSummarySchema = repairSchema
  .pick({ id: true, reference: true, companyId: true, companyName: true, territory: true, state: true, stateSince: true, openedAt: true, receivedAt: true, warranty: true, technician: true, updatedAt: true })
  .extend({ model: z.string(), serial: z.string(), onLoan: z.boolean() });
export type RepairSummary = z.infer<typeof repairSummarySchema>;

/** A board row at a given instant: days in the workshop, and whether its state's target has passed. */
export type RepairRow = RepairSummary & { days: number; late: boolean };

/** The board's answer: counts per state (open repairs of the person's territories, and those restituted lately), the page of rows. */
export interface RepairBoardAnswer {
  success: true;
  counts: Record<RepairState, number>;
  late: number;
  rows: RepairRow[];
  page: number;
  pages: number;
  total: number;
}

/** A loan device of a company's pool. */
export const loanDeviceSchema = z.object({
  id: z.string(),
  model: z.string(),
  serial: z.string(),
  state: z.enum(['disponible', 'prete', 'hors_service']),
  /** Its loans, oldest first. */
  loans: z.array(z.object({ repairId: z.string(), reference: z.string(), lentAt: z.string(), returnedAt: z.string().nullable() })),
});
export type LoanDevice = z.infer<typeof loanDeviceSchema>;

export const LOAN_DEVICE_STATES = { disponible: 'Disponible', prete: 'Prêté', hors_service: 'Hors service' } as const;

/** The staff's view of a repair: the record, its devis' state and last version, the moves allowed now, who may be its technician, the company's loan devices. */
export interface StaffRepair {
  repair: Repair;
  devisState: RepairDevisState;
  /** The repair's devis as last sent (its lines, for the page's read-only view and the report's parts), or null. */
  sentDevis: { number: string; version: number; sentAt: string; validUntil: string; draft: Pick<DevisDraft, 'lines' | 'shippingHTCents' | 'territory'> } | null;
  /** The people the repair may be given to: its territory's assignable people (the roles table), by name. */
  technicians: Array<{ id: string; name: string }>;
  nextStates: RepairState[];
  mayWrite: boolean;
  loanDevices: LoanDevice[];
  company: { id: string; name: string; clientCode: string } | null;
}

/** A repair as its customer reads it: no technician's id, no internal note, the devis to answer. */
export interface CustomerRepair {
  id: string;
  reference: string;
  /** Its times are written in this territory's time, as on the staff's screen and the slip. */
  territory: Repair['territory'];
  device: Repair['device'];
  accessories: string;
  fault: string;
  warranty: Warranty;
  state: RepairState;
  openedAt: string;
  receivedAt: string | null;
  /** The states it went through, with their dates. */
  steps: Array<{ state: RepairState; at: string }>;
  diagnosis: string;
  /** The devis to answer from « Mes devis » (the existing answer path): the request and the last version. */
  devis: { requestId: string; number: string; version: number; state: RepairDevisState; answerable: boolean; totalTTC: string; totals: TotalRow[]; validUntil: string } | null;
  loan: RepairLoan | null;
  report: Pick<RepairReport, 'at' | 'work' | 'parts' | 'tests'> | null;
  hasSlip: boolean;
  /** The report's PDF is there to download. */
  hasReport: boolean;
}

// ---- Inputs (the forms and the functions validate with the same schemas) ----

// One-line fields (a model, a serial, a name, an id) and multi-line ones (a fault, a condition, a report's
// work) take the characters rule from the text builder: each reaches the slip, the label, the report PDF and
// the customer's e-mail.
const id = (label: string) => line({ label, max: 64 });
const text = (max: number, label: string) => line({ label, max });
const required = (max: number, label: string) => line({ label, max, min: 1 });
const requiredParagraph = (max: number, label: string) => lines({ label, max, min: 1 });

/** Opening a repair: the company, the device (its equipment or typed), accessories, fault, warranty, origin. */
export const openRepairInputSchema = z
  .object({
    companyId: required(64, 'Société'),
    equipmentId: id('Équipement').nullable().default(null),
    model: text(120, 'Modèle').default(''),
    serial: text(80, 'Numéro de série').default(''),
    accessories: text(500, 'Accessoires').default(''),
    fault: requiredParagraph(2000, 'Panne signalée'),
    warranty: warrantySchema,
    origin: z.enum(['comptoir', 'ticket', 'societe']).default('comptoir'),
    ticketId: id('Ticket').nullable().default(null),
    contactPersonId: id('Contact').nullable().default(null),
  })
  .refine((input) => input.equipmentId || input.model, { message: 'Modèle\u00a0: choisissez un équipement de la société ou saisissez le modèle.', path: ['model'] });
export type OpenRepairInput = z.infer<typeof openRepairInputSchema>;

/** The counter's reception: the visible state, the customer's name as signed (the photos and the signature travel beside). */
export const receptionInputSchema = z.object({
  condition: requiredParagraph(1000, 'État visible'),
  accessories: text(500, 'Accessoires').optional(),
  signedBy: required(100, 'Nom du signataire'),
});

/** A staff change of a repair: a move (with the report when « Réparé »), the diagnosis, the technician, a note. */
export const repairChangeInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('etat'), to: repairStateSchema }),
  z.object({
    action: z.literal('repare'),
    work: requiredParagraph(3000, 'Travail effectué'),
    tests: requiredParagraph(1500, 'Tests réalisés'),
    parts: z.array(z.object({ reference: text(60, 'Référence de la pièce').nullable(), name: required(200, 'Pièce'), quantity: z.number().int().min(1).max(999) })).max(50),
  }),
  z.object({ action: z.literal('diagnostic'), diagnosis: requiredParagraph(3000, 'Diagnostic') }),
  z.object({ action: z.literal('technicien'), technicianId: id('Technicien').nullable() }),
  z.object({ action: z.literal('note'), text: requiredParagraph(2000, 'Note') }),
]);
export type RepairChangeInput = z.infer<typeof repairChangeInputSchema>;

/** A device added to a company's loan pool. */
export const loanDeviceInputSchema = z.object({ model: required(120, 'Modèle'), serial: required(80, 'Numéro de série') });
