/**
 * The devis editor's catalogue lookup: a product by its manufacturer reference or its internal code (case
 * ignored, references and codes kept apart), over every product of the catalogue (catalogue.ts), read and
 * validated once per function instance.
 */
import { CODE_PATTERN } from '../../../src/features/catalogue/code.ts';
import type { CatalogueProduct } from '../../../src/features/quote/quote.ts';
import { loadAllProducts } from './catalogue.ts';

/**
 * The products by manufacturer reference (lower case) and by internal code, in two maps: a text shaped
 * like a code (AR and 5 digits, any case) is looked up among the codes only, any other among the
 * references only, so a product can never be found by another product's code (the schema also refuses a
 * reference shaped like a code).
 */
export interface ProductIndex {
  byReference: ReadonlyMap<string, CatalogueProduct>;
  byCode: ReadonlyMap<string, CatalogueProduct>;
}

/** The index of a list of products. */
export function productIndex(products: readonly CatalogueProduct[]): ProductIndex {
  return {
    byReference: new Map(products.map((product) => [product.reference.toLowerCase(), product])),
    byCode: new Map(products.flatMap((product) => (product.code ? [[product.code, product] as const] : []))),
  };
}

/** The product a typed text names: by code when it has a code's shape, by reference otherwise. */
export function lookUp(index: ProductIndex, text: string): CatalogueProduct | undefined {
  const key = text.trim();
  return CODE_PATTERN.test(key.toUpperCase()) ? index.byCode.get(key.toUpperCase()) : index.byReference.get(key.toLowerCase());
}

let index: ProductIndex | undefined;

function catalogueIndex(): ProductIndex {
  index ??= productIndex(loadAllProducts());
  return index;
}

/** The product with this manufacturer reference or internal code, or undefined. */
export const findProductByReference = (reference: string): CatalogueProduct | undefined => lookUp(catalogueIndex(), reference);
