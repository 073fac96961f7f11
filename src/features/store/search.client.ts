/**
 * The store search page in plain TypeScript. Reads the term from `?q=`, asks Pagefind (its script, its
 * WebAssembly and the index chunks of the words searched, all from this site) and shows the count and
 * the first cards, drawn from the page's card template, with « Afficher plus » for the next ones; or
 * « Aucun produit trouvé » with suggestions; or, without a term, the prompt (nothing is loaded).
 */
import type { CardProduct } from '../catalogue/card';
import { searchQuery } from '../catalogue/search';
import { PAGE_SIZE } from '../../lib/constants';
import { renderCard } from './card-template';
import { searchCount } from './phrases';

/** What the part of Pagefind's API used here returns. */
interface PagefindResult {
  data: () => Promise<{ meta: Record<string, string> }>;
}
interface Pagefind {
  options: (options: { noWorker?: boolean }) => Promise<void>;
  search: (query: string) => Promise<{ results: PagefindResult[] }>;
}

/** Where the build writes Pagefind (src/features/catalogue/pagefind.ts). */
const PAGEFIND_URL = '/pagefind/pagefind.js';

const root = document.querySelector<HTMLElement>('[data-search]');

/** Shows one state of the page and hides the others. */
const showState = (name: 'prompt' | 'pending' | 'error' | 'none' | 'results') => {
  for (const element of root?.querySelectorAll<HTMLElement>('[data-search-state]') ?? []) element.hidden = element.dataset.searchState !== name;
};

/** The card data Pagefind keeps with a product page (its `card` meta). */
const cardOf = async (result: PagefindResult): Promise<CardProduct | undefined> => {
  try {
    return JSON.parse((await result.data()).meta.card ?? '') as CardProduct;
  } catch {
    return undefined;
  }
};

async function run(term: string): Promise<void> {
  const query = searchQuery(term);
  if (!query) return showState('prompt');
  showState('pending');
  try {
    const pagefind = (await import(/* @vite-ignore */ PAGEFIND_URL)) as Pagefind;
    // One search per page view: running it in the page spares the download of Pagefind's worker script.
    await pagefind.options({ noWorker: true });
    // Pagefind leaves out a word it has never indexed; a product must match every word of the term, so a
    // word found nowhere means no result (« machine à café » must not list what only matches « à »).
    const words = query.split(' ');
    const [whole, ...each] = await Promise.all([query, ...(words.length > 1 ? words : [])].map((q) => pagefind.search(q)));
    const results = whole?.results ?? [];
    if (results.length === 0 || each.some((found) => found.results.length === 0)) {
      root!.querySelector('[data-search-term]')!.textContent = term.trim();
      return showState('none');
    }
    const count = results.length;
    root!.querySelector('[data-search-count]')!.textContent = searchCount(count, term.trim());
    const list = root!.querySelector<HTMLElement>('[data-search-list]')!;
    const more = root!.querySelector<HTMLButtonElement>('[data-search-more]')!;
    let shown = 0;
    // Only the results shown load their data: a page of cards at a time.
    const showMore = async () => {
      more.disabled = true;
      const cards: (CardProduct | undefined)[] = await Promise.all(results.slice(shown, shown + PAGE_SIZE).map(cardOf));
      list.append(...cards.flatMap((card, index) => (card ? (renderCard(card, shown === 0 && index < 4) ?? []) : [])));
      shown += PAGE_SIZE;
      more.hidden = shown >= count;
      more.disabled = false;
    };
    more.addEventListener('click', () => void showMore());
    await showMore();
    showState('results');
  } catch {
    showState('error');
  }
}

if (root) {
  const term = new URLSearchParams(window.location.search).get('q') ?? '';
  // The header's search box is static HTML: show the term searched in it.
  const box = document.getElementById('store-search-input');
  if (box instanceof HTMLInputElement && !box.value) box.value = term;
  void run(term);
}
