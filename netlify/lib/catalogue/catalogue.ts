/**
 * Where the quote endpoint looks products up to re-price a quote: the real catalogue, one file per product
 * (content/catalogue/products/<id>.json), validated with the catalogue's own schema (the same one the site
 * build uses), so the server prices exactly what the store shows. Only the files of the products asked for
 * are read: the bundler packs every product file with the function (the import below names their folder),
 * and an id that is not a product's file name is simply not found.
 */
import { productSchema } from '../../../src/features/catalogue/schema.ts';
import type { CatalogueProduct, ProductLookup } from '../../../src/features/quote/quote.ts';

/** What an id looks like; anything else cannot name a product file. */
const PRODUCT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The product of that id, validated, or undefined when no file has its name. */
export async function loadProduct(id: string): Promise<CatalogueProduct | undefined> {
  if (!PRODUCT_ID.test(id)) return undefined;
  let data: unknown;
  try {
    data = ((await import(`../../../content/catalogue/products/${id}.json`, { with: { type: 'json' } })) as { default: unknown }).default;
  } catch {
    return undefined;
  }
  const product = productSchema.parse(data);
  return { id: product.id, code: product.code, name: product.name, reference: product.reference, priceHT: product.priceHT, inStock: product.inStock };
}

/** A lookup over the products of these ids (each read once). */
export async function catalogueLookup(ids: readonly string[]): Promise<ProductLookup> {
  const unique = [...new Set(ids)];
  const found = new Map((await Promise.all(unique.map(loadProduct))).flatMap((product) => (product ? [[product.id, product] as const] : [])));
  return (id) => found.get(id);
}
