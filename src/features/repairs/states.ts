/**
 * The workshop's repair orders: their states in one table — stored ids, French labels, badge tones, which
 * ones still count as « in the workshop », the e-mail each sends to the customer, the optional target of
 * time in a state (business days on the tickets' clock) — and the moves allowed between them, with the
 * rule that a repair out of warranty needs an accepted devis before « En réparation ». Pure and shared by
 * the server, the admin's board and the customers' space.
 */

/** Badge colours, the same set as the tickets'. */
export type RepairTone = 'red' | 'amber' | 'green' | 'grey' | 'blue';

/** The e-mails a state sends to the customer when a repair enters it (none: nothing to tell). */
export type RepairMail = 'recu' | 'pret' | 'expedie';

/** One state of a repair order. */
export interface RepairStateDefinition {
  id: string;
  label: string;
  plural: string;
  tone: RepairTone;
  /** The device is still expected or in the workshop: the board shows it, the clock runs. */
  open: boolean;
  /** The e-mail the customer gets when the repair enters this state. */
  mail: RepairMail | null;
  /** How long a repair should stay in this state at most, in business days (the board flags it « En retard »). */
  targetDays: number | null;
}

/** The states, in the order a repair goes through them (the board's columns, the order the admin offers them). */
export const REPAIR_STATES = [
  { id: 'attendu', label: 'Attendu', plural: 'Attendus', tone: 'grey', open: true, mail: null, targetDays: 5 },
  { id: 'recu', label: 'Reçu à l’atelier', plural: 'Reçus à l’atelier', tone: 'red', open: true, mail: 'recu', targetDays: 1 },
  { id: 'diagnostic', label: 'Diagnostic', plural: 'En diagnostic', tone: 'blue', open: true, mail: null, targetDays: 2 },
  // The devis' own e-mail (its PDF and its link, from the devis machinery) tells the customer there is a devis to answer.
  { id: 'devis_envoye', label: 'Devis envoyé', plural: 'Devis envoyés', tone: 'amber', open: true, mail: null, targetDays: 10 },
  { id: 'en_reparation', label: 'En réparation', plural: 'En réparation', tone: 'blue', open: true, mail: null, targetDays: 3 },
  { id: 'attente_pieces', label: 'En attente de pièces', plural: 'En attente de pièces', tone: 'amber', open: true, mail: null, targetDays: 15 },
  { id: 'repare', label: 'Réparé', plural: 'Réparés', tone: 'green', open: true, mail: null, targetDays: 1 },
  { id: 'non_reparable', label: 'Non réparable', plural: 'Non réparables', tone: 'grey', open: true, mail: null, targetDays: 1 },
  { id: 'devis_refuse', label: 'Devis refusé', plural: 'Devis refusés', tone: 'grey', open: true, mail: null, targetDays: 1 },
  { id: 'pret_a_retirer', label: 'Prêt à retirer', plural: 'Prêts à retirer', tone: 'green', open: true, mail: 'pret', targetDays: 10 },
  { id: 'expedie', label: 'Expédié', plural: 'Expédiés', tone: 'green', open: true, mail: 'expedie', targetDays: 5 },
  { id: 'restitue', label: 'Restitué', plural: 'Restitués', tone: 'grey', open: false, mail: null, targetDays: null },
] as const satisfies readonly RepairStateDefinition[];

export type RepairState = (typeof REPAIR_STATES)[number]['id'];

/** How long a restituted repair stays in the board's « Restitués », in days (older ones are found by the search). */
export const RESTITUTED_SHOWN_DAYS = 30;

/** Whether a value is a repair state. */
export const isRepairState = (value: unknown): value is RepairState => REPAIR_STATES.some((state) => state.id === value);

/** The definition of a state. */
export const repairStateOf = (id: RepairState): RepairStateDefinition => REPAIR_STATES.find((state) => state.id === id)!;

/** Who pays: the three warranties a device comes in under. */
export const WARRANTIES = [
  { id: 'contrat', label: 'Sous contrat' },
  { id: 'constructeur', label: 'Garantie constructeur' },
  { id: 'hors_garantie', label: 'Hors garantie' },
] as const;

export type Warranty = (typeof WARRANTIES)[number]['id'];

export const isWarranty = (value: unknown): value is Warranty => WARRANTIES.some((warranty) => warranty.id === value);

export const warrantyLabel = (id: Warranty): string => WARRANTIES.find((warranty) => warranty.id === id)!.label;

/** Where the repair's devis stands: none sent, awaiting the customer's answer, accepted, refused (or expired, replaced). */
export type RepairDevisState = 'aucun' | 'envoye' | 'accepte' | 'refuse';

/** What a move may depend on: the warranty, the devis, and whether the counter's reception makes it. */
export interface RepairFacts {
  warranty: Warranty;
  devis: RepairDevisState;
  /** The move is the reception at the counter (the deposit slip signed), not a click on the repair's page. */
  reception?: boolean;
}

/** One allowed move. Only the workshop moves a repair (technicians of its territory, administrators: the « repairs.write » permission). */
interface RepairRule {
  from: RepairState;
  to: RepairState;
  /** An extra condition; absent: always allowed. */
  when?: 'reception' | 'devis_envoye' | 'devis_accepte_hors_garantie' | 'devis_refuse';
}

