/**
 * Where the quote endpoint looks products up to re-price a quote (DECISIONS.md §16): the real catalogue,
 * content/catalogue/products.json, bundled into the function and validated with the catalogue's own
 * schema (the same one the site build uses), so the server prices exactly what the store shows.
 */
import products from '../../content/catalogue/products.json' with { type: 'json' };
import { productSchema } from '../../src/features/catalogue/schema.ts';
import type { CatalogueProduct } from '../../src/features/quote/quote.ts';

/** Indexes catalogue entries by id after validating each one (position = its 1-based place, as the loader adds). */
export function buildCatalogue(entries: readonly unknown[]): ReadonlyMap<string, CatalogueProduct> {
  const byId = new Map<string, CatalogueProduct>();
  entries.forEach((entry, index) => {
    const product = productSchema.parse({ ...(entry as object), position: index + 1 });
    byId.set(product.id, { id: product.id, name: product.name, reference: product.reference, priceHT: product.priceHT, inStock: product.inStock });
  });
  return byId;
}

const catalogue = buildCatalogue(products);

/** The catalogue product with this id, or undefined. */
export const findProduct = (id: string): CatalogueProduct | undefined => catalogue.get(id);

const byReference = new Map([...catalogue.values()].map((product) => [product.reference.toLowerCase(), product]));

/** The catalogue product with this manufacturer reference (case ignored), or undefined: the devis editor adds lines by reference. */
export const findProductByReference = (reference: string): CatalogueProduct | undefined => byReference.get(reference.trim().toLowerCase());
