/**
 * The filters and counters of the inbox, read from the one table of statuses (src/lib/statuses.ts):
 * a status added there gets its badge, select option, counter and filter here without another line.
 */
import { COUNTED_DEVIS_STATES, type DevisState } from '../../lib/devis-states';
import { STATUSES, statusOf, type RequestStatus } from '../../lib/statuses';
import type { RequestCounts } from '../contact/request';

/** One filter button: '' is « Tous », every request, archived ones included. */
export interface FilterOption {
  value: RequestStatus | '';
  label: string;
}

/** The filter buttons, in order: « Tous », then each status offered as a filter, by its plural label. */
export const FILTERS: readonly FilterOption[] = [
  { value: '', label: 'Tous' },
  ...STATUSES.filter((status) => status.filter).map((status) => ({ value: status.value, label: status.plural })),
];

/** One counter of the dashboard. */
export interface Counter {
  key: keyof RequestCounts;
  label: string;
  tone?: string;
}

/** The counters, in order: « Total », then each counted status, by its plural label and tone. */
export const COUNTERS: readonly Counter[] = [
  { key: 'total', label: 'Total' },
  ...STATUSES.filter((status) => status.counted).map((status) => ({ key: status.value, label: status.plural, tone: status.tone })),
];

/** The label of a status (badge, select option, history, CSV). */
export const statusLabel = (value: RequestStatus): string => statusOf(value)?.label ?? value;

/** The badge tone of a status (a class suffix). */
export const statusTone = (value: RequestStatus): string => statusOf(value)?.tone ?? 'grey';

/** The label of a filter (« Tous » or a plural label). */
export const filterLabel = (value: RequestStatus | ''): string => FILTERS.find((filter) => filter.value === value)?.label ?? 'Tous';

/** One devis filter button: '' is every request, whatever its devis. */
export interface DevisFilterOption {
  value: DevisState | '';
  label: string;
}

/** The devis filters, read from the one table of devis states: « Tous », then each counted state. */
export const DEVIS_FILTERS: readonly DevisFilterOption[] = [
  { value: '', label: 'Tous' },
  ...COUNTED_DEVIS_STATES.map((state) => ({ value: state.value, label: state.plural.replace(/^Devis /, '').replace(/^./, (first) => first.toUpperCase()) })),
];

/** The devis counters (requests by the state of their last devis), by plural label and tone. */
export const DEVIS_COUNTERS: readonly { key: DevisState; label: string; tone: string }[] = COUNTED_DEVIS_STATES.map((state) => ({ key: state.value, label: state.plural, tone: state.tone }));
