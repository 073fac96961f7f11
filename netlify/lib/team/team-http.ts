/**
 * What the team's endpoints share: a TeamError answered with its French sentence and status (anything
 * else is rethrown, for endpoint() to answer 500), the person signed in as the actor of a change, and the
 * accounts as the team page lists them (the owner first).
 */
import type { StaffMember } from '../auth/permissions.ts';
import { json } from '../http/http.ts';
import { accountView, listAccounts, ownerView, type Actor, type AccountView } from './accounts.ts';
import { TeamError } from './team-error.ts';

/** The answer of a refused operation: { success: false, error } with the status its code suggests. */
export function teamRefusal(error: unknown): Response {
  if (error instanceof TeamError) return json({ success: false, error: error.message, code: error.code }, error.status);
  throw error;
}

/** Runs an operation that may be refused with a TeamError, answering the refusal. */
export async function orRefusal(operation: () => Promise<Response>): Promise<Response> {
  try {
    return await operation();
  } catch (error) {
    return teamRefusal(error);
  }
}

/** Who made a change: the person signed in. */
export const actorOf = (staff: StaffMember | undefined): Actor => ({ id: staff?.id ?? '-', name: staff?.name ?? 'inconnu' });

/** The team as the team page lists it: the owner first (not editable), then the accounts in the order they were invited. */
export async function teamList(env: Record<string, string | undefined> = process.env): Promise<AccountView[]> {
  const owner = ownerView(env);
  return [...(owner ? [owner] : []), ...(await listAccounts()).map(accountView)];
}

