import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../lib/constants';
import { browseFiles } from './browse-data';
import type { CardProduct } from './card';
import { allProductsListing, categoryListings } from './listings';

const card = (i: number, category: string, subcategory: string): CardProduct => ({
  id: `p${i}`, name: `Produit ${i}`, category, subcategory, reference: `R${i}`, code: `AR${i}`, priceHT: 100 - i, image: '/x.svg', inStock: true,
});
const products = [...Array.from({ length: 20 }, (_, i) => card(i, 'etiquettes', i % 2 ? 'PolyPro' : 'Z-Select')), card(20, 'badges', 'Cartes PVC')];
const categories = [
  { id: 'etiquettes', title: 'Étiquettes', description: 'Étiquettes en rouleaux.' },
  { id: 'badges', title: 'Badges', description: 'Cartes PVC.' },
];
const files = [...browseFiles([...categoryListings(categories), allProductsListing(categories)], products)];
const byPath = new Map(files.map((file) => [file.path, file.data]));

describe('the browse data pages', () => {
  it('cut each scope and sort into pages of at most 12 cards', () => {
    expect(byPath.get('/commerce/listes/tous-produits/nom/1.json')).toMatchObject({ total: 21, pageCount: 2, page: 1 });
    expect(byPath.get('/commerce/listes/tous-produits/nom/2.json')?.items).toHaveLength(21 - PAGE_SIZE);
    for (const { data } of files) expect(data.items.length).toBeLessThanOrEqual(PAGE_SIZE);
  });
  it('sort on the price excluding tax across pages', () => {
    const prices = [1, 2].flatMap((page) => byPath.get(`/commerce/listes/etiquettes/prix-croissant/${page}.json`)!.items.map((p) => p.priceHT));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices).toHaveLength(20);
  });
  it('have one scope per category (shared by the listings that filter on it) and per subcategory', () => {
    expect(byPath.get('/commerce/listes/badges/nom/1.json')?.items.map((p) => p.id)).toEqual(['p20']);
    expect(byPath.get('/commerce/listes/etiquettes--polypro/nom/1.json')?.total).toBe(10);
    expect(byPath.get('/commerce/listes/consommables/nom/1.json')?.total).toBe(21);
  });
});
