/**
 * The compact search index shipped to the store search (loaded only when a term is searched): one row
 * per product with the card fields and the normalised text to match, in catalogue order.
 */
import type { CardProduct } from './card';

/** One product: [id, name, category, subcategory, reference, code, priceHT, oldPrice or 0, image, badge or '', inStock 1/0, text]. */
export type SearchRow = [string, string, string, string, string, string, number, number, string, string, 0 | 1, string];

export interface SearchIndex {
  version: 1;
  rows: SearchRow[];
}

/** A row for a card and its search text. */
export const toSearchRow = (p: CardProduct, text: string): SearchRow => [
  p.id, p.name, p.category, p.subcategory, p.reference, p.code, p.priceHT, p.oldPrice ?? 0, p.image, p.badge ?? '', p.inStock ? 1 : 0, text,
];

/** A row back to a card. */
export function fromSearchRow(row: SearchRow): CardProduct {
  const [id, name, category, subcategory, reference, code, priceHT, oldPrice, image, badge, inStock] = row;
  return { id, name, category, subcategory, reference, code, priceHT, ...(oldPrice ? { oldPrice } : {}), image, ...(badge ? { badge } : {}), inStock: inStock === 1 };
}
