/**
 * The admin island's calls to the API. Every call answers a result: the value, or a failure with the
 * French sentence to show; `unauthorized` (a 401) tells the island to log out. No failure is ever turned
 * into an empty list.
 */
import { authHeader, call, checked, type Failure, type Result } from '../../lib/api-client';
import { INBOX_LOAD_TIMEOUT_MS, INBOX_PAGE_MAX } from '../../lib/constants';
import {
  apiPaths,
  contactMailResendApiPath,
  contactNotesApiPath,
  contactRequestApiPath,
  contactRoutingApiPath,
  contactStatusApiPath,
} from '../../lib/paths';
import type { DevisState } from '../../lib/devis-states';
import type { RequestStatus } from '../../lib/statuses';
import { DEFAULT_TERRITORY_FILTER, MINE_FILTER, type TerritoryFilter } from '../territory/inbox-filter.ts';
import {
  assigneesAnswerSchema,
  inboxAnswerSchema,
  mailResendAnswerSchema,
  requestAnswerSchema,
  requestChangeAnswerSchema,
  type Actor,
  type ContactRequest,
  type RequestMail,
  type RoutingChangeBody,
  type RequestPage,
  type RequestSummary,
} from '../contact/request';

export type { RequestMail };

export type { Failure, Result };

export const LOGIN_MESSAGES = {
  wrongCredentials: 'Identifiant ou mot de passe incorrect',
  serverError: 'Erreur de connexion au serveur',
} as const;


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
  /** « Mes territoires » (the default), « Tous », or one territory. */
  territoire?: TerritoryFilter;
  /** « Mes dossiers »: only the requests assigned to the person signed in. */
  mine?: boolean;
  cursor?: string | null;
  limit?: number;
}

/** The URL of one page of the list. */
export function pageUrl(query: PageQuery): string {
  const params = new URLSearchParams();
  if (query.statut) params.set('statut', query.statut);
  if (query.devis) params.set('devis', query.devis);
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.territoire && query.territoire !== DEFAULT_TERRITORY_FILTER) params.set('territoire', query.territoire);
  if (query.mine) params.set('dossiers', MINE_FILTER);
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.limit) params.set('limit', String(query.limit));
  const text = params.toString();
  return text ? `${apiPaths.contactList}?${text}` : apiPaths.contactList;
}

/** One page of the list, with the counters of the whole inbox and the cursor of the next page. */
export async function fetchPage(token: string, query: PageQuery): Promise<Result<RequestPage>> {
  // A list that does not come within its time limit ends in a French error and « Réessayer », never in an
  // endless « Chargement des demandes… ».
  const result = checked(await call(token, pageUrl(query), { signal: AbortSignal.timeout(INBOX_LOAD_TIMEOUT_MS) }), inboxAnswerSchema);
  if (!result.ok) return result;
  const { success: _success, ...page } = result.value;
  return { ok: true, value: page };
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
  const result = checked(await call(token, contactRequestApiPath(id)), requestAnswerSchema);
  return result.ok ? { ok: true, value: { request: result.value.data, mails: result.value.mails } } : result;
}

/** Changes the status of a request; the request as saved. */
export async function changeStatus(token: string, id: string, statut: RequestStatus): Promise<Result<ContactRequest>> {
  const result = checked(await call(token, contactStatusApiPath(id), { method: 'PUT', body: JSON.stringify({ statut }) }), requestChangeAnswerSchema);
  return result.ok ? { ok: true, value: result.value.data } : result;
}

/** Moves a request to another territory and/or assigns it (null: to nobody); the request as saved. */
export async function changeRouting(token: string, id: string, change: RoutingChangeBody): Promise<Result<ContactRequest>> {
  const result = checked(await call(token, contactRoutingApiPath(id), { method: 'PATCH', body: JSON.stringify(change) }), requestChangeAnswerSchema);
  return result.ok ? { ok: true, value: result.value.data } : result;
}

/** The people a request can be assigned to. */
export async function fetchAssignees(token: string): Promise<Result<Actor[]>> {
  const result = checked(await call(token, apiPaths.assignees), assigneesAnswerSchema);
  return result.ok ? { ok: true, value: result.value.data } : result;
}

/** Adds an internal note to a request; the request as saved. */
export async function addNote(token: string, id: string, text: string): Promise<Result<ContactRequest>> {
  const result = checked(await call(token, contactNotesApiPath(id), { method: 'POST', body: JSON.stringify({ text }) }), requestChangeAnswerSchema);
  return result.ok ? { ok: true, value: result.value.data } : result;
}

/** Erases a request and everything derived from it. */
export async function deleteRequest(token: string, id: string): Promise<Result<true>> {
  const result = await call(token, contactRequestApiPath(id), { method: 'DELETE' });
  return result.ok ? { ok: true, value: true } : result;
}

/** Sends a failed mail of a request again; the mail record as it now stands. */
export async function resendMail(token: string, id: string, mailId: string): Promise<Result<RequestMail>> {
  const result = checked(await call(token, contactMailResendApiPath(id, mailId), { method: 'POST' }), mailResendAnswerSchema);
  return result.ok ? { ok: true, value: result.value.mail } : result;
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
