/**
 * The staff's side of the tickets, shared by the functions and the admin screens: the list's filters and
 * their URL, the answers of /api/tickets (list with counters, a ticket, the statistics) as zod schemas, the
 * addresses of the API and the pages, and how time left reads (« 1 h 20 », « En retard de 35 min »).
 */
import { z } from '../../records/zod.ts';
import { forbiddenCharacterMessage } from '../../lib/characters.ts';
import { line, lines } from '../../records/text.ts';
import { API_BODY_LIMIT_BYTES } from '../../lib/constants.ts';
import { territoryIdSchema } from '../customers/model.ts';
import { equipmentSchema } from '../customers/model.ts';
import { TICKET_IMPACTS, TICKET_STATES, isTicketImpact, isTicketState, type TicketImpact, type TicketState } from './states.ts';
import { reportPartSchema, ticketSchema, ticketSummarySchema } from './model.ts';
import { DEFAULT_TERRITORY_FILTER, isTerritoryFilter, MINE_FILTER, type TerritoryFilter } from '../territory/inbox-filter.ts';

/** Tickets per page of the staff's list, by default and at most. */
export const TICKET_PAGE_SIZE = 50;
export const TICKET_PAGE_MAX = 100;

/** The staff list's filters. `state` '' lists every open ticket (neither « Résolu » nor « Clos »). */
export interface TicketFilter {
  state: TicketState | '';
  impact: TicketImpact | '';
  territory: TerritoryFilter;
  /** « Mes tickets »: assigned to the person signed in. */
  mine: boolean;
  /** « En retard »: past a due time. */
  late: boolean;
}

export const DEFAULT_TICKET_FILTER: TicketFilter = { state: '', impact: '', territory: DEFAULT_TERRITORY_FILTER, mine: false, late: false };

/** The query string of a filter, a cursor and a limit (defaults left out). */
export function ticketQuery(filter: TicketFilter, page: { cursor?: string | null; limit?: number } = {}): string {
  const query = new URLSearchParams();
  if (filter.state) query.set('etat', filter.state);
  if (filter.impact) query.set('impact', filter.impact);
  if (filter.territory !== DEFAULT_TERRITORY_FILTER) query.set('territoire', filter.territory);
  if (filter.mine) query.set('dossiers', MINE_FILTER);
  if (filter.late) query.set('retard', '1');
  if (page.cursor) query.set('cursor', page.cursor);
  if (page.limit) query.set('limit', String(page.limit));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The filter a query string asks for, or the French reason it cannot be read (field named). */
export function readTicketFilter(params: URLSearchParams): { ok: true; filter: TicketFilter } | { ok: false; field: string; error: string } {
  const state = params.get('etat') ?? '';
  if (state !== '' && !isTicketState(state)) return { ok: false, field: 'etat', error: `État invalide\u00a0: choisissez parmi ${TICKET_STATES.map((one) => one.id).join(', ')}.` };
  const impact = params.get('impact') ?? '';
  if (impact !== '' && !isTicketImpact(impact)) return { ok: false, field: 'impact', error: `Impact invalide\u00a0: choisissez parmi ${TICKET_IMPACTS.map((one) => one.id).join(', ')}.` };
  const territory = params.get('territoire') || DEFAULT_TERRITORY_FILTER;
  if (!isTerritoryFilter(territory)) return { ok: false, field: 'territoire', error: 'Territoire invalide\u00a0: choisissez parmi mes, tous, martinique, guadeloupe, guyane.' };
  const mine = params.get('dossiers') ?? '';
  if (mine !== '' && mine !== MINE_FILTER) return { ok: false, field: 'dossiers', error: `Filtre de dossiers invalide\u00a0: seule la valeur ${MINE_FILTER} existe.` };
  const late = params.get('retard') ?? '';
  if (late !== '' && late !== '1') return { ok: false, field: 'retard', error: 'Filtre «\u00a0En retard\u00a0» invalide\u00a0: seule la valeur 1 existe.' };
  return { ok: true, filter: { state: state as TicketFilter['state'], impact: impact as TicketFilter['impact'], territory, mine: mine === MINE_FILTER, late: late === '1' } };
}

/** Counters of the list, over the tickets the person may see in the chosen territories. */
export const ticketCountsSchema = z.object({
  /** Open tickets (neither « Résolu » nor « Clos »). */
  open: z.number(),
  late: z.number(),
  mine: z.number(),
  states: z.record(z.string(), z.number()),
  impacts: z.record(z.string(), z.number()),
});
export type TicketCounts = z.infer<typeof ticketCountsSchema>;

/** Open and late tickets of one territory. */
export const territoryCountSchema = z.object({ territory: territoryIdSchema, open: z.number(), late: z.number() });
export type TerritoryCount = z.infer<typeof territoryCountSchema>;

/** GET /api/tickets. */
export const ticketListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(ticketSummarySchema),
  counts: ticketCountsSchema,
  territories: z.array(territoryCountSchema),
  nextCursor: z.string().nullable(),
});
export type TicketListAnswer = z.infer<typeof ticketListAnswerSchema>;

