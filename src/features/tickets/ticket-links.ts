/**
 * The admin header's « Tickets » link, shown to the roles that read tickets (the roles table's
 * « tickets.read »): the page is static, so the browser decides from the session token's role claim, as for
 * the administrators' links. It only hides a link: the pages and their API refuse anyone else themselves.
 */
import { STORAGE_KEYS } from '../../lib/constants';
import { tokenRole } from '../../lib/token-role';
import { can } from '../team/roles';
import { ticketPages } from './ticket-paths';

/** Shows the `[data-ticket-readers]` links when the session's role reads tickets (a token without a role claim is the owner's). */
export function showTicketLinks(root: ParentNode, storage: Storage): void {
  const token = storage.getItem(STORAGE_KEYS.adminToken);
  const role = token ? tokenRole(token) : null;
  const reads = role === undefined || can(role ?? undefined, 'tickets.read');
  for (const link of root.querySelectorAll<HTMLElement>('[data-ticket-readers]')) link.hidden = !reads;
}

/** The page a person lands on after signing in, by the role of their token: the tickets for whoever can be assigned one (technicians); the requests otherwise. */
export function landingPathOf(token: string): string | undefined {
  return can(tokenRole(token) ?? undefined, 'tickets.assignable') ? ticketPages.list : undefined;
}
