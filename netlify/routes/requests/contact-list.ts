/**
 * GET /api/contact?statut=&q=&cursor=&limit=&territoire=&dossiers= — one page of the inbox, newest first:
 * { success: true, data, counts, nextCursor }. `statut` empty or absent lists them all (archived
 * included); `q` searches name, e-mail, company, phone, message and reference, without case or accents;
 * `nextCursor` is null on the last page. `devis=accepte` (a devis state) keeps the requests whose last
 * devis is in that state; `devisCounts` counts requests by that state. `territoire` is `mes` (the
 * default: the territories of the person signed in), `tous` or one territory; `dossiers=miens` keeps the
 * requests assigned to the person. Someone who is not an administrator only ever gets the requests of
 * their own territories. `counts` and `devisCounts` count the requests these two filters keep.
 */
import { INBOX_PAGE_MAX, INBOX_SEARCH_MAX_LENGTH, REQUEST_STATUSES } from '../../../src/lib/constants.ts';
import type { InboxAnswer } from '../../../src/features/contact/request.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { API_ERRORS } from '../../lib/http/errors.ts';
import { apiError, json, jsonError } from '../../lib/http/http.ts';
import { DEVIS_STATES, isDevisState } from '../../../src/lib/devis-states.ts';
import { countDevisStates, readDevisIndex } from '../../lib/devis/devis-records.ts';
import { InvalidCursorError, isRequestStatus, listRequests, type ListQuery } from '../../lib/requests/requests.ts';
import { scopeOf, type ScopeFilter } from '../../lib/requests/scope.ts';
import { DEFAULT_TERRITORY_FILTER, isTerritoryFilter, MINE_FILTER, TERRITORY_FILTERS } from '../../../src/features/territory/inbox-filter.ts';

/** The territory and assignment filters from the URL, or the French reason they are wrong. */
function readScope(params: URLSearchParams): { ok: true; filter: ScopeFilter } | { ok: false; field: string; error: string } {
  const territory = params.get('territoire') || DEFAULT_TERRITORY_FILTER;
  if (!isTerritoryFilter(territory)) {
    return { ok: false, field: 'territoire', error: `Territoire invalide : choisissez parmi ${TERRITORY_FILTERS.map((choice) => choice.value).join(', ')}.` };
  }
  const mine = params.get('dossiers') ?? '';
  if (mine !== '' && mine !== MINE_FILTER) return { ok: false, field: 'dossiers', error: `Filtre de dossiers invalide : seule la valeur ${MINE_FILTER} existe.` };
  return { ok: true, filter: { territory, mine: mine === MINE_FILTER } };
}

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

export default endpoint({
  name: 'contact-list',
  methods: {
    GET: {
      permission: 'requests.read',
      handle: async ({ request, staff }) => {
        const searchParams = new URL(request.url).searchParams;
        const read = readQuery(searchParams);
        if (!read.ok) return jsonError(400, read.error, { fields: { [read.field]: read.error } });
        const scope = readScope(searchParams);
        if (!scope.ok) return jsonError(400, scope.error, { fields: { [scope.field]: scope.error } });
        const devis = searchParams.get('devis') ?? '';
        if (devis !== '' && !isDevisState(devis)) {
          const error = `État de devis invalide : choisissez parmi ${DEVIS_STATES.map((state) => state.value).join(', ')}.`;
          return jsonError(400, error, { fields: { devis: error } });
        }
        const index = await readDevisIndex();
        const only = devis ? new Set(Object.entries(index).filter(([, entry]) => entry.state === devis).map(([id]) => id)) : undefined;
        try {
          const { scopeIds, ...page } = await listRequests({ ...read.query, ...(only ? { only } : {}), scope: scopeOf(staff, scope.filter) });
          return json({ success: true, ...page, devisCounts: countDevisStates(index, scopeIds) } satisfies InboxAnswer);
        } catch (error) {
          if (error instanceof InvalidCursorError) return apiError('invalid_cursor', { fields: { cursor: API_ERRORS.invalid_cursor.message } });
          throw error;
        }
      },
    },
  },
});
