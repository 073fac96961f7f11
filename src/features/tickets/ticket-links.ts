/**
 * The admin header's « Tickets » link, shown to the roles that read tickets (administrators and
 * technicians): the page is static, so the browser decides from the session token's role claim, as for
 * the administrators' links. It only hides a link: the pages and their API refuse anyone else themselves.
 */
import { STORAGE_KEYS } from '../../lib/constants';
import { tokenRole } from '../team/administrator-links';
import { TICKET_ROLES } from './ticket-paths';

/** Shows the `[data-ticket-readers]` links when the session's role reads tickets (a token without a role claim is the owner's). */
export function showTicketLinks(root: ParentNode, storage: Storage): void {
  const token = storage.getItem(STORAGE_KEYS.adminToken);
  const role = token ? tokenRole(token) : null;
  const reads = role === undefined || (typeof role === 'string' && (TICKET_ROLES as readonly string[]).includes(role));
  for (const link of root.querySelectorAll<HTMLElement>('[data-ticket-readers]')) link.hidden = !reads;
}