/** A technician the ticket can be assigned to (active, of the ticket's territory). */
export const ticketAssigneeSchema = z.object({ id: z.string(), name: z.string() });

/** GET /api/tickets/:id (and every change's answer): the whole ticket, its figures, its company's equipment. */
export const staffTicketSchema = z.object({
  ticket: ticketSchema,
  due: ticketSummarySchema.shape.due,
  minutesLeft: z.number().nullable(),
  late: z.boolean(),
  company: z.object({ id: z.string(), name: z.string(), clientCode: z.string(), contractEndsOn: z.string().nullable() }).nullable(),
  equipment: equipmentSchema.nullable(),
  assignees: z.array(ticketAssigneeSchema),
  /** The states staff may move it to now. */
  nextStates: z.array(z.string()),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;
export const staffTicketAnswerSchema = z.object({ success: z.literal(true), data: staffTicketSchema });

/**
 * A staff change's idempotency key (a UUID made on the phone when the action is written, the same for every
 * send of it): the ticket applies one key once, and answers a resend with the ticket as it is.
 */
export const idempotencyKeySchema = z.uuid({ error: 'La clé d’envoi est invalide. Écrivez l’action à nouveau.' });

/**
 * Who held the ticket when the action was written on the phone (an account's id, or null: nobody): a ticket
 * given to someone else since refuses the action (409, the new holder named), so that what a technician
 * wrote offline for a visit is not filed on a colleague's ticket unseen. Absent: no such check (the office's
 * screens, or a refused action the person chose to send again).
 */
export const seenAssigneeSchema = line({ label: 'Personne assignée', max: 100, messages: { tooLong: 'La personne assignée lue sur le téléphone est invalide.', notText: 'La personne assignée lue sur le téléphone est invalide.', forbidden: () => 'La personne assignée lue sur le téléphone est invalide.' } }).nullable().optional();

/** PATCH /api/tickets/:id: one or more of a state, an impact, an assignee (null: nobody). */
export const ticketChangeBodySchema = z
  .object({
    state: z.custom<TicketState>(isTicketState, 'État inconnu.').optional(),
    impact: z.custom<TicketImpact>(isTicketImpact, 'Impact inconnu.').optional(),
    assignedTo: line({ label: 'Personne assignée', max: 100 }).nullable().optional(),
    idempotencyKey: idempotencyKeySchema.optional(),
    seenAssignee: seenAssigneeSchema,
  })
  .strict()
  .refine((body) => body.state !== undefined || body.impact !== undefined || body.assignedTo !== undefined, 'Indiquez l’état, l’impact ou la personne assignée.');
export type TicketChangeBody = z.infer<typeof ticketChangeBodySchema>;

/** The longest message of the thread. */
export const MESSAGE_MAX_LENGTH = 4000;

/** A staff message's text fields (the multipart form of POST /api/tickets/:id/messages). */
export const staffMessageSchema = z.object({
  kind: z.enum(['reponse', 'note'], { error: 'Choisissez «\u00a0Réponse au client\u00a0» ou «\u00a0Note interne\u00a0».' }),
  text: lines({
    label: 'Le message',
    max: MESSAGE_MAX_LENGTH,
    min: 1,
    messages: { missing: 'Écrivez le message.', notText: 'Écrivez le message.', tooLong: `Le message ne doit pas dépasser ${MESSAGE_MAX_LENGTH} caractères.`, forbidden: (found) => forbiddenCharacterMessage('Le message', found) },
  }),
  idempotencyKey: idempotencyKeySchema.optional(),
  // A form field is text: the empty one stands for nobody (null).
  seenAssignee: z.preprocess((value) => (value === '' ? null : value), seenAssigneeSchema),
});

/** The longest report text and intervention, and the most parts. */
export const REPORT_LIMITS = { workDone: 4000, minutes: 24 * 60 * 7, parts: 30, partName: 200 } as const;

/**
 * The customer's signature as it is sent: a PNG of at most this size in CSS pixels, whatever the screen's
 * pixel density (the pad's drawing scaled to fit, SignaturePad.tsx), so a 3× phone sends no more than a
 * laptop. Its data URL is at most SIGNATURE_DATA_URL_MAX characters: a dense signature at that size is a
 * few tens of kilobytes.
 */
export const SIGNATURE_SIZE = { width: 600, height: 200 } as const;
export const SIGNATURE_DATA_URL_MAX = 160_000;
/** The resolution's body limit: the report's text (64 KB holds its longest fields) plus the signature. */
export const RESOLUTION_BODY_LIMIT_BYTES = 64 * 1024 + SIGNATURE_DATA_URL_MAX;

/** A one-line text worded « Le nom du signataire ne doit pas dépasser 120 caractères. ». */
const sentenceLine = (subject: string, max: number, min: number, missing = `${subject} doit être renseigné.`) =>
  line({ label: subject, max, min, messages: { missing, notText: missing, tooLong: `${subject} ne doit pas dépasser ${max} caractères.`, forbidden: (found) => forbiddenCharacterMessage(subject, found) } });

/** POST /api/tickets/:id/resolution: the intervention report (the signature as a PNG data URL). */
export const resolutionBodySchema = z.object({
  workDone: lines({
    label: 'Le travail effectué',
    max: REPORT_LIMITS.workDone,
    min: 1,
    messages: { missing: 'Décrivez le travail effectué.', notText: 'Décrivez le travail effectué.', tooLong: `Le travail effectué ne doit pas dépasser ${REPORT_LIMITS.workDone} caractères.`, forbidden: (found) => forbiddenCharacterMessage('Le travail effectué', found) },
  }),
  minutes: z.number({ error: 'Indiquez le temps passé en minutes.' }).int('Le temps passé est un nombre entier de minutes.').min(1, 'Indiquez le temps passé en minutes.').max(REPORT_LIMITS.minutes, 'Le temps passé ne peut dépasser une semaine.'),
  parts: z
    .array(reportPartSchema.extend({ reference: sentenceLine('La référence d’une pièce', 60, 0).nullable(), name: sentenceLine('Le nom d’une pièce', REPORT_LIMITS.partName, 1, 'Nommez chaque pièce.'), quantity: z.number().int('La quantité est un nombre entier.').min(1, 'La quantité est au moins 1.').max(999, 'La quantité est au plus 999.') }))
    .max(REPORT_LIMITS.parts, `Au plus ${REPORT_LIMITS.parts} pièces.`),
  // One line, as the report PDF prints it: a CR LF + RLO forged a « Bon pour accord » line into a proof document.
  signedBy: sentenceLine('Le nom du signataire', 120, 0).nullable(),
  signature: line({
    label: 'La signature',
    max: SIGNATURE_DATA_URL_MAX,
    min: 1,
    pattern: { regex: /^data:image\/png;base64,[A-Za-z0-9+/=]*$/, message: 'La signature doit être une image PNG.' },
    messages: { missing: 'La signature doit être une image PNG.', notText: 'La signature doit être une image PNG.', tooLong: 'La signature est trop détaillée\u00a0: effacez-la et signez à nouveau.', forbidden: () => 'La signature doit être une image PNG.' },
  }).nullable(),
  idempotencyKey: idempotencyKeySchema.optional(),
  seenAssignee: seenAssigneeSchema,
});
export type ResolutionBody = z.infer<typeof resolutionBodySchema>;

/** One week of the chart: tickets opened that week whose « prise en charge » is decided, and how many in time. */
export const weekShareSchema = z.object({
  /** Monday of the week, YYYY-MM-DD (local time of the Antilles). */
  week: z.string(),
  /** Tickets whose target was met or missed (still running ones are not counted yet). */
  decided: z.number(),
  onTime: z.number(),
  /** onTime / decided in percent, rounded; null when nothing was decided. */
  percent: z.number().nullable(),
});
export type WeekShare = z.infer<typeof weekShareSchema>;
export const statisticsAnswerSchema = z.object({ success: z.literal(true), data: z.object({ weeks: z.array(weekShareSchema) }) });

/** POST /api/contact/:id/ticket: the company (and optionally its equipment, shop and impact) a request becomes a ticket of. */
export const ticketFromRequestBodySchema = z.object({
  companyId: line({ label: 'Société', max: 64, min: 1, messages: { missing: 'Choisissez la société.', notText: 'Choisissez la société.' } }),
  impact: z.custom<TicketImpact>(isTicketImpact, 'Choisissez l’impact.'),
  equipmentId: line({ label: 'Équipement', max: 64 }).nullable().optional(),
  shopId: line({ label: 'Magasin', max: 64 }).nullable().optional(),
});

/** The answer of POST /api/contact/:id/ticket: the ticket made (or already made by the same click). */
export const ticketFromRequestAnswerSchema = z.object({ success: z.literal(true), data: z.object({ id: z.string(), reference: z.string() }) });

const NBSP = '\u00a0';

/** Business minutes as « 1 h 20 min », « 35 min », « 2 heures ». */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest}${NBSP}min`;
  // Whole hours in words (« 2 heures »): « 2 h » alone reads like a time of day.
  if (rest === 0) return `${hours}${NBSP}${hours > 1 ? 'heures' : 'heure'}`;
  return `${hours}${NBSP}h${NBSP}${String(rest).padStart(2, '0')}${NBSP}min`;
}

/** What the list shows of the time left: « 1 h 20 », « En retard de 35 min », or « — » without a running target. */
export function timeLeftLabel(minutesLeft: number | null): { text: string; late: boolean } {
  if (minutesLeft === null) return { text: '—', late: false };
  if (minutesLeft < 0) return { text: `En retard de ${formatDuration(-minutesLeft)}`, late: true };
  return { text: formatDuration(minutesLeft), late: false };
}
