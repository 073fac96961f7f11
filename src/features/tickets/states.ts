/**
 * The after-sales tickets' states and impacts, in one table read by the functions, the admin (badges,
 * filters, counters) and the customers' space: their stored ids, French labels and badge tones, who may
 * move a ticket from one state to another, the service-level targets of each impact and the states that
 * stop the clock. Pure and shared by server and browser (no holiday data here: that is clock.ts).
 */
import { lifetimeMs } from '../../lib/lifetimes.ts';

/** Badge colours, the same set as the requests' statuses and the devis states. */
export type TicketTone = 'red' | 'amber' | 'green' | 'grey' | 'blue';

/** One state: stored id, labels, badge tone, and what it means for the clock. */
export interface TicketStateDefinition {
  id: string;
  /** Singular label (badge, select option, history). */
  label: string;
  /** Plural label (counter, filter button). */
  plural: string;
  tone: TicketTone;
  /** The service-level clock stands still while a ticket is in this state (it waits for the customer). */
  pausesClock: boolean;
  /** The ticket is still being worked on: it has a resolution target to meet, and counts as open. */
  open: boolean;
  /** The ticket is closed: it takes no message to or from its customer, no change of impact or assignee (an internal note still may be written), and its retention runs. */
  closed: boolean;
}

/** The states, in the order a ticket goes through them (the order the admin offers them). */
export const TICKET_STATES = [
  { id: 'nouveau', label: 'Nouveau', plural: 'Nouveaux', tone: 'red', pausesClock: false, open: true, closed: false },
  { id: 'pris_en_charge', label: 'Pris en charge', plural: 'Pris en charge', tone: 'blue', pausesClock: false, open: true, closed: false },
  { id: 'en_intervention', label: 'En intervention', plural: 'En intervention', tone: 'amber', pausesClock: false, open: true, closed: false },
  { id: 'en_attente_client', label: 'En attente client', plural: 'En attente client', tone: 'grey', pausesClock: true, open: true, closed: false },
  { id: 'resolu', label: 'Résolu', plural: 'Résolus', tone: 'green', pausesClock: false, open: false, closed: false },
  { id: 'clos', label: 'Clos', plural: 'Clos', tone: 'grey', pausesClock: false, open: false, closed: true },
] as const satisfies readonly TicketStateDefinition[];

export type TicketState = (typeof TICKET_STATES)[number]['id'];

/** The state a new ticket gets. */
export const INITIAL_TICKET_STATE: TicketState = 'nouveau';

/** Whether a value is a ticket state. */
export const isTicketState = (value: unknown): value is TicketState => TICKET_STATES.some((state) => state.id === value);

/** The definition of a state. */
export const ticketStateOf = (id: TicketState): TicketStateDefinition => TICKET_STATES.find((state) => state.id === id)!;

/** Whether a ticket in this state is closed (the one check: no message, no change but an internal note). */
export const ticketClosed = (state: TicketState): boolean => ticketStateOf(state).closed;

/**
 * Service-level targets, in business minutes from the opening: « prise en charge » (someone has taken the
 * ticket) and « résolution ». Business hours are defined by clock.ts.
 */
export interface SlaTargets {
  priseEnCharge: number;
  resolution: number;
}

/** One impact: stored id, short label (badge), the choice the customer reads, badge tone, its targets. */
export interface TicketImpactDefinition {
  id: string;
  /** Short label (badge, filter, list). */
  label: string;
  /** The words of the choice in « Déclarer une panne ». */
  description: string;
  tone: TicketTone;
  targets: SlaTargets;
}

const HOUR = 60;