/**
 * The allowed moves, one per line; anything not listed is refused. « Restitué » is final. « Reçu à
 * l'atelier » is entered by the reception at the counter (its slip signed), « Devis envoyé » by sending the
 * repair's devis (the devis machinery): neither by hand.
 */
const TRANSITIONS: readonly RepairRule[] = [
  // The device arrives at the counter (the deposit slip is made then).
  { from: 'attendu', to: 'recu', when: 'reception' },
  { from: 'recu', to: 'diagnostic' },
  // After the diagnosis: a devis, the repair itself (under warranty or contract), parts, or nothing to do.
  { from: 'diagnostic', to: 'devis_envoye', when: 'devis_envoye' },
  { from: 'diagnostic', to: 'en_reparation', when: 'devis_accepte_hors_garantie' },
  { from: 'diagnostic', to: 'attente_pieces', when: 'devis_accepte_hors_garantie' },
  { from: 'diagnostic', to: 'non_reparable' },
  // The customer answered the devis (from their space or its link).
  { from: 'devis_envoye', to: 'en_reparation', when: 'devis_accepte_hors_garantie' },
  { from: 'devis_envoye', to: 'devis_refuse', when: 'devis_refuse' },
  { from: 'devis_envoye', to: 'non_reparable' },
  { from: 'en_reparation', to: 'attente_pieces' },
  { from: 'en_reparation', to: 'repare' },
  { from: 'en_reparation', to: 'non_reparable' },
  { from: 'attente_pieces', to: 'en_reparation' },
  { from: 'attente_pieces', to: 'non_reparable' },
  // The device goes back, repaired or not: collected at the counter or shipped.
  { from: 'repare', to: 'pret_a_retirer' },
  { from: 'repare', to: 'expedie' },
  { from: 'non_reparable', to: 'pret_a_retirer' },
  { from: 'non_reparable', to: 'expedie' },
  { from: 'devis_refuse', to: 'pret_a_retirer' },
  { from: 'devis_refuse', to: 'expedie' },
  { from: 'pret_a_retirer', to: 'restitue' },
  { from: 'expedie', to: 'restitue' },
];

/** The sentence of each refused condition. */
const CONDITION_REFUSALS: Record<NonNullable<RepairRule['when']>, string> = {
  reception: 'Un appareil attendu passe à «\u00a0Reçu à l’atelier\u00a0» par sa réception au comptoir, qui fait signer le bon de dépôt\u00a0: réceptionnez-le depuis le comptoir de l’atelier.',
  devis_envoye: 'Envoyez le devis de réparation\u00a0: la réparation passe alors d’elle-même à «\u00a0Devis envoyé\u00a0».',
  devis_accepte_hors_garantie: 'Une réparation hors garantie ne commence qu’une fois son devis accepté par le client.',
  devis_refuse: 'Le devis n’a pas été refusé par le client\u00a0: «\u00a0Devis refusé\u00a0» attend sa réponse.',
};

function conditionHolds(rule: RepairRule, facts: RepairFacts): boolean {
  if (rule.when === 'reception') return facts.reception === true;
  if (rule.when === 'devis_envoye') return facts.devis === 'envoye';
  // Under contract or the maker's warranty, the work needs no devis; out of warranty, an accepted one.
  if (rule.when === 'devis_accepte_hors_garantie') return facts.warranty !== 'hors_garantie' || facts.devis === 'accepte';
  if (rule.when === 'devis_refuse') return facts.devis === 'refuse';
  return true;
}

/** The outcome of a requested move: allowed, or refused with the French sentence to show. */
export type RepairMoveCheck = { ok: true } | { ok: false; message: string };

/** Checks a move of a repair from one state to another, given its warranty and its devis. */
export function checkRepairMove(from: RepairState, to: RepairState, facts: RepairFacts): RepairMoveCheck {
  if (from === 'restitue') return { ok: false, message: 'Un appareil restitué ne change plus d’état.' };
  const rules = TRANSITIONS.filter((rule) => rule.from === from && rule.to === to);
  if (rules.length === 0) {
    return { ok: false, message: `Une réparation «\u00a0${repairStateOf(from).label}\u00a0» ne peut pas passer à «\u00a0${repairStateOf(to).label}\u00a0».` };
  }
  const held = rules.find((rule) => conditionHolds(rule, facts));
  if (held) return { ok: true };
  return { ok: false, message: CONDITION_REFUSALS[rules[0]!.when!] };
}

/** The states a repair may be moved to by hand now, in the table's order (« Reçu » is the reception's, « Devis envoyé » the devis'). */
export function nextRepairStates(from: RepairState, facts: Omit<RepairFacts, 'reception'>): RepairState[] {
  return REPAIR_STATES.map((state) => state.id).filter((to) => to !== 'devis_envoye' && to !== from && checkRepairMove(from, to, { ...facts, reception: false }).ok);
}

/** The states from which a repair devis may be sent: after the diagnosis, or again to replace the one awaiting an answer. */
export const DEVIS_FROM_STATES: readonly RepairState[] = ['diagnostic', 'devis_envoye'];
