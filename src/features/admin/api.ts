/**
 * The admin island's calls to the API. Every call answers a result: the value, or a failure with the
 * French sentence to show; `unauthorized` (a 401) tells the island to log out. No failure is ever turned
 * into an empty list.
 */
import { INBOX_PAGE_MAX } from '../../lib/constants';
import type { DevisDraft, DevisVersion } from '../devis/devis';
import {
  apiPaths,
  devisAdminActionPath,
  devisAdminApiPath,
  devisAdminPdfPath,
  devisProductApiPath,
  contactMailResendApiPath,
  contactNotesApiPath,
  contactRequestApiPath,
  contactStatusApiPath,
} from '../../lib/paths';
import type { DevisState } from '../../lib/devis-states';
import type { MailState } from '../../lib/mail-states';
import type { RequestStatus } from '../../lib/statuses';
import type { ContactRequest, RequestPage, RequestSummary } from '../contact/request';

export const LOGIN_MESSAGES = {
  wrongCredentials: 'Identifiant ou mot de passe incorrect',
  serverError: 'Erreur de connexion au serveur',
} as const;

/** A sentence for a call that got no usable answer. */
const NETWORK_ERROR = 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.';

/** One e-mail of a request (company notification, visitor acknowledgement, …), as the server lists it. */
export interface RequestMail {
  id: string;
  /** `entreprise`, `visiteur`, or a devis e-mail (`devis-2`, `devis-2-client`, `devis-2-entreprise`). */
  kind: string;
  to: string;
  subject?: string;
  status: MailState;
  attempts: number;
  lastError?: string;
  /** Why it was not sent (an acknowledgement past its caps), in French. */
  skipReason?: string;
  nextAttemptAt?: string;
  sentAt?: string;
}

/** A whole request with its mails (GET /api/contact/:id). */
export interface RequestDetail {
  request: ContactRequest;
  mails: RequestMail[];
}

/** What the list asks for: a status ('' for all), a search text, where to start and how many. */
export interface PageQuery {
  statut: RequestStatus | '';
  /** A devis state, or '' for all requests. */
  devis?: DevisState | '';
  q: string;
  cursor?: string | null;
  limit?: number;
}

export type Failure = { ok: false; unauthorized: boolean; status: number; message: string; fields?: Record<string, string> };
export type Result<T> = { ok: true; value: T } | Failure;

const authHeader = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Calls the API with the token; the JSON body when the answer is a success, else the failure. */
async function call(token: string, url: string, init: RequestInit = {}): Promise<Result<Record<string, unknown>>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      cache: 'no-store',
      headers: { ...authHeader(token), ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    });
  } catch {
    return { ok: false, unauthorized: false, status: 0, message: NETWORK_ERROR };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && body?.success === true) return { ok: true, value: body };
  const message = typeof body?.error === 'string' ? body.error : `Le serveur a répondu par une erreur (${response.status}).`;
  const fields = body?.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined;
  return { ok: false, unauthorized: response.status === 401, status: response.status, message, ...(fields ? { fields } : {}) };
}

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

/** Tells the server to revoke the token; failures are ignored (the browser session is cleared anyway). */
export async function logoutCall(token: string): Promise<void> {
  try {
    await fetch(apiPaths.logout, { method: 'POST', headers: authHeader(token) });
  } catch {
    // Nothing to do: the token expires on its own.
  }
}

/** The URL of one page of the list. */
export function pageUrl(query: PageQuery): string {
  const params = new URLSearchParams();
  if (query.statut) params.set('statut', query.statut);
  if (query.devis) params.set('devis', query.devis);
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.limit) params.set('limit', String(query.limit));
  const text = params.toString();
  return text ? `${apiPaths.contactList}?${text}` : apiPaths.contactList;
}

/** One page of the list, with the counters of the whole inbox and the cursor of the next page. */
export async function fetchPage(token: string, query: PageQuery): Promise<Result<RequestPage>> {
  const result = await call(token, pageUrl(query));
  if (!result.ok) return result;
  const body = result.value;
  if (!Array.isArray(body.data) || !body.counts || typeof body.counts !== 'object') {
    return { ok: false, unauthorized: false, status: 200, message: 'La réponse du serveur est illisible.' };
  }
  return {
    ok: true,
    value: {
      data: body.data as RequestSummary[],
      counts: body.counts as RequestPage['counts'],
      nextCursor: (body.nextCursor as string | null) ?? null,
      ...(body.devisCounts && typeof body.devisCounts === 'object' ? { devisCounts: body.devisCounts as Record<DevisState, number> } : {}),
    },
  };
}

/**
 * The first `pages` pages of the list as one page (a reload of `?page=3` shows what « Afficher plus »
 * had shown): the pages are walked in order, following each page's cursor.
 */
export async function fetchPages(token: string, query: PageQuery, pages: number): Promise<Result<RequestPage>> {
  let cursor: string | null | undefined;
  let merged: RequestPage | undefined;
  for (let page = 1; page <= pages; page++) {
    const result = await fetchPage(token, { ...query, cursor });
    if (!result.ok) return result;
    merged = merged ? { ...result.value, data: [...merged.data, ...result.value.data] } : result.value;
    cursor = result.value.nextCursor;
    if (!cursor) break;
  }
  return { ok: true, value: merged! };
}

/** Every request the filter and search select, all pages (for the CSV export), at the largest page size. */
export async function fetchAllRequests(token: string, query: PageQuery): Promise<Result<RequestSummary[]>> {
  const all: RequestSummary[] = [];
  let cursor: string | null = null;
  do {
    const result = await fetchPage(token, { ...query, cursor, limit: INBOX_PAGE_MAX });
    if (!result.ok) return result;
    all.push(...result.value.data);
    cursor = result.value.nextCursor;
  } while (cursor);
  return { ok: true, value: all };
}

