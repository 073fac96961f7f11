/**
 * How the CMS writes a product file: with the catalogue's own writer (the price-list import's), so a price
 * changed in the CMS is a two-line diff in `git diff`, as the editors’ guide (docs/features/editing.md) asks them to review. Decap's own JSON
 * writer would put the fields in its own order and drop the final newline.
 */
import { productFileText } from '../catalogue/product-file';
import type { Product } from '../catalogue/schema';

/** The name config.yml gives the products collection's format (registered by cms-app.ts). */
export const PRODUCT_FORMAT = 'json-produit';

/** A product as Decap holds it: a field an editor emptied is left out, as a file written by hand leaves it out. */
function withoutEmptyFields(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined && value !== null && value !== ''));
}

/** Decap's formatter of product files: read as JSON, written by the catalogue's writer. */
export const productFormat = {
  fromFile: (content: string): unknown => JSON.parse(content),
  toFile: (data: Record<string, unknown>): string => productFileText(withoutEmptyFields(data) as unknown as Product),
};
