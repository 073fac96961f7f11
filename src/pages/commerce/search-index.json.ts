/** The compact search index of the store (see src/features/catalogue/search-index.ts), emitted at build. */
import type { APIRoute } from 'astro';
import { categoryTitles, getCategories, getProducts, toCard } from '../../features/catalogue/catalogue';
import { searchText } from '../../features/catalogue/search';
import { toSearchRow, type SearchIndex } from '../../features/catalogue/search-index';

export const GET: APIRoute = async () => {
  const [products, categories] = await Promise.all([getProducts(), getCategories()]);
  const titles = categoryTitles(categories);
  const index: SearchIndex = { version: 1, rows: products.map((p) => toSearchRow(toCard(p), searchText(p, titles[p.category]))) };
  return new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
