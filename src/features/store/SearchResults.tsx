/**
 * Store search results (SPEC.md §2, §5, §8). Reads the term from `?q=`, loads the compact search index
 * only when there is a term, and shows the result count and cards, « Aucun produit trouvé » with
 * suggestions, or a prompt when there is no term. Matching ignores case and accents.
 */
import { useEffect, useState } from 'react';
import ProductCard from './ProductCard';
import { searchProducts, searchWords, NO_RESULT_SUGGESTIONS } from '../catalogue/search';
import { fromSearchRow, type SearchIndex, type SearchRow } from '../catalogue/search-index';
import { searchIndexPath } from '../../lib/paths';
import type { CardProduct } from '../catalogue/card';

type View =
  | { kind: 'pending' }
  | { kind: 'prompt' }
  | { kind: 'error' }
  | { kind: 'results'; term: string; products: CardProduct[] };

/** The id of the header's search input (StoreHeader.astro). */
const SEARCH_INPUT_ID = 'store-search-input';

let indexPromise: Promise<SearchRow[]> | undefined;
/** Loads the index once per page. */
const loadIndex = (): Promise<SearchRow[]> =>
  (indexPromise ??= fetch(searchIndexPath)
    .then((response) => {
      if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
      return response.json() as Promise<SearchIndex>;
    })
    .then((index) => index.rows));

export default function SearchResults() {
  const [view, setView] = useState<View>({ kind: 'pending' });

  useEffect(() => {
    const term = new URLSearchParams(window.location.search).get('q') ?? '';
    // The header's search box is static HTML: show the term searched in it.
    const box = document.getElementById(SEARCH_INPUT_ID);
    if (box instanceof HTMLInputElement && !box.value) box.value = term;
    if (searchWords(term).length === 0) {
      setView({ kind: 'prompt' });
      return;
    }
    let active = true;
    loadIndex()
      .then((rows) => {
        if (!active) return;
        const found = searchProducts(rows, term, (row) => row[11]).map(fromSearchRow);
        setView({ kind: 'results', term: term.trim(), products: found });
      })
      .catch(() => active && setView({ kind: 'error' }));
    return () => {
      active = false;
    };
  }, []);

  if (view.kind === 'pending') return <p className="search-status" role="status">Recherche en cours…</p>;
  if (view.kind === 'prompt') {
    return (
      <div className="search-empty">
        <h2>Que recherchez-vous ?</h2>
        <p>Saisissez un nom de produit, une marque, une gamme ou une référence dans le champ de recherche en haut de la page, par exemple « étiquettes », « DS2208 » ou « tablette ».</p>
      </div>
    );
  }
  if (view.kind === 'error') return <p className="search-status" role="alert">La recherche est momentanément indisponible. Veuillez réessayer dans un instant.</p>;

  const count = view.products.length;
  if (count === 0) {
    return (
      <div className="search-empty" role="status">
        <h2>Aucun produit trouvé</h2>
        <p>Aucun produit ne correspond à « {view.term} ». Quelques conseils :</p>
        <ul>
          {NO_RESULT_SUGGESTIONS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <>
      <div role="status">
        <h2 className="search-count">
          {count} produit{count > 1 ? 's' : ''} trouvé{count > 1 ? 's' : ''} pour « {view.term} »
        </h2>
      </div>
      <div className="product-grid">
        {view.products.map((product, index) => (
          <ProductCard key={product.id} product={product} eager={index < 4} />
        ))}
      </div>
    </>
  );
}
