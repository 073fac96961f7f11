import type { Product } from './schema';

/**
 * The compact product shape that crosses into the browser: product cards, the category browser, the
 * search index and add-to-cart buttons use it. Keep it small: it is serialised into island props.
 */
export interface CardProduct {
  id: string;
  name: string;
  category: string;
  subcategory: string;
  reference: string;
  /** Internal code, e.g. AR00001. */
  code: string;
  /** Price excluding tax, euros. */
  priceHT: number;
  /** Former price excluding tax, euros. */
  oldPrice?: number;
  image: string;
  badge?: string;
  inStock: boolean;
}

/** The compact card data of a product: what lists, search results and the cart need. */
export const toCard = (product: Product): CardProduct => ({
  id: product.id,
  name: product.name,
  category: product.category,
  subcategory: product.subcategory,
  reference: product.reference,
  code: product.code,
  priceHT: product.priceHT,
  ...(product.oldPrice !== undefined ? { oldPrice: product.oldPrice } : {}),
  image: product.image,
  ...(product.badge !== undefined ? { badge: product.badge } : {}),
  inStock: product.inStock,
});
