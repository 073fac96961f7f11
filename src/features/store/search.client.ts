/**
 * The store search page in plain TypeScript. Reads the term from `?q=`, asks the search worker
 * (search.worker.ts, which runs Pagefind) and shows the count and the first cards, drawn from the page's
 * card template, with « Afficher plus » for the next ones; or « Aucun produit trouvé » with suggestions;
 * or, without a term, the prompt (nothing is loaded).
 */
import { searchQuery } from '../catalogue/search';
import { PAGE_SIZE } from '../../lib/constants';
import { renderCard } from './card-template';
import { searchCount } from './phrases';
import type { SearchReply, SearchRequest } from './search.worker';

const root = document.querySelector<HTMLElement>('[data-search]');

/** Shows one state of the page and hides the others. */
const showState = (name: 'prompt' | 'pending' | 'error' | 'none' | 'results') => {
  for (const element of root?.querySelectorAll<HTMLElement>('[data-search-state]') ?? []) element.hidden = element.dataset.searchState !== name;
};

/** Starts the search worker; returns how to ask it for a slice of the results of a query. */
function startWorker(): (query: string, from: number, to: number) => Promise<SearchReply> {
  const worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, (reply: SearchReply) => void>();
  let lastId = 0;
  worker.addEventListener('message', ({ data }: MessageEvent<SearchReply>) => {
    waiting.get(data.id)?.(data);
    waiting.delete(data.id);
  });
  // A worker that cannot start (its script unreachable) fails every question asked.
  worker.addEventListener('error', () => {
    for (const [id, answer] of waiting) answer({ id, failed: true });
    waiting.clear();
  });
  return (query, from, to) =>
    new Promise((resolve) => {
      lastId += 1;
      waiting.set(lastId, resolve);
      worker.postMessage({ id: lastId, query, from, to } satisfies SearchRequest);
    });
}

async function run(term: string): Promise<void> {
  const query = searchQuery(term);
  if (!query) return showState('prompt');
  showState('pending');
  const ask = startWorker();
  const first = await ask(query, 0, PAGE_SIZE);
  if ('failed' in first) return showState('error');
  if (first.count === 0) {
    root!.querySelector('[data-search-term]')!.textContent = term.trim();
    return showState('none');
  }
  root!.querySelector('[data-search-count]')!.textContent = searchCount(first.count, term.trim());
  const list = root!.querySelector<HTMLElement>('[data-search-list]')!;
  const more = root!.querySelector<HTMLButtonElement>('[data-search-more]')!;
  let shown = 0;
  const show = (reply: Extract<SearchReply, { cards: unknown }>) => {
    list.append(...reply.cards.flatMap((card, index) => renderCard(card, shown === 0 && index < 4) ?? []));
    shown += PAGE_SIZE;
    more.hidden = shown >= first.count;
  };
  // Only the results shown load their data: a page of cards at a time.
  more.addEventListener('click', async () => {
    more.disabled = true;
    const next = await ask(query, shown, shown + PAGE_SIZE);
    more.disabled = false;
    if ('failed' in next) return showState('error');
    show(next);
  });
  show(first);
  showState('results');
}

if (root) {
  const term = new URLSearchParams(window.location.search).get('q') ?? '';
  // The header's search box is static HTML: show the term searched in it.
  const box = document.getElementById('store-search-input');
  if (box instanceof HTMLInputElement && !box.value) box.value = term;
  void run(term);
}
