/**
 * GET /api/contact?statut=&q=&cursor=&limit= — one page of the administrator's inbox, newest first:
 * { success: true, data, counts, nextCursor }. `statut` empty or absent lists them all (archived
 * included); `q` searches name, e-mail, company, phone, message and reference, without case or accents;
 * `counts` are of the whole inbox; `nextCursor` is null on the last page. `devis=accepte` (a devis state)
 * keeps the requests whose last devis is in that state; `devisCounts` counts requests by that state.
 */
import type { Config } from '@netlify/functions';
import { INBOX_PAGE_MAX, INBOX_SEARCH_MAX_LENGTH, REQUEST_STATUSES } from '../../src/lib/constants.ts';
import { authenticate } from '../lib/auth/auth.ts';
import { json, jsonError, methodNotAllowed, serverError } from '../lib/http/http.ts';
import { DEVIS_STATES, isDevisState } from '../../src/lib/devis-states.ts';
import { countDevisStates, readDevisIndex } from '../lib/devis/devis-records.ts';
import { InvalidCursorError, isRequestStatus, listRequests, type ListQuery } from '../lib/requests/requests.ts';

/** The query of the list from the URL, or the French reason it is wrong. */
function readQuery(params: URLSearchParams): { ok: true; query: ListQuery } | { ok: false; field: string; error: string } {
  const statut = params.get('statut') ?? '';
  if (statut !== '' && !isRequestStatus(statut)) {
    return { ok: false, field: 'statut', error: `Statut invalide : choisissez parmi ${REQUEST_STATUSES.join(', ')}.` };
  }
  const q = (params.get('q') ?? '').trim();
  if (q.length > INBOX_SEARCH_MAX_LENGTH) {
    return { ok: false, field: 'q', error: `La recherche ne doit pas dépasser ${INBOX_SEARCH_MAX_LENGTH} caractères.` };
  }
  const rawLimit = params.get('limit') ?? '';
  const limit = rawLimit === '' ? undefined : Number(rawLimit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    return { ok: false, field: 'limit', error: `Le nombre de demandes par page doit être un entier entre 1 et ${INBOX_PAGE_MAX}.` };
  }
  return { ok: true, query: { statut: statut === '' ? undefined : (statut as ListQuery['statut']), q, cursor: params.get('cursor') || undefined, limit } };
}

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  try {
    const auth = await authenticate(request, 'contact-list');
    if (!auth.ok) return auth.response;
    const read = readQuery(new URL(request.url).searchParams);
    if (!read.ok) return jsonError(400, read.error, { fields: { [read.field]: read.error } });
    const devis = new URL(request.url).searchParams.get('devis') ?? '';
    if (devis !== '' && !isDevisState(devis)) {
      const error = `État de devis invalide : choisissez parmi ${DEVIS_STATES.map((state) => state.value).join(', ')}.`;
      return jsonError(400, error, { fields: { devis: error } });
    }
    const index = await readDevisIndex();
    const only = devis ? new Set(Object.entries(index).filter(([, entry]) => entry.state === devis).map(([id]) => id)) : undefined;
    const page = await listRequests({ ...read.query, ...(only ? { only } : {}) });
    return json({ success: true, ...page, devisCounts: countDevisStates(index) });
  } catch (error) {
    if (error instanceof InvalidCursorError) {
      const message = 'La position dans la liste n’est pas valide. Rechargez la liste.';
      return jsonError(400, message, { fields: { cursor: message } });
    }
    return serverError('contact-list', error);
  }
};

export const config: Config = {
  path: '/api/contact',
};
