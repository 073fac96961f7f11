/**
 * The store search, in a worker of the search page: Pagefind (its script, its WebAssembly and the index
 * chunks of the words searched, all from this site) runs here in its no-worker mode. The page's thread
 * never runs the search (it blocked it for 320 ms on Lighthouse's phone), and Pagefind's own worker
 * script is not downloaded (the search of « DS3608 » stays under its 150 KB at 10 000 products).
 *
 * The page sends a query already normalised (searchQuery) and the slice of results it shows; the worker
 * answers the number of results and the cards of that slice. The results of the last query are kept, so
 * « Afficher plus » loads only its cards.
 */
import type { CardProduct } from '../catalogue/card';

/** What the page asks: the cards of results `from` to `to` (excluded) of `query`. */
export interface SearchRequest {
  id: number;
  query: string;
  from: number;
  to: number;
}

/** What the worker answers: the number of results and the cards asked for, or that the search failed. */
export type SearchReply = { id: number; count: number; cards: CardProduct[] } | { id: number; failed: true };

/** What the part of Pagefind's API used here returns. */
interface PagefindResult {
  data: () => Promise<{ meta: Record<string, string> }>;
}
interface Pagefind {
  options: (options: { noWorker: boolean }) => Promise<void>;
  search: (query: string) => Promise<{ results: PagefindResult[] }>;
}

/** Where the build writes Pagefind (src/features/catalogue/pagefind.ts). */
const PAGEFIND_URL = '/pagefind/pagefind.js';

let pagefind: Promise<Pagefind> | undefined;
const loadPagefind = (): Promise<Pagefind> =>
  (pagefind ??= (async () => {
    const loaded = (await import(/* @vite-ignore */ PAGEFIND_URL)) as Pagefind;
    await loaded.options({ noWorker: true });
    return loaded;
  })());

/**
 * The results of a query. Pagefind leaves out a word it has never indexed; a product must match every
 * word of the term, so a word found nowhere means no result (« machine à café » must not list what only
 * matches « à »).
 */
async function find(query: string): Promise<PagefindResult[]> {
  const engine = await loadPagefind();
  const words = query.split(' ');
  const [whole, ...each] = await Promise.all([query, ...(words.length > 1 ? words : [])].map((q) => engine.search(q)));
  if (each.some((found) => found.results.length === 0)) return [];
  return whole?.results ?? [];
}

/** The card data Pagefind keeps with a product (its `card` meta). */
const cardOf = async (result: PagefindResult): Promise<CardProduct | undefined> => {
  try {
    return JSON.parse((await result.data()).meta.card ?? '') as CardProduct;
  } catch {
    return undefined;
  }
};

let last: { query: string; results: Promise<PagefindResult[]> } | undefined;

self.addEventListener('message', async ({ data }: MessageEvent<SearchRequest>) => {
  const { id, query, from, to } = data;
  try {
    if (last?.query !== query) last = { query, results: find(query) };
    const results = await last.results;
    const cards = (await Promise.all(results.slice(from, to).map(cardOf))).filter((card) => card !== undefined);
    self.postMessage({ id, count: results.length, cards } satisfies SearchReply);
  } catch {
    if (last?.query === query) last = undefined;
    self.postMessage({ id, failed: true } satisfies SearchReply);
  }
});
