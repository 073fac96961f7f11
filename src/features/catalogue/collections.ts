/**
 * The catalogue's content collections: products, categories and ranges, each one JSON file read with
 * Astro's `file()` loader and validated by the schemas of ./schema.ts. Registered in src/content.config.ts.
 *
 * `CATALOGUE_DIR` points the loaders at another folder (scripts/bench-build.mjs uses it for a generated
 * catalogue); by default they read content/catalogue/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import { file, type Loader } from 'astro/loaders';
import { categorySchema, productSchema, rangeSchema, type Product } from './schema';
import { checkCatalogue, formatProblems, type CatalogueProblem } from './check';
import { catalogueDir } from './dir';

const dir = catalogueDir();
const catalogueFile = (name: string): string => join(dir, name);

/** Adds each product's 1-based place in the file, the basis of its internal code (DECISIONS.md §8). */
const withPositions = (text: string) =>
  (JSON.parse(text) as Record<string, unknown>[]).map((entry, index) => ({ ...entry, position: index + 1 }));

/**
 * `file()` plus the whole-catalogue rules: after every entry passed the schema, the catalogue as a whole
 * is checked (DECISIONS.md §9) and the build stops with one line per problem.
 */
function productsLoader(): Loader {
  const path = catalogueFile('products.json');
  const inner = file(path, { parser: withPositions });
  return {
    name: 'catalogue-products',
    load: async (context) => {
      await inner.load(context);
      const products = [...context.store.values()].map((entry) => entry.data as Product);
      if (products.length === 0) throw new Error(`${path} est introuvable, illisible ou vide.`);

      const root = fileURLToPath(context.config.root);
      const rangesPath = isAbsolute(dir) ? join(dir, 'ranges.json') : join(root, dir, 'ranges.json');
      const ranges = rangeSchema.array().parse(JSON.parse(readFileSync(rangesPath, 'utf8')));
      const problems: CatalogueProblem[] = checkCatalogue(products, ranges);
      const publicDir = fileURLToPath(context.config.publicDir);
      for (const product of products) {
        if (!existsSync(join(publicDir, product.image))) problems.push({ entry: product.id, field: 'image', message: `fichier public${product.image} introuvable` });
      }
      if (problems.length > 0) throw new Error(`Catalogue invalide :\n${formatProblems(path, problems)}`);
    },
  };
}

export const catalogueCollections = {
  products: defineCollection({ loader: productsLoader(), schema: productSchema }),
  categories: defineCollection({ loader: file(catalogueFile('categories.json')), schema: categorySchema }),
  ranges: defineCollection({ loader: file(catalogueFile('ranges.json')), schema: rangeSchema }),
};
