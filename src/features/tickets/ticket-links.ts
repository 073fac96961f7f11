/**
 * The admin header's « Tickets » link, shown to the roles that read tickets (the roles table's
 * « tickets.read »): the page is static, so the browser decides from the session token's role claim, as for
 * the administrators' links. It only hides a link: the pages and their API refuse anyone else themselves.
 */
import { STORAGE_KEYS } from '../../lib/constants';
import { tokenRole } from '../team/administrator-links';
import { can } from '../team/roles';

/** Shows the `[data-ticket-readers]` links when the session's role reads tickets (a token without a role claim is the owner's). */
export function showTicketLinks(root: ParentNode, storage: Storage): void {
  const token = storage.getItem(STORAGE_KEYS.adminToken);
  const role = token ? tokenRole(token) : null;
  const reads = role === undefined || can(role ?? undefined, 'tickets.read');
  for (const link of root.querySelectorAll<HTMLElement>('[data-ticket-readers]')) link.hidden = !reads;
}
