/**
 * The category browser's pure logic: filter, sort, paging and their URL query.
 * The island and the static first page both call these, so they agree.
 */
import { PAGE_SIZE } from '../../lib/constants';

/** What the browser needs of a product. */
export interface BrowsableProduct {
  name: string;
  category: string;
  subcategory: string;
  priceHT: number;
}

export const SORT_KEYS = ['nom', 'prix-croissant', 'prix-decroissant'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DEFAULT_SORT: SortKey = 'nom';

export const SORT_LABELS: Record<SortKey, string> = {
  nom: 'Nom (A à Z)',
  'prix-croissant': 'Prix HT croissant',
  'prix-decroissant': 'Prix HT décroissant',
};

/** A filter: everything, one category, or one subcategory of one category. */
export interface Filter {
  category?: string | undefined;
  subcategory?: string | undefined;
}

/** The browser state kept in the URL query. */
export interface BrowseState {
  filter: Filter;
  sort: SortKey;
  page: number;
}

export const DEFAULT_STATE: BrowseState = { filter: {}, sort: DEFAULT_SORT, page: 1 };

const byName = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** Sorts by name (French collation), or by price excluding tax; ties keep catalogue order. */
export function sortProducts<T extends BrowsableProduct>(products: readonly T[], sort: SortKey): T[] {
  const copy = [...products];
  if (sort === 'nom') return copy.sort((a, b) => byName.compare(a.name, b.name));
  const sign = sort === 'prix-croissant' ? 1 : -1;
  return copy.sort((a, b) => sign * (Math.round(a.priceHT * 100) - Math.round(b.priceHT * 100)));
}

/** Keeps the products of the filter; the empty filter keeps all. */
export const filterProducts = <T extends BrowsableProduct>(products: readonly T[], filter: Filter): T[] =>
  products.filter(
    (p) => (!filter.category || p.category === filter.category) && (!filter.subcategory || p.subcategory === filter.subcategory),
  );

export interface Page<T> {
  items: T[];
  /** The page shown, clamped to 1..pageCount. */
  page: number;
  pageCount: number;
  total: number;
}

/** How many pages `total` items fill, `size` a page (PAGE_SIZE by default): at least 1, an empty list showing one empty page. */
export const pageCountOf = (total: number, size: number = PAGE_SIZE): number => Math.max(1, Math.ceil(total / size));

/** The page shown for a wanted page: a whole number within 1..pageCount (the nearest one when out of range). */
export const clampPage = (page: number, pageCount: number): number => Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);

/** One page of `size` items (PAGE_SIZE by default); an out-of-range page shows the nearest one. */
export function paginate<T>(items: readonly T[], page: number, size: number = PAGE_SIZE): Page<T> {
  const pageCount = pageCountOf(items.length, size);
  const current = clampPage(page, pageCount);
  return { items: items.slice((current - 1) * size, current * size), page: current, pageCount, total: items.length };
}

/** Filter, then sort, then page: what the browser shows for a state. */
export const browse = <T extends BrowsableProduct>(products: readonly T[], state: BrowseState, size: number = PAGE_SIZE): Page<T> =>
  paginate(sortProducts(filterProducts(products, state.filter), state.sort), state.page, size);

/** A new state after the visitor changed the filter or the sort: back to page 1. */
export const withFilter = (state: BrowseState, filter: Filter): BrowseState => ({ ...state, filter, page: 1 });
export const withSort = (state: BrowseState, sort: SortKey): BrowseState => ({ ...state, sort, page: 1 });

const isSortKey = (value: string | null): value is SortKey => (SORT_KEYS as readonly string[]).includes(value ?? '');

/** Reads the state from a URL query (`?categorie=…&gamme=…&tri=…&page=…`); unknown values fall back to defaults. */
export function parseBrowseQuery(search: string | URLSearchParams): BrowseState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = params.get('tri');
  const page = Number(params.get('page'));
  return {
    filter: { category: params.get('categorie') || undefined, subcategory: params.get('gamme') || undefined },
    sort: isSortKey(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL query of a state, empty for the default state (so the plain URL is the first page). */
export function browseQuery(state: BrowseState): string {
  const params = new URLSearchParams();
  if (state.filter.category) params.set('categorie', state.filter.category);
  if (state.filter.subcategory) params.set('gamme', state.filter.subcategory);
  if (state.sort !== DEFAULT_SORT) params.set('tri', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export interface FilterOption {
  /** `select` value: encodeFilter(filter). */
  value: string;
  label: string;
  count: number;
}

export interface FilterGroup {
  /** Category title for an optgroup, or undefined on a single-category page. */
  label?: string | undefined;
  options: FilterOption[];
}

/** One string per filter for a `select`: '' (all), 'category', or 'category|subcategory'. */
export const encodeFilter = (filter: Filter): string =>
  filter.category ? (filter.subcategory ? `${filter.category}|${filter.subcategory}` : filter.category) : '';

/** The filter of a `select` value made by encodeFilter. */
export function decodeFilter(value: string): Filter {
  if (!value) return {};
  const [category, subcategory] = value.split('|');
  return { category: category || undefined, subcategory: subcategory || undefined };
}

/**
 * The filter choices of a page: on a single category page its subcategories; on a group page or the
 * whole catalogue, each member category then its subcategories. Order of first appearance.
 */
export function filterGroups(products: readonly BrowsableProduct[], categoryTitles: Readonly<Record<string, string>>): FilterGroup[] {
  const categories = [...new Set(products.map((p) => p.category))];
  const subOptions = (category: string): FilterOption[] => {
    const inCategory = products.filter((p) => p.category === category);
    return [...new Set(inCategory.map((p) => p.subcategory))].map((subcategory) => ({
      value: encodeFilter({ category, subcategory }),
      label: subcategory,
      count: inCategory.filter((p) => p.subcategory === subcategory).length,
    }));
  };
  if (categories.length === 1) return [{ options: subOptions(categories[0]!) }];
  return categories.map((category) => {
    const title = categoryTitles[category] ?? category;
    return {
      label: title,
      options: [{ value: encodeFilter({ category }), label: `Toute la catégorie ${title}`, count: products.filter((p) => p.category === category).length }, ...subOptions(category)],
    };
  });
}

/**
 * The numbered page links to show: every page up to 9, else the first, the last, the current one and two
 * neighbours each side, with `null` for each gap (« … »), so a list of 800 pages still fits on a phone.
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  if (pageCount <= 9) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? [null, n] : [n]));
}

/**
 * The products a listing shows for a filter, as a name: the listing itself without a filter; a category
 * id (the same products as that category's own page); or the category id and its subcategory as a slug.
 * The pre-built data of a scope is shared by every page that shows it.
 */
export function browseScope(listing: string, filter: Filter): string {
  if (!filter.category) return listing;
  if (!filter.subcategory) return filter.category;
  const slug = filter.subcategory.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${filter.category}--${slug}`;
}

/** One pre-built page of a listing for a filter and a sort (written at build, fetched by the browser script). */
export interface BrowseData<T> {
  total: number;
  pageCount: number;
  page: number;
  items: T[];
}
