/**
 * The devis editor's catalogue lookup: a product by its manufacturer reference or its internal code (case
 * ignored, references and codes kept apart), over every product of the catalogue (catalogue.ts), read and
 * validated once per function instance.
 */
import { CODE_PATTERN } from '../../../src/features/catalogue/code.ts';
import type { CatalogueProduct } from '../../../src/features/quote/quote.ts';
import { normalizeForSearch } from '../../../src/lib/text.ts';
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

let searchable: Array<{ product: CatalogueProduct; text: string }> | undefined;

/**
 * The equipment form's lookup: the products whose name, manufacturer reference or internal code hold
 * every word of a text (no case, no accents), those whose reference or code is the text first, at most `limit`.
 */
export function searchProducts(text: string, limit = 8): CatalogueProduct[] {
  const words = normalizeForSearch(text).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  searchable ??= loadAllProducts().map((product) => ({ product, text: normalizeForSearch(`${product.name} | ${product.reference} | ${product.code ?? ''}`) }));
  const exact = lookUp(catalogueIndex(), text);
  const found = searchable.filter((entry) => entry.product !== exact && words.every((word) => entry.text.includes(word))).map((entry) => entry.product);
  return [...(exact ? [exact] : []), ...found].slice(0, limit);
}
