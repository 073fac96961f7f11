/**
 * The inbox's server state in one store: the list the screen shows (loading, failed, or a page with its
 * counters) and whether « Afficher plus » is under way. Every call to the server goes through here, and
 * here only is it decided whether its answer still counts: a load or « Afficher plus » answered after a
 * newer load started is dropped, so a slow answer never draws an old filter or search over a new one.
 *
 * The store knows nothing of React; the island reads it with `useStore` and asks it to load.
 */
import { latestAnswer } from '../../lib/latest-answer';
import { atom, type ReadableAtom } from 'nanostores';
import type { RequestPage } from '../contact/request';
import type { Failure, PageQuery, Result } from './api';
import { NETWORK_ERROR } from '../../lib/phrases';
import { filtersOf, sameFilters, sameList, type InboxView } from './url-state';

/** What the list shows. */
export type ListState = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; page: RequestPage };

export interface InboxState {
  list: ListState;
  /** « Afficher plus » waits for its page. */
  loadingMore: boolean;
  /** The list (filter, search, pages) that `list` shows, when it is ready. */
  shown?: Pick<InboxView, 'statut' | 'devis' | 'territoire' | 'mine' | 'q' | 'page'>;
}

/** The server calls the store makes (the island gives it the token-bound ones of api.ts). */
export interface InboxCalls {
  fetchPages: (query: PageQuery, pages: number) => Promise<Result<RequestPage>>;
  fetchPage: (query: PageQuery) => Promise<Result<RequestPage>>;
  /** A failed call: logs out on a 401, and gives the sentence to show. */
  failure: (result: Failure) => string;
}

export interface InboxStore {
  $state: ReadableAtom<InboxState>;
  /**
   * Loads a view's list (all its pages). `keep`: the list on screen stays until the answer comes (a
   * reload after a change, or the same search with other pages). Nothing is loaded when the screen
   * already shows that list, unless `force`.
   */
  load: (view: InboxView, options?: { keep?: boolean; force?: boolean }) => Promise<void>;
  /** « Afficher plus »: appends the next page; the new page count, or an error sentence, or undefined when dropped. */
  more: (view: InboxView) => Promise<{ page: number } | { error: string } | undefined>;
}

/** A call that threw instead of answering (a bug, a browser refusal): a failure like no answer at all, so the list never stays « Chargement… ». */
const thrownAsFailure = (error: unknown): Failure => {
  console.error('admin: the inbox list call failed', error);
  return { ok: false, unauthorized: false, status: 0, message: NETWORK_ERROR };
};

export function createInboxStore(calls: InboxCalls): InboxStore {
  const $state = atom<InboxState>({ list: { phase: 'loading' }, loadingMore: false });
  /** Each load is a new turn; an answer to an older one is dropped. */
  const latest = latestAnswer();

  const set = (change: Partial<InboxState>) => $state.set({ ...$state.get(), ...change });

  async function load(view: InboxView, { keep, force = false }: { keep?: boolean; force?: boolean } = {}) {
    const { shown } = $state.get();
    if (!force && shown && sameList(shown as InboxView, view)) return;
    const stillLatest = latest.start();
    const keepList = keep ?? Boolean(shown && sameFilters(shown, view));
    if (!keepList) set({ list: { phase: 'loading' }, shown: undefined });
    const result = await calls.fetchPages(filtersOf(view), view.page).catch(thrownAsFailure);
    if (!stillLatest()) return;
    if (result.ok) set({ list: { phase: 'ready', page: result.value }, shown: { ...filtersOf(view), page: view.page } });
    else set({ list: { phase: 'failed', message: calls.failure(result) }, shown: undefined });
  }

  async function more(view: InboxView) {
    const { list } = $state.get();
    if (list.phase !== 'ready' || !list.page.nextCursor) return undefined;
    const stillLatest = latest.current();
    set({ loadingMore: true });
    const result = await calls.fetchPage({ ...filtersOf(view), cursor: list.page.nextCursor }).catch(thrownAsFailure);
    set({ loadingMore: false });
    // A new filter or search started a new load meanwhile: this page belongs to the old list.
    if (!stillLatest()) return undefined;
    if (!result.ok) return { error: calls.failure(result) };
    const current = $state.get().list;
    if (current.phase !== 'ready') return undefined;
    const page = view.page + 1;
    set({ list: { phase: 'ready', page: { ...result.value, data: [...current.page.data, ...result.value.data] } }, shown: { ...filtersOf(view), page } });
    return { page };
  }

  return { $state, load, more };
}