/** The impacts, most urgent first (the order the form offers them). */
export const TICKET_IMPACTS = [
  {
    id: 'bloquant',
    label: 'Bloquant',
    description: 'Bloquant — encaissement ou activité à l’arrêt',
    tone: 'red',
    targets: { priseEnCharge: 2 * HOUR, resolution: 8 * HOUR },
  },
  {
    id: 'degrade',
    label: 'Dégradé',
    description: 'Dégradé',
    tone: 'amber',
    targets: { priseEnCharge: 8 * HOUR, resolution: 24 * HOUR },
  },
  {
    id: 'question',
    label: 'Question ou demande',
    description: 'Question ou demande',
    tone: 'blue',
    targets: { priseEnCharge: 16 * HOUR, resolution: 40 * HOUR },
  },
] as const satisfies readonly TicketImpactDefinition[];

export type TicketImpact = (typeof TICKET_IMPACTS)[number]['id'];

/** Whether a value is an impact. */
export const isTicketImpact = (value: unknown): value is TicketImpact => TICKET_IMPACTS.some((impact) => impact.id === value);

/** The definition of an impact. */
export const ticketImpactOf = (id: TicketImpact): TicketImpactDefinition => TICKET_IMPACTS.find((impact) => impact.id === id)!;

/** The two targets, in the order they fall due, with their French labels. */
export const SLA_TARGETS = [
  { id: 'priseEnCharge', label: 'Prise en charge' },
  { id: 'resolution', label: 'Résolution' },
] as const satisfies readonly { id: keyof SlaTargets; label: string }[];

export type SlaTarget = (typeof SLA_TARGETS)[number]['id'];

/**
 * How long a « Résolu » ticket stays open to its customer: within this time they may reopen it; once it
 * has passed, the daily job closes it. Calendar time, not business hours (the lifetimes table's
 * `resolvedTicketGrace`).
 */
export const RESOLVED_GRACE_MS = /* @__PURE__ */ lifetimeMs('resolvedTicketGrace');

/** Who moves a ticket: the company's staff, the customer (a person of the company), or the daily job. */
export type TicketActor = 'staff' | 'client' | 'systeme';

/** The facts a transition may depend on: the instant of the move and when the ticket was last resolved. */
export interface TransitionContext {
  at: Date;
  /** When the ticket entered « Résolu » for the last time (null if it never did). */
  resolvedAt?: Date | null;
}

interface TransitionRule {
  from: TicketState;
  to: TicketState;
  by: TicketActor;
  /** An extra condition on the instant; absent: always allowed. */
  when?: 'within_grace' | 'after_grace';
}

/**
 * The allowed moves, one per line; anything not listed is refused. « Nouveau » is only ever the first
 * state; « Clos » is final.
 */
const TRANSITIONS: readonly TransitionRule[] = [
  // Staff work the ticket: take it, go on site, ask the customer, resolve it, in whatever order the case needs.
  { from: 'nouveau', to: 'pris_en_charge', by: 'staff' },
  { from: 'nouveau', to: 'en_intervention', by: 'staff' },
  { from: 'nouveau', to: 'en_attente_client', by: 'staff' },
  { from: 'nouveau', to: 'resolu', by: 'staff' },
  { from: 'pris_en_charge', to: 'en_intervention', by: 'staff' },
  { from: 'pris_en_charge', to: 'en_attente_client', by: 'staff' },
  { from: 'pris_en_charge', to: 'resolu', by: 'staff' },
  { from: 'en_intervention', to: 'pris_en_charge', by: 'staff' },
  { from: 'en_intervention', to: 'en_attente_client', by: 'staff' },
  { from: 'en_intervention', to: 'resolu', by: 'staff' },
  { from: 'en_attente_client', to: 'pris_en_charge', by: 'staff' },
  { from: 'en_attente_client', to: 'en_intervention', by: 'staff' },
  { from: 'en_attente_client', to: 'resolu', by: 'staff' },
  // Staff may take a resolved ticket up again, or close it before the job does (the customer confirmed).
  { from: 'resolu', to: 'pris_en_charge', by: 'staff' },
  { from: 'resolu', to: 'en_intervention', by: 'staff' },
  { from: 'resolu', to: 'clos', by: 'staff' },
  // The customer's answer ends the wait: the ticket goes back to the person who has it in charge.
  { from: 'en_attente_client', to: 'pris_en_charge', by: 'client' },
  // « Rouvrir »: the ticket was already taken in charge once, so it goes back to « Pris en charge ».
  { from: 'resolu', to: 'pris_en_charge', by: 'client', when: 'within_grace' },
  // The daily job closes what stayed resolved for the whole grace period.
  { from: 'resolu', to: 'clos', by: 'systeme', when: 'after_grace' },
];

