/**
 * The view of the inbox kept in the page URL, so a reload or a shared link opens the same view:
 * `?statut=en_cours&devis=accepte&q=dupont&page=2&demande=<id>`. Defaults are left out of the URL (« Tous », no
 * search, page 1, no request open), and anything unreadable falls back to its default.
 */
import { INBOX_SEARCH_MAX_LENGTH } from '../../lib/constants';
import { isDevisState, type DevisState } from '../../lib/devis-states';
import { isRequestStatus, type RequestStatus } from '../../lib/statuses';

/** What the administrator is looking at. */
export interface InboxView {
  /** One status, or '' for « Tous » (archived requests included). */
  statut: RequestStatus | '';
  /** One devis state (requests whose last devis is in it), or '' for all requests. */
  devis: DevisState | '';
  /** The search text, as typed (trimmed when sent). */
  q: string;
  /** How many pages of the list are shown (« Afficher plus » adds one). */
  page: number;
  /** The id of the request whose view is open, or ''. */
  demande: string;
}

export const DEFAULT_VIEW: InboxView = { statut: '', devis: '', q: '', page: 1, demande: '' };

/** The view a query string describes (`location.search`). */
export function readView(search: string): InboxView {
  const params = new URLSearchParams(search);
  const statut = params.get('statut') ?? '';
  const page = Number(params.get('page'));
  return {
    statut: isRequestStatus(statut) ? statut : '',
    devis: isDevisState(params.get('devis')) ? (params.get('devis') as DevisState) : '',
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
  if (view.q.trim()) params.set('q', view.q.trim());
  if (view.page > 1) params.set('page', String(view.page));
  if (view.demande) params.set('demande', view.demande);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether two views show the same list (same filter, search and pages), whatever request is open. */
export const sameList = (a: InboxView, b: InboxView): boolean =>
  a.statut === b.statut && a.devis === b.devis && a.q.trim() === b.q.trim() && a.page === b.page;
