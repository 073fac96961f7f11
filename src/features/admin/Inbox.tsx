/**
 * The inbox: counters of the whole inbox, status filters, a search box, one card per request, a page at
 * a time (« Afficher plus »), the CSV export of what the filter and search select, and the request view.
 * Filter, search, pages shown and the open request live in the URL (url-state.ts): a reload or a shared
 * link opens the same view, and the browser's back button goes back through the views.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { downloadFile } from '../../lib/download';
import { type RequestStatus } from '../../lib/statuses';
import type { ContactRequest, RequestPage } from '../contact/request';
import { changeStatus, fetchAllRequests, fetchMissingMailSettings, fetchPage, fetchPages, type Failure } from './api';
import { csvFileName, requestsToCsv } from './csv';
import { createInboxStore } from './inbox-store';
import FilterButtons from '../../lib/FilterButtons';
import RequestCard from './RequestCard';
import RequestView from './RequestView';
import { mailBannerText, referenceOf } from './request-text';
import { readSession, signedInAs } from './session';
import { COUNTERS, DEVIS_COUNTERS, DEVIS_FILTERS, FILTERS, filterLabel } from './status';
import { filtersOf, readView, writeView, type InboxView } from './url-state';
import { TERRITORY_FILTERS } from '../territory/inbox-filter';
import ShowMore from '../../lib/ShowMore';
import Counter from '../../lib/Counter';
import { useNoticeInView } from '../../lib/notice-in-view';

/** The « Mes dossiers » filter's two choices. */
const MINE_FILTERS = [
  { value: '', label: 'Tous les dossiers' },
  { value: 'miens', label: 'Mes dossiers' },
] as const;

/** How long the search box waits after the last key before it searches. */
const SEARCH_DELAY_MS = 350;

type Notice = { tone: 'success' | 'error'; text: string } | undefined;

interface Props {
  token: string;
  /** The session ended (a 401): « Se déconnecter » itself is the admin bar's. */
  onLogout: () => void;
}

