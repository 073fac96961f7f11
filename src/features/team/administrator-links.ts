/**
 * The admin header's « Équipe » and « Journal » links, shown to administrators only: the page is static,
 * so the browser decides from the session's token, whose payload names the role (`role`). A token without
 * a role claim is the environment owner's (an administrator). This only hides links: the pages and their
 * API refuse anyone else themselves.
 */
import { STORAGE_KEYS } from '../../lib/constants';
import { tokenRole } from '../../lib/token-role';
import { can } from './roles';

/** Shows the administrators' links when a session's token is an administrator's. */
export function showAdministratorLinks(root: ParentNode, storage: Storage): void {
  const token = storage.getItem(STORAGE_KEYS.adminToken);
  const role = token ? tokenRole(token) : null;
  const administrator = role === undefined || can(role ?? undefined, 'team.manage');
  for (const link of root.querySelectorAll<HTMLElement>('[data-administrators]')) link.hidden = !administrator;
}
