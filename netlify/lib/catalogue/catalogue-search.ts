/**
 * The devis editor's catalogue lookup: a product by its manufacturer reference or its internal code (case
 * ignored), over every product file (content/catalogue/products/<id>.json, shipped with the functions by
 * netlify.toml `included_files`), read and validated once per function instance.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { productSchema } from '../../../src/features/catalogue/schema.ts';
import type { CatalogueProduct } from '../../../src/features/quote/quote.ts';
import { functionRoots } from '../env.ts';

let byKey: Map<string, CatalogueProduct> | undefined;

function catalogueByKey(): Map<string, CatalogueProduct> {
  if (byKey) return byKey;
  const roots = functionRoots();
  const folder = roots.map((root) => join(root, 'content', 'catalogue', 'products')).find((candidate) => existsSync(candidate));
  if (!folder) throw new Error(`catalogue-search: no content/catalogue/products under ${roots.join(', ')}`);
  byKey = new Map();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    const product = productSchema.parse(JSON.parse(readFileSync(join(folder, file), 'utf8')));
    const entry: CatalogueProduct = { id: product.id, code: product.code, name: product.name, reference: product.reference, priceHT: product.priceHT, inStock: product.inStock };
    byKey.set(product.reference.toLowerCase(), entry);
    byKey.set(product.code.toLowerCase(), entry);
  }
  return byKey;
}

/** The product with this manufacturer reference or internal code, or undefined. */
export const findProductByReference = (reference: string): CatalogueProduct | undefined => catalogueByKey().get(reference.trim().toLowerCase());
