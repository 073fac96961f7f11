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
  const init: RequestInit = { method, cache: 'no-store', credentials: 'same-origin' };
  if (body !== undefined) Object.assign(init, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const response = await fetch(url, init).catch(() => undefined);
  // No answer at all (offline, server down): the site's sentence for it.
  if (!response) return { status: 0, body: { success: false, error: NETWORK_ERROR } };
  return { status: response.status, body: (await response.json().catch(() => ({ success: false }))) as SpaceAnswer<T> };
}

/** The French sentence of a failed answer. */
export const failureOf = (answer: SpaceAnswer): string => answer.error ?? NETWORK_ERROR;
