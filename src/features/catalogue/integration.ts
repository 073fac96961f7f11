/**
 * The store's build step, an Astro integration run once the pages are written (`astro:build:done`), so
 * `npm run build`, `npm start` and Netlify all get it: writes the category browser's data pages
 * (browse-data.ts) from the catalogue files the build has just validated (CATALOGUE_DIR or
 * content/catalogue), then the search index of the products (pagefind.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { browseFiles } from './browse-data';
import { catalogueDir } from './dir';
import { indexProducts } from './pagefind';
import { toCard } from './card';
import { allProductsListing, categoryListings, type ListedCategory } from './listings';
import type { Product } from './schema';


/** The catalogue as the build has just validated it: products (with their position) and categories. */
function readCatalogue(root: string): { products: Product[]; categories: ListedCategory[] } {
  const dir = isAbsolute(catalogueDir()) ? catalogueDir() : join(root, catalogueDir());
  const read = <T>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;
  const products = read<Omit<Product, 'position'>[]>('products.json').map((p, index) => ({ ...p, position: index + 1 }) as Product);
  return { products, categories: read<ListedCategory[]>('categories.json') };
}

/** Writes every data page into the build output; returns how many. */
export function writeBrowseData(outDir: string, products: readonly Product[], categories: readonly ListedCategory[]): number {
  const made = new Set<string>();
  let count = 0;
  for (const file of browseFiles([...categoryListings(categories), allProductsListing(categories)], products.map(toCard))) {
    const path = join(outDir, file.path);
    const folder = dirname(path);
    if (!made.has(folder)) mkdirSync(folder, { recursive: true });
    made.add(folder);
    writeFileSync(path, JSON.stringify(file.data));
    count += 1;
  }
  return count;
}

/** The integration registered in astro.config.mjs. */
export function storeBuild(): AstroIntegration {
  let root = '';
  return {
    name: 'store-build',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const outDir = fileURLToPath(dir);
        const { products, categories } = readCatalogue(root);
        const count = writeBrowseData(outDir, products, categories);
        logger.info(`${count} pages de données de navigation en ${Math.round(performance.now() - started)} ms`);
        const indexing = performance.now();
        const records = await indexProducts(outDir, products, Object.fromEntries(categories.map((c) => [c.id, c.title])));
        logger.info(`recherche : ${records} produits indexés par Pagefind en ${Math.round(performance.now() - indexing)} ms`);
      },
    },
  };
}
