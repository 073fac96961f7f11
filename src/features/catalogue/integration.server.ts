/**
 * The store's build step, an Astro integration, so `npm run build`, `npm start` and Netlify all get it.
 * From the catalogue files the build has just validated (CATALOGUE_DIR or content/catalogue) it makes the
 * category browser's data pages (browse-data.ts), the search index of the products (pagefind.ts) and the
 * card copies of the product photos those show (card-photo.server.ts).
 *
 * Neither needs the rendered pages, so both start before Astro renders them (`astro:build:start`), in a
 * staging folder of the build's cache (Astro empties the output folder after this hook): the data pages
 * written by a worker thread, the index by Pagefind's own process, both on the second core while the pages
 * render. Once the pages are written (`astro:build:done`) the build waits for both and moves the staging
 * folder's files into the output. The staging folder has one fixed place, emptied when a build starts, so a
 * build stopped half-way (Ctrl-C, a failed page) leaves nothing behind for long.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { browseFiles } from './browse-data';
import { catalogueDir } from './dir';
import { byCode, readCatalogueLists, readProductFiles } from './files.server';
import { indexProducts } from './pagefind';
import { toCard } from './card';
import { withCardImage, writeCardPhotos } from './card-photo.server';
import { allProductsListing, categoryListings, type ListedCategory } from './listings';
import type { Product } from './schema';

/** The catalogue as the build has just validated it: its folder, products in catalogue order, and categories. */
function readCatalogue(root: string): { dir: string; products: Product[]; categories: ListedCategory[] } {
  const dir = isAbsolute(catalogueDir()) ? catalogueDir() : join(root, catalogueDir());
  const products = readProductFiles(dir).map(({ data }) => data as Product).sort(byCode);
  return { dir, products, categories: readCatalogueLists(dir).categories };
}

/** A worker's program: writes the files it is given ([path, text] pairs), synchronously, in order. */
const WRITE_FILES = `
const { workerData } = require('node:worker_threads');
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const made = new Set();
for (const [path, text] of workerData) {
  const folder = dirname(path);
  if (!made.has(folder)) mkdirSync(folder, { recursive: true });
  made.add(folder);
  writeFileSync(path, text);
}`;

/**
 * Writes every data page under `outDir`; resolves with how many once all are written. The pages are made
 * here (their JSON text: ~0.4 s at 10 000 products) and written by a worker thread while this thread
 * renders the site: at 10 000 products its 9 552 small files take 0.4 to 2.3 s of disk on a 2-core
 * machine. Synchronous writes there: asynchronous ones took several seconds of both cores.
 */
export function writeBrowseData(outDir: string, products: readonly Product[], categories: readonly ListedCategory[]): Promise<number> {
  const files = [...browseFiles([...categoryListings(categories), allProductsListing(categories)], products.map(toCard))].map(
    (file) => [join(outDir, file.path), JSON.stringify(file.data)] as const,
  );
  return new Promise((resolve, reject) => {
    const worker = new Worker(WRITE_FILES, { eval: true, workerData: files });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve(files.length) : reject(new Error(`store-build : l’écriture des pages de données s’est arrêtée (code ${code}).`))));
  });
}

/** Moves every file of `from` into `to`, keeping paths: whole folders when `to` has none of that name. */
export function moveInto(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const target = join(to, entry.name);
    if (entry.isDirectory() && existsSync(target)) moveInto(join(from, entry.name), target);
    else renameSync(join(from, entry.name), target);
  }
}

/** The integration registered in astro.config.mjs. */
export function storeBuild(): AstroIntegration {
  let root = '';
  let cacheDir = '';
  /** What is being made during the rendering: its staging folder and, once finished, its figures. */
  let making: { staging: string; browse: Promise<number>; search: Promise<number>; photos: Promise<number>; started: number } | undefined;
  return {
    name: 'store-build',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:start': () => {
        const { dir, products, categories } = readCatalogue(root);
        const staging = join(cacheDir, 'store-build');
        rmSync(staging, { recursive: true, force: true });
        mkdirSync(staging, { recursive: true });
        const started = performance.now();
        // Cards show a photo product's card copy, made here beside the data pages and the index.
        const shown = products.map((product) => withCardImage(product, dir));
        const search = indexProducts(join(staging, 'pagefind'), shown, Object.fromEntries(categories.map((c) => [c.id, c.title])));
        const browse = writeBrowseData(staging, shown, categories);
        const photos = writeCardPhotos(products, dir, staging, join(cacheDir, 'product-card-photos'));
        // A failure is reported when build:done awaits it, not as an unhandled rejection during the rendering.
        for (const work of [search, browse, photos]) work.catch(() => undefined);
        making = { staging, browse, search, photos, started };
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!making) throw new Error('store-build : les données de la boutique n’ont pas été commencées (astro:build:start).');
        const { staging, browse, search, photos, started } = making;
        try {
          const [pages, records] = await Promise.all([browse, search, photos]);
          moveInto(staging, fileURLToPath(dir));
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          logger.info(`${pages} pages de données de navigation et ${records} produits indexés par Pagefind, faits pendant le rendu des pages, prêts en ${seconds} s`);
        } finally {
          rmSync(staging, { recursive: true, force: true });
        }
      },
    },
  };
}
