/**
 * Build-time access to the catalogue collections, for pages and endpoints (never shipped to the browser).
 */
import { getCollection } from 'astro:content';
import type { Category, Product, Range } from './schema';
import { storeHeaderCategories } from '../store/navigation';
import type { CardProduct } from './card';
import { internalCode } from './code';
import { REQUIRED_RANGES } from './ids';

/** Every product in catalogue order (the order of products.json). */
export async function getProducts(): Promise<Product[]> {
  const entries = await getCollection('products');
  return entries.map((entry) => entry.data).sort((a, b) => a.position - b.position);
}

export async function getCategories(): Promise<Category[]> {
  return (await getCollection('categories')).map((entry) => entry.data);
}

/** The subcategory ranges, in the order of SPEC.md §3. */
export async function getRanges(): Promise<Range[]> {
  const order: readonly string[] = Object.values(REQUIRED_RANGES).flat();
  const rank = (range: Range) => (order.includes(range.title) ? order.indexOf(range.title) : order.length);
  return (await getCollection('ranges')).map((entry) => entry.data).sort((a, b) => rank(a) - rank(b));
}

/** Category titles by id, for labels and filters. */
export const categoryTitles = (categories: readonly Category[]): Record<string, string> =>
  Object.fromEntries(categories.map((category) => [category.id, category.title]));

/** A browsable page: one category, a header group (DECISIONS.md §1) or the whole catalogue. */
export interface Listing {
  slug: string;
  title: string;
  description: string;
  /** Member category ids, in display order. */
  categoryIds: string[];
}

/** The 13 category pages and the 8 header group pages; a header slug equal to a category id is that category. */
export function listings(categories: readonly Category[]): Listing[] {
  const byId = new Map<string, Category>(categories.map((category) => [category.id, category]));
  const single: Listing[] = categories.map((c) => ({ slug: c.id, title: c.title, description: c.description, categoryIds: [c.id] }));
  const groups: Listing[] = storeHeaderCategories
    .filter((group) => !byId.has(group.slug))
    .map((group) => ({
      slug: group.slug,
      // A group may carry its own page title when its link label is also a category's title.
      title: 'title' in group ? group.title : group.label,
      description: `${group.description} ${group.categories.map((id) => byId.get(id)?.title).filter(Boolean).join(', ')}.`,
      categoryIds: [...group.categories],
    }));
  return [...single, ...groups];
}

/** The compact card data of a product: what lists, search results and the cart need. */
export const toCard = (product: Product): CardProduct => ({
  id: product.id,
  name: product.name,
  category: product.category,
  subcategory: product.subcategory,
  reference: product.reference,
  code: internalCode(product.position),
  priceHT: product.priceHT,
  ...(product.oldPrice !== undefined ? { oldPrice: product.oldPrice } : {}),
  image: product.image,
  ...(product.badge !== undefined ? { badge: product.badge } : {}),
  inStock: product.inStock,
});

/** Up to `count` other products of the same category, in catalogue order (SPEC.md §2). */
export const similarProducts = (products: readonly Product[], product: Product, count: number): Product[] =>
  products.filter((p) => p.category === product.category && p.id !== product.id).slice(0, count);
