/**
 * The store's build step, an Astro integration run once the pages are written (`astro:build:done`), so
 * `npm run build`, `npm start` and Netlify all get it: writes the category browser's data pages
 * (browse-data.ts) from the catalogue files the build has just validated (CATALOGUE_DIR or
 * content/catalogue), then indexes the product pages for the search (pagefind.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { browseFiles } from './browse-data';
import { catalogueDir } from './dir';
import { indexProductPages } from './pagefind';
import { toCard } from './card';
import { allProductsListing, categoryListings, type ListedCategory } from './listings';
import type { Product } from './schema';


/** Writes every data page into the build output; returns how many. */
export function writeBrowseData(root: string, outDir: string): number {
  const dir = isAbsolute(catalogueDir()) ? catalogueDir() : join(root, catalogueDir());
  const read = <T>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;
  const products = read<Omit<Product, 'position'>[]>('products.json').map((p, index) => toCard({ ...p, position: index + 1 } as Product));
  const categories = read<ListedCategory[]>('categories.json');
  const made = new Set<string>();
  let count = 0;
  for (const file of browseFiles([...categoryListings(categories), allProductsListing(categories)], products)) {
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
        const count = writeBrowseData(root, fileURLToPath(dir));
        logger.info(`${count} pages de données de navigation en ${Math.round(performance.now() - started)} ms`);
        const indexing = performance.now();
        const pages = await indexProductPages(fileURLToPath(dir));
        logger.info(`recherche : ${pages} pages produit indexées par Pagefind en ${Math.round(performance.now() - indexing)} ms`);
      },
    },
  };
}
