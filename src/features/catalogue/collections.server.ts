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
import { categorySchema, isProductPhoto, productEntrySchema, rangeSchema, type Product } from './schema';
import { IMAGE_MARK, photoFileProblem } from '../../lib/photo-file';
import { checkCatalogue, formatProblems } from './check';
import { catalogueDir } from './dir';
import { missingImages, PRODUCTS_FOLDER, readCatalogueLists } from './files.server';
import type { CatalogueProblem } from './check';
import { missingDocuments } from './documents.server';

/** Where editors put product photos, as the build's messages name it. */
const PRODUCTS_FOLDER_SHOWN = `content/catalogue/${PRODUCTS_FOLDER}`;

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
      // A photo's path is stored marked for the image pipeline until a page imports it.
      const products = [...context.store.values()]
        .map((entry) => {
          const data = entry.data as Product;
          return { ...data, image: data.image.replace(IMAGE_MARK, ''), file: `${PRODUCTS_FOLDER}/${entry.id}.json` };
        })
        .sort((a, b) => (a.file < b.file ? -1 : 1));
      if (products.length === 0) throw new Error(`${join(folder, PRODUCTS_FOLDER)} est introuvable ou ne contient aucun produit.`);
      const problems = [
        ...checkCatalogue(products, readCatalogueLists(folder).ranges),
        ...missingImages(products, fileURLToPath(context.config.publicDir)),
        ...missingDocuments(products, fileURLToPath(context.config.publicDir)),
        ...(await photoProblems(products, folder)),
      ];
      const shown = relative(root, folder);
      if (problems.length > 0) throw new Error(`Catalogue invalide :\n${formatProblems(shown.startsWith('..') ? folder : shown, problems)}`);
    },
  };
}

/** A problem for each product photo that is missing, of another format or over 10 Mo. */
async function photoProblems(products: readonly (Product & { file: string })[], folder: string): Promise<CatalogueProblem[]> {
  const problems: CatalogueProblem[] = [];
  for (const product of products.filter((p) => isProductPhoto(p.image))) {
    const message = await photoFileProblem(join(folder, product.file), product.image, `${PRODUCTS_FOLDER_SHOWN}/images/`);
    if (message) problems.push({ entry: product.file, field: 'image', message });
  }
  return problems;
}

export const catalogueCollections = {
  products: defineCollection({ loader: productsLoader(), schema: productEntrySchema }),
  categories: defineCollection({ loader: file(join(dir, 'categories.json')), schema: categorySchema }),
  ranges: defineCollection({ loader: file(join(dir, 'ranges.json')), schema: rangeSchema }),
};
