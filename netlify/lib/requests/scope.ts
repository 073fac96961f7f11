/**
 * Which requests a member of staff sees. A role the roles table gives every territory (administrators)
 * sees them all; anyone else only the requests of their own territories, in the list and everywhere a request is opened or changed by its id
 * (another territory's request answers 404, as if it did not exist). Within what they see, the inbox's
 * filters narrow the list: a territory filter (« Mes territoires », « Tous », one territory) and
 * « Mes dossiers » (the requests assigned to them).
 */
import { requestTerritory, type Actor, type ContactRequest, type RequestChangeAnswer, type RequestSummary } from '../../../src/features/contact/request.ts';
import type { TerritoryFilter } from '../../../src/features/territory/inbox-filter.ts';
import { TERRITORIES, type TerritoryId } from '../../../src/lib/territories.ts';
import { actsOnEveryTerritory, type StaffMember } from '../auth/permissions.ts';
import type { PlainErrorCode } from '../http/errors.ts';
import { apiError, json } from '../http/http.ts';
import { getRequest } from './requests.ts';

/** The person as a record's history names them (« par Marie Joseph »). */
export const actorOf = (staff: StaffMember): Actor => ({ id: staff.id, name: staff.name });

/** The territories whose requests this person may see. */
export function visibleTerritories(staff: StaffMember): ReadonlySet<TerritoryId> {
  return new Set(actsOnEveryTerritory(staff) ? TERRITORIES.map((territory) => territory.id) : staff.territories);
}

/** Whether this person may see (open, change) this request. */
export const maySee = (staff: StaffMember, request: Pick<RequestSummary, 'territory'>): boolean => visibleTerritories(staff).has(requestTerritory(request));

/** The inbox's filters beyond status, devis and search. */
export interface ScopeFilter {
  territory: TerritoryFilter;
  /** « Mes dossiers »: only the requests assigned to this person. */
  mine: boolean;
}

/** Whether a request is in the list this person asked for: one they may see, in the territories and assignment chosen. */
export function scopeOf(staff: StaffMember, filter: ScopeFilter): (entry: Pick<RequestSummary, 'territory' | 'assignedTo'>) => boolean {
  const visible = visibleTerritories(staff);
  const chosen: ReadonlySet<TerritoryId> =
    filter.territory === 'tous' ? visible : filter.territory === 'mes' ? new Set(staff.territories) : new Set([filter.territory]);
  return (entry) => {
    const territory = requestTerritory(entry);
    // Index entries written before assignment existed carry no `assignedTo`.
    return visible.has(territory) && chosen.has(territory) && (!filter.mine || entry.assignedTo?.id === staff.id);
  };
}

/** A whole request this person may see, or undefined (unknown id, or another territory's request). */
export async function getVisibleRequest(staff: StaffMember, id: string): Promise<ContactRequest | undefined> {
  const request = await getRequest(id);
  return request && maySee(staff, request) ? request : undefined;
}

/**
 * The answer to a change a member of staff made to a request: { success: true, data } with the request as
 * saved (`status`, 200 unless told), 404 for an unknown request, `conflict` (409) when it kept changing.
 */
export function changeAnswer(updated: ContactRequest | 'not_found' | 'conflict', { conflict = 'request_changed', status = 200 }: { conflict?: PlainErrorCode; status?: number } = {}): Response {
  if (updated === 'not_found') return apiError('request_not_found');
  if (updated === 'conflict') return apiError(conflict);
  return json({ success: true, data: updated } satisfies RequestChangeAnswer, status);
}
