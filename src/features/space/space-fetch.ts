/**
 * The space's calls from the browser (plain fetch: the session is the HttpOnly cookie the browser sends by
 * itself, same origin). Every answer is read as { status, body }; no answer at all is status 0 with the
 * site's French sentence, so a screen always has words to show.
 */
import { NETWORK_ERROR } from '../../lib/phrases';

/** What the space's endpoints answer: success, then data or a French error (and field errors). */
export interface SpaceAnswer<T = unknown> {
  success: boolean;
  data?: T;
  message?: string;
  error?: string;
  fields?: Record<string, string>;
  options?: unknown;
}

/** Calls an endpoint of the space, with a JSON body when given. */
export async function spaceFetch<T = unknown>(url: string, { method = 'GET', body }: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: SpaceAnswer<T> }> {
  try {
    const response = await fetch(url, {
      method,
      cache: 'no-store',
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({ success: false }))) as SpaceAnswer<T>;
    return { status: response.status, body: answer };
  } catch {
    return { status: 0, body: { success: false, error: NETWORK_ERROR } };
  }
}

/** The French sentence of a failed answer. */
export const failureOf = (answer: SpaceAnswer): string => answer.error ?? NETWORK_ERROR;

/** When the browser's passkey prompt was dismissed, timed out, or the browser has no passkeys. */
export const PASSKEY_CANCELLED = 'La clé d’accès n’a pas été utilisée (demande annulée ou délai dépassé). Réessayez.';
export const PASSKEY_UNSUPPORTED = 'Ce navigateur ne gère pas les clés d’accès.';
