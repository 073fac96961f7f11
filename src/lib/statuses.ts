/**
 * The statuses of a contact or quote request, in one table read by the functions, the admin island and
 * the CSV export: adding a status is one line here. Order = the order the admin offers them.
 */

/** One status: stored value, labels, badge tone, whether it has a counter and a filter button. */
export interface StatusDefinition {
  value: string;
  /** Singular label (badge, select option, CSV). */
  label: string;
  /** Plural label (counter, filter button). */
  plural: string;
  /** Badge colour. */
  tone: 'red' | 'amber' | 'green' | 'grey';
  /** Shown as a counter of the dashboard. */
  counted: boolean;
  /** Offered as a filter button. */
  filter: boolean;
}

export const STATUSES = [
  { value: 'nouveau', label: 'Nouveau', plural: 'Nouveaux', tone: 'red', counted: true, filter: true },
  { value: 'en_cours', label: 'En cours', plural: 'En cours', tone: 'amber', counted: true, filter: true },
  { value: 'traite', label: 'Traité', plural: 'Traités', tone: 'green', counted: true, filter: true },
  { value: 'archive', label: 'Archivé', plural: 'Archivés', tone: 'grey', counted: true, filter: true },
] as const satisfies readonly StatusDefinition[];

export type RequestStatus = (typeof STATUSES)[number]['value'];

/** The stored values, in order. */
export const REQUEST_STATUSES = STATUSES.map((status) => status.value) as readonly RequestStatus[];

/** The status a new request gets. */
export const INITIAL_STATUS: RequestStatus = 'nouveau';

/** Whether a value is a status. */
export const isRequestStatus = (value: unknown): value is RequestStatus => STATUSES.some((status) => status.value === value);

/** The definition of a status. */
export const statusOf = (value: RequestStatus): StatusDefinition => STATUSES.find((status) => status.value === value)!;
