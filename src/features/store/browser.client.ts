/**
 * The category browser's filter and sort, in plain TypeScript over the static page of CategoryBrowser.astro.
 * A view is (filter, sort, page); its cards come from the one pre-built JSON page of data it shows
 * (browse-data.ts), never from the whole category. The default order's pages are the pre-rendered
 * /page/N addresses; any other view lives in the URL query of the listing's first page.
 */
import {
  browseQuery,
  browseScope,
  clampPage,
  decodeFilter,
  DEFAULT_SORT,
  encodeFilter,
  pageCountOf,
  parseBrowseQuery,
  withFilter,
  withSort,
  type BrowseData,
  type BrowseState,
  type SortKey,
} from '../catalogue/browse';
import type { CardProduct } from '../catalogue/card';
import { browseDataPath, listingPath } from '../../lib/paths';
import { renderCard } from './card-template';
import { renderPagination } from './pagination';
import { browseStatus } from './phrases';

const root = document.querySelector<HTMLElement>('[data-browser]');
const filterSelect = root?.querySelector<HTMLSelectElement>('[data-browse-filter]');
const sortSelect = root?.querySelector<HTMLSelectElement>('[data-browse-sort]');
const list = root?.querySelector<HTMLElement>('[data-browse-list]');
const status = root?.querySelector<HTMLElement>('[data-browse-count]');
const nav = root?.querySelector<HTMLElement>('[data-pagination]');

if (root && filterSelect && sortSelect && list && status && nav) {
  const listing = root.dataset.listing ?? '';
  const staticPage = Number(root.dataset.page) || 1;
  const isDefaultOrder = (state: BrowseState) => !state.filter.category && state.sort === DEFAULT_SORT;
  /** The address of a view: a pre-rendered page for the default order, else the first page with a query. */
  const addressOf = (state: BrowseState) => (isDefaultOrder(state) ? listingPath(listing, state.page) : `${listingPath(listing)}${browseQuery(state)}`);
  const optionOf = (state: BrowseState) => [...filterSelect.options].find((option) => option.value === encodeFilter(state.filter));

  let shown: BrowseState = { filter: {}, sort: DEFAULT_SORT, page: staticPage };
  let request = 0;

  /** Draws a view: controls at once, then the cards, the status and the page links from its data page. */
  async function show(wanted: BrowseState, { push = false, scroll = false } = {}): Promise<void> {
    // An unknown filter shows everything; a page past the end shows the last one.
    const option = optionOf(wanted) ?? filterSelect!.options[0]!;
    const filter = optionOf(wanted) ? wanted.filter : {};
    const state: BrowseState = { filter, sort: wanted.sort, page: clampPage(wanted.page, pageCountOf(Number(option.dataset.count))) };
    filterSelect!.value = encodeFilter(filter);
    sortSelect!.value = state.sort;
    if (push) window.history.pushState(null, '', addressOf(state));
    shown = state;

    const current = (request += 1);
    list!.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(browseDataPath(browseScope(listing, filter), state.sort, state.page));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const data = (await response.json()) as BrowseData<CardProduct>;
      if (current !== request) return;
      list!.replaceChildren(...data.items.flatMap((product, index) => renderCard(product, index < 4) ?? []));
      status!.textContent = browseStatus(data.total, data.page, data.pageCount);
      renderPagination(nav!, data.page, data.pageCount, (page) => addressOf({ ...state, page }));
      if (scroll) list!.scrollIntoView({ block: 'start' });
    } catch {
      if (current === request) status!.textContent = 'Impossible de charger les produits. Veuillez réessayer.';
    } finally {
      if (current === request) list!.removeAttribute('aria-busy');
    }
  }

  /** The view the address asks for: the query if any, else this pre-rendered page. */
  const addressed = (): BrowseState => (window.location.search ? parseBrowseQuery(window.location.search) : { filter: {}, sort: DEFAULT_SORT, page: staticPage });

  filterSelect.addEventListener('change', () => void show(withFilter(shown, decodeFilter(filterSelect.value)), { push: true }));
  sortSelect.addEventListener('change', () => void show(withSort(shown, sortSelect.value as SortKey), { push: true }));
  nav.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-page][href]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void show({ ...shown, page: Number(link.dataset.page) }, { push: true, scroll: true });
  });
  window.addEventListener('popstate', () => void show(addressed()));

  const initial = addressed();
  if (!(isDefaultOrder(initial) && initial.page === staticPage)) void show(initial);
}