/** A whole request: message, notes, history, and its mails. */
export async function fetchRequest(token: string, id: string): Promise<Result<RequestDetail>> {
  const result = await call(token, contactRequestApiPath(id));
  if (!result.ok) return result;
  return { ok: true, value: { request: result.value.data as ContactRequest, mails: Array.isArray(result.value.mails) ? (result.value.mails as RequestMail[]) : [] } };
}

/** Changes the status of a request; the request as saved. */
export async function changeStatus(token: string, id: string, statut: RequestStatus): Promise<Result<ContactRequest>> {
  const result = await call(token, contactStatusApiPath(id), { method: 'PUT', body: JSON.stringify({ statut }) });
  return result.ok ? { ok: true, value: result.value.data as ContactRequest } : result;
}

/** Adds an internal note to a request; the request as saved. */
export async function addNote(token: string, id: string, text: string): Promise<Result<ContactRequest>> {
  const result = await call(token, contactNotesApiPath(id), { method: 'POST', body: JSON.stringify({ text }) });
  return result.ok ? { ok: true, value: result.value.data as ContactRequest } : result;
}

/** Erases a request and everything derived from it. */
export async function deleteRequest(token: string, id: string): Promise<Result<true>> {
  const result = await call(token, contactRequestApiPath(id), { method: 'DELETE' });
  return result.ok ? { ok: true, value: true } : result;
}

/** Sends a failed mail of a request again; the mail record as it now stands. */
export async function resendMail(token: string, id: string, mailId: string): Promise<Result<RequestMail>> {
  const result = await call(token, contactMailResendApiPath(id, mailId), { method: 'POST' });
  return result.ok ? { ok: true, value: result.value.mail as RequestMail } : result;
}

/** What is missing for e-mail to leave, from GET /api/health; undefined when mail is configured or unknown. */
export async function fetchMissingMailSettings(): Promise<string[] | undefined> {
  try {
    const response = await fetch(apiPaths.health, { cache: 'no-store' });
    const body = (await response.json()) as { mail?: { configured?: boolean; missing?: unknown } };
    if (body.mail?.configured !== false) return undefined;
    return Array.isArray(body.mail.missing) ? body.mail.missing.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return undefined;
  }
}

/** One sent version as the admin sees it: with its total and, while it stands, the customer's link. */
export interface AdminDevisVersion extends DevisVersion {
  totalTTCCents: number;
  link?: string;
}

/** A request's devis: the draft to edit, the sent versions, the events. */
export interface AdminDevis {
  draft: DevisDraft;
  draftSavedAt?: string;
  versions: AdminDevisVersion[];
  events: { at: string; text: string }[];
}

/** The devis of a request (the draft starts from the request's lines when nothing was saved). */
export async function fetchDevis(token: string, id: string): Promise<Result<AdminDevis>> {
  const result = await call(token, devisAdminApiPath(id));
  return result.ok ? { ok: true, value: result.value.data as AdminDevis } : result;
}

/** Saves the draft; a refusal carries a sentence per field (`lines.0.quantity`). */
export async function saveDevisDraft(token: string, id: string, draft: DevisDraft): Promise<Result<AdminDevis>> {
  const result = await call(token, devisAdminApiPath(id), { method: 'PUT', body: JSON.stringify({ draft }) });
  return result.ok ? { ok: true, value: result.value.data as AdminDevis } : result;
}

/** Sends the draft as a new version. */
export async function sendDevis(token: string, id: string, draft: DevisDraft): Promise<Result<AdminDevis>> {
  const result = await call(token, devisAdminApiPath(id, 'envoi'), { method: 'POST', body: JSON.stringify({ draft }) });
  return result.ok ? { ok: true, value: result.value.data as AdminDevis } : result;
}

/** « Révoquer le lien » of a sent version: its link opens nothing any more. */
export async function revokeDevisLink(token: string, id: string, version: number): Promise<Result<AdminDevis>> {
  const result = await call(token, devisAdminActionPath(id, version, 'revocation'), { method: 'POST', body: '{}' });
  return result.ok ? { ok: true, value: result.value.data as AdminDevis } : result;
}

/** « Annuler l'acceptation » of an accepted version, with the reason (required): a new version can then be sent. */
export async function voidDevisAcceptance(token: string, id: string, version: number, reason: string): Promise<Result<AdminDevis>> {
  const result = await call(token, devisAdminActionPath(id, version, 'annulation'), { method: 'POST', body: JSON.stringify({ reason }) });
  return result.ok ? { ok: true, value: result.value.data as AdminDevis } : result;
}

/** A catalogue product by reference, as a devis line. */
export async function fetchProductByReference(token: string, reference: string): Promise<Result<{ reference: string; designation: string; unitPriceHTCents: number }>> {
  const result = await call(token, devisProductApiPath(reference));
  return result.ok ? { ok: true, value: result.value.data as { reference: string; designation: string; unitPriceHTCents: number } } : result;
}

/** The PDF of a sent version (the admin's token is a header, so it comes as a file to save). */
export async function fetchDevisPdf(token: string, id: string, version: number): Promise<Result<Blob>> {
  try {
    const response = await fetch(devisAdminPdfPath(id, version), { headers: authHeader(token), cache: 'no-store' });
    if (response.ok) return { ok: true, value: await response.blob() };
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    return { ok: false, unauthorized: response.status === 401, status: response.status, message: body?.error ?? `Le serveur a répondu par une erreur (${response.status}).` };
  } catch {
    return { ok: false, unauthorized: false, status: 0, message: NETWORK_ERROR };
  }
}
