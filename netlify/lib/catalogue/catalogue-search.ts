/**
 * The devis editor's catalogue lookup: a product by its manufacturer reference or its internal code (case
 * ignored, references and codes kept apart), over every product file (content/catalogue/products/<id>.json,
 * shipped with the functions by netlify.toml `included_files`), read and validated once per function instance.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODE_PATTERN } from '../../../src/features/catalogue/code.ts';
import { productSchema } from '../../../src/features/catalogue/schema.ts';
import type { CatalogueProduct } from '../../../src/features/quote/quote.ts';
import { functionRoots } from '../env.ts';

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
  if (index) return index;
  const roots = functionRoots();
  const folder = roots.map((root) => join(root, 'content', 'catalogue', 'products')).find((candidate) => existsSync(candidate));
  if (!folder) throw new Error(`catalogue-search: no content/catalogue/products under ${roots.join(', ')}`);
  const products = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((file): CatalogueProduct => {
      const product = productSchema.parse(JSON.parse(readFileSync(join(folder, file), 'utf8')));
      return { id: product.id, code: product.code, name: product.name, reference: product.reference, priceHT: product.priceHT, inStock: product.inStock };
    });
  index = productIndex(products);
  return index;
}

/** The product with this manufacturer reference or internal code, or undefined. */
export const findProductByReference = (reference: string): CatalogueProduct | undefined => lookUp(catalogueIndex(), reference);
