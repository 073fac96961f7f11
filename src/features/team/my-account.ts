/**
 * « Mon compte » in the browser: the answer of GET /api/compte checked with a schema (what the server's
 * accountView sends, no secret), and the calls that change one's own account. Each call answers a
 * result with the server's French sentence; `unauthorized` means the session is over.
 */
import { z } from '../../records/zod.ts';
import { call, checked, type Result } from '../../lib/api-client';
import { accountPasskeyApiPath, apiPaths } from '../../lib/paths';
import { TERRITORIES } from '../../lib/territories';
import { ROLES, ACCOUNT_STATES } from './roles';

const ids = <T extends readonly { id: string }[]>(list: T) => list.map((item) => item.id) as [T[number]['id'], ...T[number]['id'][]];

export const myAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ids(ROLES)),
  territories: z.array(z.enum(ids(TERRITORIES))),
  state: z.enum(ids(ACCOUNT_STATES)),
  owner: z.boolean(),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().optional() })),
  hasTotp: z.boolean(),
  lastSignInAt: z.string().optional(),
});

export type MyAccount = z.infer<typeof myAccountSchema>;

/**
 * The answer of a change: the account, and after a change of the password or a second factor the new token
 * of this session (the server ended every other session; the old token is refused from now on).
 */
const answerSchema = z.object({ account: myAccountSchema, token: z.string().optional() });
export type AccountChange = z.infer<typeof answerSchema>;

/** The identity confirmed again before a change of one's factors: the password, or a code of the authenticator app. */
export type Reauthentication = { password: string } | { code: string };

/** The account of a successful answer, checked with the schema; a mismatch is a failure in French. */
function accountOf(result: Result<Record<string, unknown>>): Result<MyAccount> {
  const answer = checked(result, answerSchema);
  return answer.ok ? { ok: true, value: answer.value.account } : answer;
}

const changeOf = (result: Result<Record<string, unknown>>): Result<AccountChange> => checked(result, answerSchema);

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

export async function fetchMyAccount(token: string): Promise<Result<MyAccount>> {
  return accountOf(await call(token, apiPaths.account));
}

export async function changeMyPassword(token: string, current: string, password: string): Promise<Result<AccountChange>> {
  return changeOf(await call(token, apiPaths.accountPassword, post({ current, password })));
}

export async function removeMyPasskey(token: string, id: string, reauth: Reauthentication): Promise<Result<AccountChange>> {
  return changeOf(await call(token, accountPasskeyApiPath(id), { method: 'DELETE', body: JSON.stringify({ reauth }) }));
}

export async function endMySessions(token: string): Promise<Result<Record<string, unknown>>> {
  return call(token, apiPaths.accountSessions, { method: 'DELETE' });
}

/** When the browser's passkey prompt was dismissed or timed out. */
const PASSKEY_CANCELLED = 'La clé d’accès n’a pas été enregistrée (demande annulée ou délai dépassé). Réessayez.';

/**
 * Enrols a passkey of this device under the name given: options (the identity confirmed again), the
 * browser's prompt, then the server's check.
 */
export async function addMyPasskey(token: string, deviceName: string, reauth: Reauthentication): Promise<Result<AccountChange>> {
  const options = await call(token, apiPaths.accountPasskeys, post({ etape: 'options', reauth }));
  if (!options.ok) return options;
  const { startRegistration } = await import('@simplewebauthn/browser');
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON: options.value.options as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  } catch (error) {
    console.error('account: passkey prompt failed', error);
    return { ok: false, unauthorized: false, status: 0, message: PASSKEY_CANCELLED };
  }
  return changeOf(await call(token, apiPaths.accountPasskeys, post({ response, deviceName })));
}
