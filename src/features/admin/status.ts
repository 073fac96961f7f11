/**
 * Statuses, filters and counters of the admin list (SPEC.md §2 and §4, DECISIONS.md §17).
 */
import type { RequestStatus } from '../../lib/constants';
import type { ContactRequest } from '../contact/request';

/** Label of each status, as SPEC.md §4 gives them. */
export const STATUS_LABELS: Record<RequestStatus, string> = {
  nouveau: 'Nouveau',
  en_cours: 'En cours',
  traite: 'Traité',
  archive: 'Archivé',
};

/** Badge colour of each status (red, amber, green, grey), as a class suffix. */
export const STATUS_TONES: Record<RequestStatus, 'red' | 'amber' | 'green' | 'grey'> = {
  nouveau: 'red',
  en_cours: 'amber',
  traite: 'green',
  archive: 'grey',
};

/** The filter buttons, in order; « Tous » shows every request, archived ones included. */
export const FILTERS = [
  { value: 'tous', label: 'Tous' },
  { value: 'nouveau', label: 'Nouveaux' },
  { value: 'en_cours', label: 'En cours' },
  { value: 'traite', label: 'Traités' },
  { value: 'archive', label: 'Archivés' },
] as const;

export type Filter = (typeof FILTERS)[number]['value'];

/** The requests a filter shows. */
export function filterRequests(requests: readonly ContactRequest[], filter: Filter): ContactRequest[] {
  return filter === 'tous' ? [...requests] : requests.filter((request) => request.statut === filter);
}

/** The four counters of the dashboard, over all requests. */
export function countRequests(requests: readonly ContactRequest[]) {
  const count = (statut: RequestStatus) => requests.filter((request) => request.statut === statut).length;
  return { total: requests.length, nouveau: count('nouveau'), en_cours: count('en_cours'), traite: count('traite') };
}
