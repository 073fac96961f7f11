/**
 * The view of the inbox kept in the page URL, so a reload or a shared link opens the same view:
 * `?statut=en_cours&devis=accepte&territoire=guyane&dossiers=miens&q=dupont&page=2&demande=<id>`. Defaults
 * are left out of the URL (« Tous », « Mes territoires », every assignment, no search, page 1, no request
 * open), and anything unreadable falls back to its default.
 */
import { INBOX_SEARCH_MAX_LENGTH } from '../../lib/constants';
import { isDevisState, type DevisState } from '../../lib/devis-states';
import { isRequestStatus, type RequestStatus } from '../../lib/statuses';
import { DEFAULT_TERRITORY_FILTER, isTerritoryFilter, MINE_FILTER, type TerritoryFilter } from '../territory/inbox-filter';

/** What the administrator is looking at. */
export interface InboxView {
  /** One status, or '' for « Tous » (archived requests included). */
  statut: RequestStatus | '';
  /** One devis state (requests whose last devis is in it), or '' for all requests. */
  devis: DevisState | '';
  /** « Mes territoires », « Tous », or one territory. */
  territoire: TerritoryFilter;
  /** « Mes dossiers »: only the requests assigned to the person signed in. */
  mine: boolean;
  /** The search text, as typed (trimmed when sent). */
  q: string;
  /** How many pages of the list are shown (« Afficher plus » adds one). */
  page: number;
  /** The id of the request whose view is open, or ''. */
  demande: string;
}

export const DEFAULT_VIEW: InboxView = { statut: '', devis: '', territoire: DEFAULT_TERRITORY_FILTER, mine: false, q: '', page: 1, demande: '' };

/** The view a query string describes (`location.search`). */
export function readView(search: string): InboxView {
  const params = new URLSearchParams(search);
  const statut = params.get('statut') ?? '';
  const page = Number(params.get('page'));
  return {
    statut: isRequestStatus(statut) ? statut : '',
    devis: isDevisState(params.get('devis')) ? (params.get('devis') as DevisState) : '',
    territoire: isTerritoryFilter(params.get('territoire')) ? (params.get('territoire') as TerritoryFilter) : DEFAULT_TERRITORY_FILTER,
    mine: params.get('dossiers') === MINE_FILTER,
    q: (params.get('q') ?? '').slice(0, INBOX_SEARCH_MAX_LENGTH),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    demande: params.get('demande') ?? '',
  };
}

/** The query string of a view (with its « ? », or '' for the default view). */
export function writeView(view: InboxView): string {
  const params = new URLSearchParams();
  if (view.statut) params.set('statut', view.statut);
  if (view.devis) params.set('devis', view.devis);
  if (view.territoire !== DEFAULT_TERRITORY_FILTER) params.set('territoire', view.territoire);
  if (view.mine) params.set('dossiers', MINE_FILTER);
  if (view.q.trim()) params.set('q', view.q.trim());
  if (view.page > 1) params.set('page', String(view.page));
  if (view.demande) params.set('demande', view.demande);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The fields of a view that choose the requests listed (every filter and the search). */
export type ListFilters = Pick<InboxView, 'statut' | 'devis' | 'territoire' | 'mine' | 'q'>;

/** Whether two views select the same requests (same filters and search), whatever pages are shown. */
export const sameFilters = (a: ListFilters, b: ListFilters): boolean =>
  a.statut === b.statut && a.devis === b.devis && a.territoire === b.territoire && a.mine === b.mine && a.q.trim() === b.q.trim();

/** The filters and search of a view, as the list endpoint is asked for them. */
export const filtersOf = ({ statut, devis, territoire, mine, q }: ListFilters): ListFilters => ({ statut, devis, territoire, mine, q });

/** Whether two views show the same list (same filters, search and pages), whatever request is open. */
export const sameList = (a: InboxView, b: InboxView): boolean => sameFilters(a, b) && a.page === b.page;