/** Whether the grace period after « Résolu » is still running at `at` (false when never resolved). */
export function withinResolvedGrace(context: TransitionContext): boolean {
  if (!context.resolvedAt) return false;
  return context.at.getTime() - context.resolvedAt.getTime() < RESOLVED_GRACE_MS;
}

function conditionHolds(rule: TransitionRule, context: TransitionContext): boolean {
  if (rule.when === 'within_grace') return withinResolvedGrace(context);
  if (rule.when === 'after_grace') return Boolean(context.resolvedAt) && !withinResolvedGrace(context);
  return true;
}

/** The outcome of a requested move: allowed, or refused with the French sentence to show. */
export type TransitionCheck = { ok: true } | { ok: false; message: string };

/** Checks a move of a ticket from one state to another by an actor, at the context's instant. */
export function checkTransition(from: TicketState, to: TicketState, actor: TicketActor, context: TransitionContext): TransitionCheck {
  if (from === to) return { ok: false, message: `Le ticket est déjà «\u00a0${ticketStateOf(to).label}\u00a0».` };
  if (from === 'clos') return { ok: false, message: 'Un ticket clos ne change plus d’état.' };
  const rules = TRANSITIONS.filter((rule) => rule.from === from && rule.to === to && rule.by === actor);
  if (rules.some((rule) => conditionHolds(rule, context))) return { ok: true };
  if (actor === 'client' && from === 'resolu' && rules.length > 0) {
    return { ok: false, message: 'Ce ticket a été résolu il y a plus de 7 jours\u00a0: il ne peut plus être rouvert. Déclarez une nouvelle panne.' };
  }
  if (actor === 'systeme' && rules.length > 0) {
    return { ok: false, message: 'Ce ticket a été résolu il y a moins de 7 jours\u00a0: il reste ouvert à son client.' };
  }
  return { ok: false, message: `Un ticket «\u00a0${ticketStateOf(from).label}\u00a0» ne peut pas passer à «\u00a0${ticketStateOf(to).label}\u00a0».` };
}

/** Whether a move is allowed. */
export const canTransition = (from: TicketState, to: TicketState, actor: TicketActor, context: TransitionContext): boolean =>
  checkTransition(from, to, actor, context).ok;

/** The states an actor may move a ticket to from `from`, in the table's order (the choices to offer). */
export function nextStates(from: TicketState, actor: TicketActor, context: TransitionContext): TicketState[] {
  return TICKET_STATES.map((state) => state.id).filter((to) => canTransition(from, to, actor, context));
}

/** One entry of a ticket's state history: the state it entered and when. */
export interface StateChange {
  state: TicketState;
  at: Date;
}

/** An interval during which the clock stood still; `end` absent or null: it still does. */
export interface PausedInterval {
  start: Date;
  end?: Date | null;
}

/**
 * The intervals a ticket spent in a state that pauses the clock, from its state history (the opening's
 * state first, in the order of the changes).
 */
export function pausedIntervals(history: readonly StateChange[]): PausedInterval[] {
  const intervals: PausedInterval[] = [];
  let pausedSince: Date | null = null;
  for (const change of history) {
    const pauses = ticketStateOf(change.state).pausesClock;
    if (pauses && pausedSince === null) pausedSince = change.at;
    if (!pauses && pausedSince !== null) {
      intervals.push({ start: pausedSince, end: change.at });
      pausedSince = null;
    }
  }
  if (pausedSince !== null) intervals.push({ start: pausedSince, end: null });
  return intervals;
}
