/**
 * The admin island's calls to the API (SPEC.md §7 and §8). A 401 is reported as `unauthorized` so the
 * island logs out; other failures follow the rules of SPEC.md §8.
 */
import { apiPaths, contactStatusApiPath } from '../../lib/paths';
import type { RequestStatus } from '../../lib/constants';
import type { ContactRequest } from '../contact/request';

export const LOGIN_MESSAGES = {
  wrongCredentials: 'Identifiant ou mot de passe incorrect',
  serverError: 'Erreur de connexion au serveur',
} as const;

const authHeader = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Logs in: the token, or the French message to show. */
export async function login(username: string, password: string): Promise<{ ok: true; token: string } | { ok: false; message: string }> {
  try {
    const response = await fetch(apiPaths.login, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = (await response.json().catch(() => null)) as { success?: boolean; token?: string; error?: string } | null;
    if (response.status === 401) return { ok: false, message: LOGIN_MESSAGES.wrongCredentials };
    // 429 carries its own sentence (when to try again).
    if (response.status === 429 && body?.error) return { ok: false, message: body.error };
    if (response.ok && body?.success === true && typeof body.token === 'string') return { ok: true, token: body.token };
    if (response.ok && body?.success === false) return { ok: false, message: LOGIN_MESSAGES.wrongCredentials };
    return { ok: false, message: LOGIN_MESSAGES.serverError };
  } catch {
    return { ok: false, message: LOGIN_MESSAGES.serverError };
  }
}

/** The requests, `unauthorized` on a 401, or an empty list on any other failure or shape. */
export async function fetchRequests(token: string): Promise<ContactRequest[] | 'unauthorized'> {
  try {
    const response = await fetch(apiPaths.contactList, { headers: authHeader(token), cache: 'no-store' });
    if (response.status === 401) return 'unauthorized';
    const body = (await response.json()) as { success?: boolean; data?: unknown };
    return response.ok && body.success && Array.isArray(body.data) ? (body.data as ContactRequest[]) : [];
  } catch (error) {
    console.error('admin: could not load the requests', error);
    return [];
  }
}

/** Changes a status: `unauthorized` on a 401; other failures are only logged. */
export async function changeStatus(token: string, id: string, statut: RequestStatus): Promise<'ok' | 'unauthorized' | 'failed'> {
  try {
    const response = await fetch(contactStatusApiPath(id), {
      method: 'PUT',
      headers: { ...authHeader(token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ statut }),
    });
    if (response.status === 401) return 'unauthorized';
    if (!response.ok) console.error('admin: status change refused', response.status);
    return response.ok ? 'ok' : 'failed';
  } catch (error) {
    console.error('admin: status change failed', error);
    return 'failed';
  }
}

/** Tells the server to revoke the token; failures are ignored. */
export async function logoutCall(token: string): Promise<void> {
  try {
    await fetch(apiPaths.logout, { method: 'POST', headers: authHeader(token) });
  } catch {
    // SPEC.md §7: logout failures are ignored; the browser session is cleared anyway.
  }
}
