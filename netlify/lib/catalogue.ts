/**
 * SEAM for the store issue: where the quote endpoint looks products up to re-price a quote
 * (DECISIONS.md §16). The catalogue (`content/catalogue/products.json`) is built by the store issue in
 * another branch; until it is connected here, `catalogueConnected` is false, `findProduct` finds nothing
 * and POST /api/quote stores the client's own message.
 *
 * To connect it at merge: import the JSON (`import products from '../../content/catalogue/products.json'
 * with { type: 'json' }`), index it by id, return the entry from `findProduct`, and set
 * `catalogueConnected = true`. The quote tests in netlify/lib/quote.test.ts already check the pricing.
 */
import type { CatalogueProduct } from './quote.ts';

/** Whether a real catalogue is connected (false until the store issue lands). */
export const catalogueConnected: boolean = false;

/** The catalogue product with this id, or undefined. */
export function findProduct(_id: string): CatalogueProduct | undefined {
  return undefined;
}
