/**
 * The list's filter, in the browser: reads the URL (`?categorie=`, `?q=`, `?mois=`), then shows the
 * static cards that match the category buttons, the search box and the archive month, and keeps the
 * URL in step so a filtered list can be shared.
 */
import { calendarDay } from '../../records/moment';
import { countLabel, filterFromParams, filterToSearch, matchesNewsFilter, categoryFromParam, type NewsCardFacts, type NewsFilter } from './news';

/** Wires the filter to a list rendered by NewsBrowser.astro. */
export function initNewsFilter(root: HTMLElement): void {
  const cards = [...root.querySelectorAll<HTMLElement>('[data-news-card]')];
  const facts: NewsCardFacts[] = cards.map((card) => ({
    category: card.dataset.category ?? '',
    searchText: card.dataset.search ?? '',
    month: card.dataset.month ?? '',
  }));
  const form = root.querySelector<HTMLFormElement>('[data-news-search]');
  const input = root.querySelector<HTMLInputElement>('[data-news-query]');
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-news-category]')];
  const count = root.querySelector<HTMLElement>('[data-news-count]');
  const countText = root.querySelector<HTMLElement>('[data-news-count-text]');
  const monthLabel = root.querySelector<HTMLElement>('[data-news-month-label]');
  const empty = root.querySelector<HTMLElement>('[data-news-empty]');
  const resetLine = root.querySelector<HTMLElement>('[data-news-reset-line]');

  let filter: NewsFilter = filterFromParams(new URLSearchParams(window.location.search));
  if (input) input.value = filter.query;

  const render = (): void => {
    let shown = 0;
    cards.forEach((card, index) => {
      const visible = matchesNewsFilter(facts[index]!, filter);
      card.hidden = !visible;
      if (visible) shown += 1;
    });
    for (const button of buttons) {
      const value = categoryFromParam(button.dataset.newsCategory || null);
      button.setAttribute('aria-pressed', String(value === filter.category));
    }
    if (count) count.hidden = shown === 0;
    if (countText) countText.textContent = countLabel(shown);
    if (monthLabel) monthLabel.textContent = filter.month ? ` en ${monthName(filter.month)}` : '';
    if (empty) empty.hidden = shown > 0;
    if (resetLine) resetLine.hidden = shown > 0 && filter.month === null;
  };

  const update = (next: NewsFilter): void => {
    filter = next;
    render();
    const url = `${window.location.pathname}${filterToSearch(filter)}`;
    window.history.replaceState(window.history.state, '', url);
  };

  input?.addEventListener('input', () => update({ ...filter, query: input.value }));
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    update({ ...filter, query: input?.value ?? '' });
  });
  for (const button of buttons) {
    button.addEventListener('click', () => update({ ...filter, category: categoryFromParam(button.dataset.newsCategory || null) }));
  }
  root.querySelector('[data-news-reset]')?.addEventListener('click', () => {
    if (input) input.value = '';
    update({ category: null, query: '', month: null });
    input?.focus();
  });

  // The sidebars' links open the list on a category or a month: on the list itself, filter in place.
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-news-link]');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(link.href);
    if (url.pathname !== window.location.pathname) return;
    event.preventDefault();
    const next = filterFromParams(url.searchParams);
    if (input) input.value = next.query;
    update(next);
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    root.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  });

  render();
}

/** « avril 2019 » for « 2019-04 », inside a sentence. */
const monthName = (key: string): string => calendarDay(`${key}-01`, 'month').toLocaleLowerCase('fr');
