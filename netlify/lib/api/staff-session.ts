/**
 * Who a staff call comes from. A valid token (auth.ts) stands for its account only while that account may
 * sign in — the owner always, a stored account while « actif » — and its session version is still the
 * token's: disabling an account, resetting its second factor or « Déconnecter toutes les sessions » bump
 * the version, so its tokens are refused (401, `session_ended`) on the very next call. Tokens made before
 * named accounts existed carry the owner's username and no version: they stand for the owner at version 0.
 */
import type { JWTPayload } from 'jose';
import { authenticate, type AuthConfig } from '../auth/auth.ts';
import { OWNER_ID, ownerAccount, type StaffMember } from '../auth/permissions.ts';
import { apiError } from '../http/http.ts';
import { getAccount, sessionVersionOf, type StaffAccount } from '../team/accounts.ts';

/** A stored account as endpoints see it: it signs in with its e-mail address. */
export const staffOfAccount = (account: StaffAccount): StaffMember => ({
  id: account.id,
  name: account.name,
  username: account.email,
  role: account.role,
  territories: account.territories,
  isOwner: false,
});

/** The person a valid token stands for, or undefined when its account may no longer use it. */
export async function staffOfToken(config: AuthConfig, claims: JWTPayload): Promise<StaffMember | undefined> {
  const subject = String(claims.sub);
  const version = typeof claims.sv === 'number' ? claims.sv : 0;
  if (subject === OWNER_ID || (claims.sv === undefined && subject === config.username)) {
    return (await sessionVersionOf(OWNER_ID)) === version ? ownerAccount(config.username) : undefined;
  }
  const account = await getAccount(subject);
  if (!account || account.state !== 'actif' || account.sessionVersion !== version) return undefined;
  return staffOfAccount(account);
}

export type StaffCheck =
  | { ok: true; staff: StaffMember; session: { jti: string; exp: number } }
  | { ok: false; response: Response };

/** Checks the bearer token of a staff call and finds who it stands for; the answer to send when not. */
export async function authenticateStaff(request: Request, where: string): Promise<StaffCheck> {
  const auth = await authenticate(request, where);
  if (!auth.ok) return auth;
  const staff = await staffOfToken(auth.config, auth.claims);
  if (!staff) return { ok: false, response: apiError('session_ended', { logout: true }) };
  return { ok: true, staff, session: { jti: auth.claims.jti, exp: auth.claims.exp } };
}
