/**
 * The catalogue's content collections, registered in src/content.config.ts: the products, one JSON file
 * each in products/ (read with Astro's `glob()` loader, the entry id being the file name), and the
 * categories and ranges, one JSON file each (`file()` loader); all validated by the schemas of ./schema.ts.
 *
 * `CATALOGUE_DIR` points the loaders at another folder (scripts/bench-build.mjs uses it for a generated
 * catalogue); by default they read content/catalogue/.
 */
import { fileURLToPath } from 'node:url';
import { isAbsolute, join, relative } from 'node:path';
import { defineCollection } from 'astro:content';
import { file, glob, type Loader } from 'astro/loaders';
import { categorySchema, productSchema, rangeSchema, type Product } from './schema';
import { checkCatalogue, formatProblems } from './check';
import { catalogueDir } from './dir';
import { missingImages, PRODUCTS_FOLDER, readCatalogueLists } from './files';

const dir = catalogueDir();

/**
 * `glob()` plus the whole-catalogue rules: once every product file passed the schema, the catalogue as a
 * whole is checked and the build stops with one line per problem, naming the file and the field.
 */
function productsLoader(): Loader {
  const inner = glob({ pattern: '*.json', base: join(dir, PRODUCTS_FOLDER), generateId: ({ entry }) => entry.replace(/\.json$/, '') });
  return {
    name: 'catalogue-products',
    load: async (context) => {
      await inner.load(context);
      const root = fileURLToPath(context.config.root);
      const folder = isAbsolute(dir) ? dir : join(root, dir);
      // In file-name order, as `npm run catalogue` reads them, so a repeated value names the same first file.
      const products = [...context.store.values()]
        .map((entry) => ({ ...(entry.data as Product), file: `${PRODUCTS_FOLDER}/${entry.id}.json` }))
        .sort((a, b) => (a.file < b.file ? -1 : 1));
      if (products.length === 0) throw new Error(`${join(folder, PRODUCTS_FOLDER)} est introuvable ou ne contient aucun produit.`);
      const problems = [
        ...checkCatalogue(products, readCatalogueLists(folder).ranges),
        ...missingImages(products, fileURLToPath(context.config.publicDir)),
      ];
      const shown = relative(root, folder);
      if (problems.length > 0) throw new Error(`Catalogue invalide :\n${formatProblems(shown.startsWith('..') ? folder : shown, problems)}`);
    },
  };
}

export const catalogueCollections = {
  products: defineCollection({ loader: productsLoader(), schema: productSchema }),
  categories: defineCollection({ loader: file(join(dir, 'categories.json')), schema: categorySchema }),
  ranges: defineCollection({ loader: file(join(dir, 'ranges.json')), schema: rangeSchema }),
};
