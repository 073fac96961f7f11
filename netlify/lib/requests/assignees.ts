/**
 * The people a request can be given to (« Assigné à »): the active staff accounts, and the environment's
 * owner when there is one. Invited and disabled accounts are left out: nobody works on a request for them.
 */
import type { Actor } from '../../../src/features/contact/request.ts';
import { listAccounts, ownerView } from '../team/accounts.ts';

type Env = Record<string, string | undefined>;

/** The active staff, the owner first, then by name (French order). */
export async function assignableStaff(env: Env = process.env): Promise<Actor[]> {
  const owner = ownerView(env);
  const active = (await listAccounts()).filter((account) => account.state === 'actif').map(({ id, name }) => ({ id, name }));
  active.sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  return [...(owner ? [{ id: owner.id, name: owner.name }] : []), ...active];
}
