/**
 * The browser's side of signing in: the password step (the owner gets a session at once, a staff account
 * is asked for its second factor), the second step (a 6-digit code or a passkey), and a passkey alone.
 * @simplewebauthn/browser is loaded only when a passkey is used. Every failure is a French sentence.
 */
import { NETWORK_ERROR } from '../../lib/phrases';
import { apiPaths } from '../../lib/paths';
import { LOGIN_MESSAGES } from './api';

/** What the server asks after a staff account's password: a pending token, and the factors the account has. */
export interface SecondFactor {
  pending: string;
  passkey: boolean;
  totp: boolean;
}

export type SignInStep = { ok: true; token: string } | { ok: true; secondFactor: SecondFactor } | { ok: false; message: string };

/** When the browser's passkey prompt was dismissed or timed out. */
export const PASSKEY_CANCELLED = 'La clé d’accès n’a pas été utilisée (demande annulée ou délai dépassé). Réessayez.';
const PASSKEY_UNSUPPORTED = 'Ce navigateur ne gère pas les clés d’accès.';

async function post(url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> | null } | undefined> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), cache: 'no-store' });
    return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
  } catch {
    return undefined;
  }
}

/** The session token of an answer, or its French sentence. */
function sessionOf(answer: Awaited<ReturnType<typeof post>>): SignInStep {
  if (!answer) return { ok: false, message: NETWORK_ERROR };
  const { status, body } = answer;
  if (status === 200 && body?.success === true && typeof body.token === 'string') return { ok: true, token: body.token };
  const second = body?.secondFactor as SecondFactor | undefined;
  if (status === 200 && body?.success === true && typeof second?.pending === 'string') {
    return { ok: true, secondFactor: { pending: second.pending, passkey: second.passkey === true, totp: second.totp === true } };
  }
  if (typeof body?.error === 'string') return { ok: false, message: body.error };
  return { ok: false, message: LOGIN_MESSAGES.serverError };
}

/** The password step. */
export async function signInWithPassword(username: string, password: string): Promise<SignInStep> {
  return sessionOf(await post(apiPaths.login, { username, password }));
}

/** The second step with a 6-digit code. */
export async function finishWithCode(pending: string, code: string): Promise<SignInStep> {
  return sessionOf(await post(apiPaths.secondFactor, { pending, code: code.replace(/\s+/g, '') }));
}

/** Asks the browser for a passkey assertion to the server's sign-in options; undefined with the reason when none. */
async function passkeyAssertion(): Promise<{ ok: true; response: unknown } | { ok: false; message: string }> {
  const options = await post(apiPaths.passkeyLogin, { etape: 'options' });
  if (!options) return { ok: false, message: NETWORK_ERROR };
  if (options.status !== 200 || !options.body?.options) return { ok: false, message: typeof options.body?.error === 'string' ? options.body.error : LOGIN_MESSAGES.serverError };
  const { browserSupportsWebAuthn, startAuthentication } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) return { ok: false, message: PASSKEY_UNSUPPORTED };
  try {
    return { ok: true, response: await startAuthentication({ optionsJSON: options.body.options as Parameters<typeof startAuthentication>[0]['optionsJSON'] }) };
  } catch (error) {
    console.error('sign-in: passkey prompt failed', error);
    return { ok: false, message: PASSKEY_CANCELLED };
  }
}

/** The second step with a passkey of the same account. */
export async function finishWithPasskey(pending: string): Promise<SignInStep> {
  const assertion = await passkeyAssertion();
  if (!assertion.ok) return assertion;
  return sessionOf(await post(apiPaths.secondFactor, { pending, passkey: assertion.response }));
}

/** « Se connecter avec une clé d’accès »: a passkey alone, no username. */
export async function signInWithPasskey(): Promise<SignInStep> {
  const assertion = await passkeyAssertion();
  if (!assertion.ok) return assertion;
  return sessionOf(await post(apiPaths.passkeyLogin, { response: assertion.response }));
}
