/**
 * What the team's endpoints share: the person signed in as the actor of a change, and the accounts as the
 * team page lists them (the owner first). Refusals are thrown as `Refusal` and answered by endpoint().
 */
import type { StaffMember } from '../auth/permissions.ts';
import { accountView, listAccounts, ownerView, type Actor, type AccountView } from './accounts.ts';

/** Who made a change: the person signed in. */
export const actorOf = (staff: StaffMember | undefined): Actor => ({ id: staff?.id ?? '-', name: staff?.name ?? 'inconnu' });

/** The team as the team page lists it: the owner first (not editable), then the accounts in the order they were invited. */
export async function teamList(env: Record<string, string | undefined> = process.env): Promise<AccountView[]> {
  const owner = ownerView(env);
  return [...(owner ? [owner] : []), ...(await listAccounts()).map(accountView)];
}

