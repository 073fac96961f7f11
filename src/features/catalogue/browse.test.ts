import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../lib/constants';
import { browse, browseQuery, browseScope, clampPage, pageCountOf, pageWindow, decodeFilter, encodeFilter, filterGroups, filterProducts, paginate, parseBrowseQuery, sortProducts, withFilter, withSort, DEFAULT_STATE } from './browse';

const p = (name: string, priceHT: number, category = 'etiquettes', subcategory = 'Z-Select') => ({ name, priceHT, category, subcategory });
const products = [
  p('Zèbre', 10),
  p('étiquette', 30, 'etiquettes', 'PolyPro'),
  p('Imprimante 10', 20, 'imprimantes-etiquettes', 'Bureau'),
  p('Imprimante 9', 5, 'imprimantes-etiquettes', 'Industrielle'),
];

describe('sort', () => {
  it('sorts by name in French order, accents and numbers included', () => {
    expect(sortProducts(products, 'nom').map((x) => x.name)).toEqual(['étiquette', 'Imprimante 9', 'Imprimante 10', 'Zèbre']);
  });
  it('sorts by price excluding tax, ascending and descending', () => {
    expect(sortProducts(products, 'prix-croissant').map((x) => x.priceHT)).toEqual([5, 10, 20, 30]);
    expect(sortProducts(products, 'prix-decroissant').map((x) => x.priceHT)).toEqual([30, 20, 10, 5]);
  });
  it('does not reorder the list it is given', () => {
    const copy = [...products];
    sortProducts(products, 'prix-croissant');
    expect(products).toEqual(copy);
  });
});

describe('filter', () => {
  it('keeps everything with the empty filter', () => {
    expect(filterProducts(products, {})).toHaveLength(4);
  });
  it('keeps one category, or one subcategory of it', () => {
    expect(filterProducts(products, { category: 'imprimantes-etiquettes' }).map((x) => x.name)).toEqual(['Imprimante 10', 'Imprimante 9']);
    expect(filterProducts(products, { category: 'etiquettes', subcategory: 'PolyPro' }).map((x) => x.name)).toEqual(['étiquette']);
  });
  it('offers subcategories on a one-category page and categories then subcategories on a group page', () => {
    const single = filterGroups(products.slice(0, 2), { etiquettes: 'Étiquettes' });
    expect(single).toEqual([{ options: [{ value: 'etiquettes|Z-Select', label: 'Z-Select', count: 1 }, { value: 'etiquettes|PolyPro', label: 'PolyPro', count: 1 }] }]);
    const group = filterGroups(products, { etiquettes: 'Étiquettes', 'imprimantes-etiquettes': 'Imprimantes' });
    expect(group.map((g) => g.label)).toEqual(['Étiquettes', 'Imprimantes']);
    expect(group[1]?.options.map((o) => o.value)).toEqual(['imprimantes-etiquettes', 'imprimantes-etiquettes|Bureau', 'imprimantes-etiquettes|Industrielle']);
    expect(group[1]?.options[0]?.count).toBe(2);
  });
  it('encodes a filter as one select value and back', () => {
    for (const f of [{}, { category: 'a' }, { category: 'a', subcategory: 'ET40 & ET45' }]) expect(decodeFilter(encodeFilter(f))).toEqual({ category: undefined, subcategory: undefined, ...f });
  });
});

describe('paging', () => {
  const many = Array.from({ length: 30 }, (_, i) => i + 1);
  it(`shows ${PAGE_SIZE} per page`, () => {
    expect(paginate(many, 1).items).toHaveLength(PAGE_SIZE);
    expect(paginate(many, 3).items).toEqual([25, 26, 27, 28, 29, 30]);
    expect(paginate(many, 1).pageCount).toBe(3);
  });
  it('counts at least one page, a partial last page included', () => {
    expect([0, 1, PAGE_SIZE, PAGE_SIZE + 1].map((total) => pageCountOf(total))).toEqual([1, 1, 1, 2]);
    expect([0, 2.7, 7, Number.NaN].map((page) => clampPage(page, 3))).toEqual([1, 2, 3, 1]);
  });
  it('clamps an out-of-range page', () => {
    expect(paginate(many, 9).page).toBe(3);
    expect(paginate(many, -1).page).toBe(1);
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });
  it('resets to page 1 when the filter or the sort changes', () => {
    const onPage3 = { ...DEFAULT_STATE, page: 3 };
    expect(withFilter(onPage3, { category: 'x' }).page).toBe(1);
    expect(withSort(onPage3, 'prix-croissant').page).toBe(1);
  });
  it('filters, then sorts, then pages', () => {
    const page = browse(products, { filter: { category: 'imprimantes-etiquettes' }, sort: 'prix-croissant', page: 1 }, 1);
    expect(page.items.map((x) => x.name)).toEqual(['Imprimante 9']);
    expect(page.pageCount).toBe(2);
  });
});

describe('page links', () => {
  it('shows every page up to 9', () => {
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('keeps the ends, the current page and two neighbours each side, with gaps, for long lists', () => {
    expect(pageWindow(1, 834)).toEqual([1, 2, 3, null, 834]);
    expect(pageWindow(400, 834)).toEqual([1, null, 398, 399, 400, 401, 402, null, 834]);
    expect(pageWindow(4, 834)).toEqual([1, 2, 3, 4, 5, 6, null, 834]);
  });
});

describe('data scopes', () => {
  it('names the listing without a filter, the category with one, and the subcategory as a slug', () => {
    expect(browseScope('consommables', {})).toBe('consommables');
    expect(browseScope('consommables', { category: 'badges' })).toBe('badges');
    expect(browseScope('tablettes', { category: 'tablettes', subcategory: 'ET40 & ET45' })).toBe('tablettes--et40-et45');
    expect(browseScope('films-transfert', { category: 'films-transfert', subcategory: 'Rubans résine' })).toBe('films-transfert--rubans-resine');
  });
});

describe('URL query', () => {
  it('round-trips filter, sort and page', () => {
    const state = { filter: { category: 'tablettes', subcategory: 'ET40 & ET45' }, sort: 'prix-decroissant' as const, page: 2 };
    expect(parseBrowseQuery(browseQuery(state))).toEqual(state);
  });
  it('is empty for the default state and ignores unknown values', () => {
    expect(browseQuery(DEFAULT_STATE)).toBe('');
    expect(parseBrowseQuery('?tri=n-importe&page=abc')).toEqual({ filter: { category: undefined, subcategory: undefined }, sort: 'nom', page: 1 });
  });
});