export default function Inbox({ token, onLogout }: Props) {
  const [view, setViewState] = useState<InboxView>(() => readView(location.search));
  const [search, setSearch] = useState(view.q);
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const noticeRef = useNoticeInView<HTMLParagraphElement>(notice);
  const [missingMail, setMissingMail] = useState<string[]>();
  const searchRef = useRef<HTMLInputElement>(null);
  /** Where focus goes once the request view is gone. */
  const focusAfterView = useRef<HTMLElement | undefined>(undefined);
  /**
   * The view as it is now. Every change of view starts from this, not from the `view` of the last render:
   * an answer from the server, or the search applied as typing pauses, may have changed it since that render
   * (a click landing before React draws again would otherwise drop the search just applied).
   */
  const viewNow = useRef(view);

  /** Moves to another view: a new history entry, or replacing the current one (typing in the search box). */
  const setView = useCallback((next: InboxView, mode: 'push' | 'replace' = 'push') => {
    const url = `${location.pathname}${writeView(next)}${location.hash}`;
    if (mode === 'push') history.pushState(null, '', url);
    else history.replaceState(null, '', url);
    viewNow.current = next;
    setViewState(next);
  }, []);

  useEffect(() => {
    const onPopState = () => {
      const next = readView(location.search);
      viewNow.current = next;
      setViewState(next);
      setSearch(next.q);
    };
    addEventListener('popstate', onPopState);
    return () => removeEventListener('popstate', onPopState);
  }, []);

  /** A call failed: a 401 logs out; otherwise the sentence to show. */
  const failure = useCallback(
    (result: Failure): string => {
      if (result.unauthorized) onLogout();
      return result.message;
    },
    [onLogout],
  );

  /** Whether the browser session still holds (a missing or expired session logs out before any call). */
  const sessionHolds = useCallback((): boolean => {
    if (readSession(localStorage)) return true;
    onLogout();
    return false;
  }, [onLogout]);

  /** The list from the server, in one store that drops outdated answers (inbox-store.ts). */
  const failureNow = useRef(failure);
  failureNow.current = failure;
  const store = useMemo(
    () =>
      createInboxStore({
        fetchPages: (query, pages) => fetchPages(token, query, pages),
        fetchPage: (query) => fetchPage(token, query),
        failure: (result) => failureNow.current(result),
      }),
    [token],
  );
  const { list, loadingMore } = useStore(store.$state);
  /** Reloads the list as it is now (after a change), keeping it on screen meanwhile. */
  const reload = useCallback(() => void store.load(viewNow.current, { keep: true, force: true }), [store]);

  useEffect(() => {
    void store.load(view);
  }, [view, store]);

  // Focus moves once the view has closed: closing a modal dialog hands focus back to what had it before the
  // dialog opened, and this must come after that (a close after an await renders later than a click does).
  useEffect(() => {
    if (view.demande || !focusAfterView.current) return;
    focusAfterView.current.focus();
    focusAfterView.current = undefined;
  }, [view.demande]);

  useEffect(() => {
    void fetchMissingMailSettings().then(setMissingMail);
  }, []);

  /**
   * Applies the typed search from its first page. It changes the search only: a request opened while the
   * search waited for typing to pause stays open.
   */
  const applySearch = useCallback(
    (mode: 'push' | 'replace') => {
      if (search.trim() !== viewNow.current.q.trim()) setView({ ...viewNow.current, q: search.trim(), page: 1 }, mode);
    },
    [search, setView],
  );

  // The search box searches once typing pauses; Enter searches at once.
  useEffect(() => {
    const timer = setTimeout(() => applySearch('replace'), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [applySearch]);

  function submitSearch(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    applySearch('push');
  }

  async function showMore() {
    const result = await store.more(viewNow.current);
    if (result && 'error' in result) return setNotice({ tone: 'error', text: `Les demandes suivantes n’ont pas pu être chargées\u00a0: ${result.error}` });
    // The same list, perhaps with a request opened meanwhile.
    if (result) setView({ ...viewNow.current, page: result.page }, 'replace');
  }

  async function updateStatus(id: string, statut: RequestStatus) {
    if (!sessionHolds()) return;
    setNotice(undefined);
    const result = await changeStatus(token, id, statut);
    if (!result.ok) setNotice({ tone: 'error', text: `Le statut n’a pas été enregistré\u00a0: ${failure(result)}` });
    reload();
  }

  async function exportCsv() {
    if (!sessionHolds()) return;
    setExporting(true);
    setNotice(undefined);
    const result = await fetchAllRequests(token, filtersOf(view));
    setExporting(false);
    if (!result.ok) return setNotice({ tone: 'error', text: `L’export n’a pas pu être fait\u00a0: ${failure(result)}` });
    downloadFile(new Blob([requestsToCsv(result.value)], { type: 'text/csv;charset=utf-8' }), csvFileName());
  }

  function openRequest(id: string) {
    if (!sessionHolds()) return;
    setView({ ...viewNow.current, demande: id });
  }

  /** Closes the request view; `deleted` when the request is gone (its card is about to leave the list). */
  function closeRequest({ deleted = false } = {}) {
    const id = viewNow.current.demande;
    setView({ ...viewNow.current, demande: '' });
    // Focus goes back to this request's « Voir la demande » (the list may have been drawn again since it
    // opened, or the view came from a link); to the search box when the request is not in the list or was
    // deleted.
    const openButton = deleted ? null : document.querySelector<HTMLElement>(`[data-opens-request="${CSS.escape(id)}"]`);
    focusAfterView.current = openButton ?? searchRef.current ?? undefined;
  }

  function requestDeleted(request: ContactRequest) {
    setNotice({ tone: 'success', text: `La demande ${referenceOf(request)} de ${request.name || 'sans nom'} a été supprimée.` });
    closeRequest({ deleted: true });
    reload();
  }

  const page = list.phase === 'ready' ? list.page : undefined;
  const label = filterLabel(view.statut);

  return (
    <div className="admin-dashboard">
      <div className="admin-toolbar">
        <p className="admin-session">{signedInAs(token)}</p>
        <div className="admin-toolbar-actions">
          <button type="button" className="btn btn-secondary" onClick={() => void exportCsv()} disabled={!page || page.data.length === 0 || exporting}>
            {exporting ? 'Export en cours…' : 'Exporter en CSV'}
          </button>
        </div>
      </div>

      {missingMail && (
        <p className="admin-banner" role="status">
          {mailBannerText(missingMail)}
        </p>
      )}

      {page && (
        <ul className="admin-counters" aria-label="Compteurs des demandes">
          {COUNTERS.map((counter) => (
            <Counter key={counter.key} value={page.counts[counter.key] ?? 0} label={counter.label} tone={counter.tone} />
          ))}
          {DEVIS_COUNTERS.map((counter) => (
            <Counter key={`devis-${counter.key}`} value={page.devisCounts?.[counter.key] ?? 0} label={counter.label} tone={counter.tone} />
          ))}
        </ul>
      )}

      <div className="admin-controls">
        <FilterButtons name="Filtrer par statut" prefix="Statut&nbsp;:" options={FILTERS} value={view.statut} onChoose={(statut) => setView({ ...viewNow.current, statut, page: 1, demande: '' })} />
        <FilterButtons name="Filtrer par devis" prefix="Devis&nbsp;:" options={DEVIS_FILTERS} value={view.devis} onChoose={(devis) => setView({ ...viewNow.current, devis, page: 1, demande: '' })} />
        <FilterButtons
          name="Filtrer par territoire"
          prefix="Territoire&nbsp;:"
          options={TERRITORY_FILTERS}
          value={view.territoire}
          onChoose={(territoire) => setView({ ...viewNow.current, territoire, page: 1, demande: '' })}
        />
        <FilterButtons
          name="Filtrer par personne assignée"
          prefix="Dossiers&nbsp;:"
          options={MINE_FILTERS}
          value={view.mine ? 'miens' : ''}
          onChoose={(mine) => setView({ ...viewNow.current, mine: mine === 'miens', page: 1, demande: '' })}
        />
        <form className="admin-search" role="search" onSubmit={submitSearch}>
          <label htmlFor="admin-search-input">Rechercher une demande</label>
          <div className="admin-search-row">
            <input
              ref={searchRef}
              id="admin-search-input"
              type="search"
              name="q"
              placeholder="Nom, e-mail, entreprise, téléphone, message, référence"
              maxLength={200}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <button type="submit" className="btn btn-secondary">
              Rechercher
            </button>
          </div>
        </form>
      </div>

      {notice && (
        <p ref={noticeRef} tabIndex={-1} className={notice.tone === 'error' ? 'admin-alert' : 'admin-success'} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}

      {list.phase === 'loading' && (
        <p className="admin-status-line" role="status">
          Chargement des demandes...
        </p>
      )}
      {list.phase === 'failed' && (
        <div className="admin-load-error" role="alert">
          <p className="admin-load-error-title">Impossible de charger les demandes.</p>
          <p>{list.message}</p>
          <button type="button" className="btn btn-primary" onClick={() => void store.load(view, { force: true })}>
            Réessayer
          </button>
        </div>
      )}
      {page && page.data.length === 0 && (
        <p className="admin-empty">
          {view.q.trim() ? `Aucune demande ne correspond à «\u00a0${view.q.trim()}\u00a0»${view.statut ? ` parmi les ${label.toLowerCase()}` : ''}.` : 'Aucune demande trouvée pour ce filtre.'}
        </p>
      )}
      {page && page.data.length > 0 && (
        <section aria-label={`Demandes\u00a0: ${label}`}>
          <p className="admin-list-count" aria-live="polite">
            {shownCount(page, view)}
          </p>
          <ol className="admin-list">
            {page.data.map((request) => (
              <RequestCard key={request.id} request={request} onStatusChange={(id, statut) => void updateStatus(id, statut)} onOpen={openRequest} />
            ))}
          </ol>
          {page.nextCursor && <ShowMore loading={loadingMore} onClick={() => void showMore()} />}
        </section>
      )}

      {view.demande && (
        <RequestView
          key={view.demande}
          token={token}
          id={view.demande}
          onClose={() => closeRequest()}
          onChanged={reload}
          onDeleted={requestDeleted}
          onUnauthorized={() => onLogout()}
        />
      )}
    </div>
  );
}

/** « 50 demandes affichées sur 120 », or, for a search (whose total the server does not count), « 12 demandes trouvées ». */
function shownCount(page: RequestPage, view: InboxView): string {
  const n = page.data.length;
  const plural = n > 1 ? 's' : '';
  // A search, or a status and a devis state together, have no counter of their own.
  if (view.q.trim() || (view.statut && view.devis)) return page.nextCursor ? `${n} premières demandes trouvées` : `${n} demande${plural} trouvée${plural}`;
  const total = view.devis ? page.devisCounts?.[view.devis] : view.statut ? page.counts[view.statut] : page.counts.total;
  return `${n} demande${plural} affichée${plural} sur ${total ?? n}`;
}
