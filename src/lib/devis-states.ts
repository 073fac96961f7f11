/**
 * The states of a devis version, in one table read by the functions, the admin (badges, counters, the
 * inbox filter) and the customer's page: adding a state is one line here.
 */

export interface DevisStateDefinition {
  value: string;
  /** Singular label (badge, history). */
  label: string;
  /** Plural label (counter, filter button). */
  plural: string;
  /** Badge colour. */
  tone: 'red' | 'amber' | 'green' | 'grey' | 'blue';
  /** Shown as a counter and offered as a filter of the inbox. */
  counted: boolean;
}

export const DEVIS_STATES = [
  { value: 'envoye', label: 'Envoyé', plural: 'Devis envoyés', tone: 'blue', counted: true },
  { value: 'accepte', label: 'Accepté', plural: 'Devis acceptés', tone: 'green', counted: true },
  { value: 'refuse', label: 'Refusé', plural: 'Devis refusés', tone: 'red', counted: true },
  { value: 'expire', label: 'Expiré', plural: 'Devis expirés', tone: 'amber', counted: true },
  { value: 'remplace', label: 'Remplacé', plural: 'Devis remplacés', tone: 'grey', counted: false },
  // An acceptance the administrator voided (with a reason) so that a new version can be sent.
  { value: 'annule', label: 'Acceptation annulée', plural: 'Acceptations annulées', tone: 'grey', counted: false },
] as const satisfies readonly DevisStateDefinition[];

export type DevisState = (typeof DEVIS_STATES)[number]['value'];

/** Whether a value is a devis state. */
export const isDevisState = (value: unknown): value is DevisState => DEVIS_STATES.some((state) => state.value === value);

/** The definition of a state. */
export const devisStateOf = (value: DevisState): DevisStateDefinition => DEVIS_STATES.find((state) => state.value === value)!;

/** The states shown as counters and filters, in order. */
export const COUNTED_DEVIS_STATES = DEVIS_STATES.filter((state) => state.counted);
