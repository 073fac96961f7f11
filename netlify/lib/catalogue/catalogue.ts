/**
 * The server's one catalogue loader: the product files (content/catalogue/products/<id>.json, shipped with
 * every function by netlify.toml `included_files`), each validated with the catalogue's own schema (the
 * one the site build uses), so the server prices exactly what the store shows. The quote endpoint reads
 * only the files of the products asked for (an id that is not a product's file name is simply not found);
 * the devis editor's lookup (catalogue-search.ts) reads them all.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from '../../../src/records/zod.ts';
import { productSchema } from '../../../src/features/catalogue/schema.ts';
import type { CatalogueProduct, ProductLookup } from '../../../src/features/quote/quote.ts';
import { functionRoots } from '../env.ts';

/** What an id looks like; anything else cannot name a product file. */
const PRODUCT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The folder of the product files: under Netlify's task root, else the working folder. */
function productsFolder(): string {
  const roots = functionRoots();
  const folder = roots.map((root) => join(root, 'content', 'catalogue', 'products')).find((candidate) => existsSync(candidate));
  if (!folder) throw new Error(`catalogue: no content/catalogue/products under ${roots.join(', ')}`);
  return folder;
}

/** A product file's content, validated, as the server prices it. */
function catalogueProduct(data: unknown): CatalogueProduct {
  const product = productSchema.parse(data);
  return { id: product.id, code: product.code, name: product.name, reference: product.reference, priceHT: product.priceHT, inStock: product.inStock };
}

/** The parsed file of the product of that id, or undefined when no file has its name. */
async function readProductFile(id: string): Promise<{ documents?: unknown } | undefined> {
  if (!PRODUCT_ID.test(id)) return undefined;
  let text: string;
  try {
    text = await readFile(join(productsFolder(), `${id}.json`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text) as { documents?: unknown };
}

/** The product of that id, validated, or undefined when no file has its name. */
export async function loadProduct(id: string): Promise<CatalogueProduct | undefined> {
  const data = await readProductFile(id);
  return data && catalogueProduct(data);
}

/** Every product of the catalogue, validated (read at once: the devis editor's lookup indexes them once per instance). */
export function loadAllProducts(): CatalogueProduct[] {
  const folder = productsFolder();
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((file) => catalogueProduct(JSON.parse(readFileSync(join(folder, file), 'utf8'))));
}

/** A lookup over the products of these ids (each read once). */
export async function catalogueLookup(ids: readonly string[]): Promise<ProductLookup> {
  const unique = [...new Set(ids)];
  const found = new Map((await Promise.all(unique.map(loadProduct))).flatMap((product) => (product ? [[product.id, product] as const] : [])));
  return (id) => found.get(id);
}

/** A product's documents as its file lists them (title, PDF path); none when the file has none or is not a product's. */
const documentsSchema = z.array(z.object({ title: z.string().min(1), file: z.string().min(1) })).catch([]);

/** The name and documents of a product (the customers' equipment view), or undefined when no file has that id. */
export async function loadProductDocuments(id: string): Promise<{ name: string; documents: Array<{ title: string; file: string }> } | undefined> {
  const data = await readProductFile(id);
  return data && { name: catalogueProduct(data).name, documents: documentsSchema.parse(data.documents ?? []) };
}
