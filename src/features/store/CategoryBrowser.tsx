/**
 * The category browser (SPEC.md §2, DECISIONS.md §1, §3): filter, sort (on the price excluding tax),
 * 12 per page with previous / next / numbered buttons. The state lives in the URL query, so a visitor
 * can share a view or go back; the static HTML is the default state's first page.
 */
import { useEffect, useId, useRef, useState } from 'react';
import ProductCard from './ProductCard';
import type { CardProduct } from '../catalogue/card';
import {
  browse,
  browseQuery,
  decodeFilter,
  DEFAULT_STATE,
  encodeFilter,
  filterGroups,
  pageNumbers,
  parseBrowseQuery,
  SORT_KEYS,
  SORT_LABELS,
  withFilter,
  withSort,
  type BrowseState,
  type SortKey,
} from '../catalogue/browse';

interface Props {
  products: CardProduct[];
  categoryTitles: Record<string, string>;
  /** Accessible name of the list region, e.g. « Produits : Étiquettes ». */
  label: string;
}

const countLabel = (n: number) => `${n} produit${n > 1 ? 's' : ''}`;

export default function CategoryBrowser({ products, categoryTitles, label }: Props) {
  const [state, setState] = useState<BrowseState>(DEFAULT_STATE);
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const groups = filterGroups(products, categoryTitles);
  const view = browse(products, state);

  // After hydration, take the state from the URL, and follow the back and forward buttons.
  useEffect(() => {
    const read = () => setState(parseBrowseQuery(window.location.search));
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);

  const go = (next: BrowseState, scroll = false) => {
    setState(next);
    const url = `${window.location.pathname}${browseQuery(next)}${window.location.hash}`;
    window.history.pushState(null, '', url);
    if (scroll) listRef.current?.scrollIntoView({ block: 'start' });
  };

  const filterValue = encodeFilter(state.filter);
  const single = groups.length === 1 && groups[0]?.label === undefined;

  return (
    <div className="browser">
      <div className="browser-controls">
        <div className="field">
          <label htmlFor={`${id}-filter`}>{single ? 'Gamme' : 'Catégorie'}</label>
          <select id={`${id}-filter`} value={filterValue} onChange={(e) => go(withFilter(state, decodeFilter(e.target.value)))}>
            <option value="">{single ? 'Toutes les gammes' : 'Toutes les catégories'} ({products.length})</option>
            {groups.map((group) =>
              group.label === undefined ? (
                group.options.map((o) => <option key={o.value} value={o.value}>{`${o.label} (${o.count})`}</option>)
              ) : (
                <optgroup key={group.label} label={group.label}>
                  {group.options.map((o) => <option key={o.value} value={o.value}>{`${o.label} (${o.count})`}</option>)}
                </optgroup>
              ),
            )}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-sort`}>Trier par</label>
          <select id={`${id}-sort`} value={state.sort} onChange={(e) => go(withSort(state, e.target.value as SortKey))}>
            {SORT_KEYS.map((key) => (
              <option key={key} value={key}>{SORT_LABELS[key]}</option>
            ))}
          </select>
        </div>
        <p className="browser-count" role="status">
          {countLabel(view.total)}
          {view.pageCount > 1 && ` · page ${view.page} sur ${view.pageCount}`}
        </p>
      </div>

      <div ref={listRef} className="product-grid" role="region" aria-label={label}>
        {view.items.map((product, index) => (
          <ProductCard key={product.id} product={product} eager={index < 4} />
        ))}
      </div>

      {view.pageCount > 1 && (
        <nav className="pagination" aria-label="Pagination">
          <button type="button" className="page-button" disabled={view.page === 1} onClick={() => go({ ...state, page: view.page - 1 }, true)}>
            Précédent
          </button>
          <ul>
            {pageNumbers(view.pageCount).map((n) => (
              <li key={n}>
                <button
                  type="button"
                  className="page-button"
                  aria-label={`Page ${n}`}
                  aria-current={n === view.page ? 'page' : undefined}
                  onClick={() => go({ ...state, page: n }, true)}
                >
                  {n}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="page-button" disabled={view.page === view.pageCount} onClick={() => go({ ...state, page: view.page + 1 }, true)}>
            Suivant
          </button>
        </nav>
      )}
    </div>
  );
}
