/**
 * The back office's calls to the site's API with the administrator's bearer token. Every call answers a
 * result: the value, or a failure with the French sentence to show (the server's own, else one that says
 * what happened); no failure is ever turned into an empty answer.
 */
import type { z } from '../records/zod.ts';
import { NETWORK_ERROR, SLOW_SERVER_ERROR } from './phrases';

/** A call that got no usable answer: the French sentence to show; `unauthorized` (a 401) means log out. */
export type Failure = { ok: false; unauthorized: boolean; status: number; message: string; fields?: Record<string, string> };
/** The value of a call, or why there is none. */
export type Result<T> = { ok: true; value: T } | Failure;

/** The header that carries the administrator's token. */
export const authHeader = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Calls the API with the token (none for a public endpoint); the JSON body when the answer is a success, else the failure. */
export async function call(token: string | undefined, url: string, init: RequestInit = {}): Promise<Result<Record<string, unknown>>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      cache: 'no-store',
      headers: { ...(token === undefined ? {} : authHeader(token)), ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    });
  } catch (error) {
    // A call given a time limit (`init.signal`, AbortSignal.timeout) that ran out says so.
    return { ok: false, unauthorized: false, status: 0, message: (error as Error).name === 'TimeoutError' ? SLOW_SERVER_ERROR : NETWORK_ERROR };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && body?.success === true) return { ok: true, value: body };
  const message = typeof body?.error === 'string' ? body.error : `Le serveur a répondu par une erreur (${response.status}).`;
  const fields = body?.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined;
  return { ok: false, unauthorized: response.status === 401, status: response.status, message, ...(fields ? { fields } : {}) };
}

/** The answer of a successful call checked with the endpoint's schema; a mismatch is a failure in French. */
export function checked<S extends z.ZodType>(result: Result<Record<string, unknown>>, schema: S): Result<z.infer<S>> {
  if (!result.ok) return result;
  const parsed = schema.safeParse(result.value);
  if (parsed.success) return { ok: true, value: parsed.data };
  console.error('admin: unexpected answer from the API', parsed.error.issues.slice(0, 3));
  return { ok: false, unauthorized: false, status: 200, message: 'La réponse du serveur est illisible.' };
}

/** A file the API answers to a signed-in call (a PDF, a CSV export): the token is a header, so it comes as a blob to save. */
export async function fetchFile(token: string, url: string): Promise<Result<Blob>> {
  try {
    const response = await fetch(url, { headers: authHeader(token), cache: 'no-store' });
    if (response.ok) return { ok: true, value: await response.blob() };
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    return { ok: false, unauthorized: response.status === 401, status: response.status, message: body?.error ?? `Le serveur a répondu par une erreur (${response.status}).` };
  } catch {
    return { ok: false, unauthorized: false, status: 0, message: NETWORK_ERROR };
  }
}
