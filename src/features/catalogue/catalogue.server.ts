/**
 * Build-time access to the catalogue collections, for pages and endpoints (never shipped to the browser).
 */
import { readFileSync } from 'node:fs';
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { getCollection } from 'astro:content';
import type { Category, Product, Range } from './schema';
import { REQUIRED_RANGES } from './ids';
import { byCode } from './files.server';
import { CARD_PHOTO_SIZE, withCardImage } from './card-photo.server';
import { catalogueDir } from './dir';

/**
 * A product as pages read it. `image` is always a URL a browser loads as it is (cards, the cart, search
 * results, structured data): a drawing's path, or for a photo its card-sized copy; `photo` is the photo
 * itself, which the product page serves in every width it needs.
 */
export interface StoreProduct extends Product {
  photo?: ImageMetadata;
}

/** Every product in catalogue order: by code, so a new product comes last and nothing else moves. */
export async function getProducts(): Promise<StoreProduct[]> {
  const entries = await getCollection('products');
  const folder = catalogueDir();
  const products = await Promise.all(
    entries.map(async ({ data, filePath }): Promise<StoreProduct> => {
      if (typeof data.image === 'string') return { ...data, image: data.image };
      // The photo's path as its file writes it: the entry holds the photo itself.
      const { image } = JSON.parse(readFileSync(filePath!, 'utf8')) as Product;
      // The dev server has no build step to make the card copy: the pipeline makes one on demand.
      const card = import.meta.env.DEV_SERVER === true ? (await getImage({ src: data.image, ...CARD_PHOTO_SIZE, fit: 'cover', format: 'webp' })).src : withCardImage({ ...data, image }, folder).image;
      return { ...data, image: card, photo: data.image };
    }),
  );
  return products.sort(byCode);
}

export async function getCategories(): Promise<Category[]> {
  return (await getCollection('categories')).map((entry) => entry.data);
}

/** The subcategory ranges, in the catalogue's order. */
export async function getRanges(): Promise<Range[]> {
  const order: readonly string[] = Object.values(REQUIRED_RANGES).flat();
  const rank = (range: Range) => (order.includes(range.title) ? order.indexOf(range.title) : order.length);
  return (await getCollection('ranges')).map((entry) => entry.data).sort((a, b) => rank(a) - rank(b));
}

/** Category titles by id, for labels and filters. */
export const categoryTitles = (categories: readonly Category[]): Record<string, string> =>
  Object.fromEntries(categories.map((category) => [category.id, category.title]));

export { toCard } from './card';

/**
 * A finder of up to `count` other products of the same category, in catalogue order: the catalogue is
 * grouped once, so a build of thousands of product pages does not scan it once per page.
 */
export function similarProducts(products: readonly Product[], count: number): (product: Product) => Product[] {
  const byCategory = Map.groupBy(products, (p) => p.category);
  return (product) => (byCategory.get(product.category) ?? []).filter((p) => p.id !== product.id).slice(0, count);
}
