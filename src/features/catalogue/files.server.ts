/**
 * The catalogue folder on disk, for Node code (the build's integration, `npm run catalogue`, the
 * generator, tests): one JSON file per product in products/, named after its id, plus categories.json
 * and ranges.json. Never shipped to the browser.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isProductPhoto, type Category, type Product, type Range } from './schema.ts';
import { productFileText } from './product-file.ts';
import { productFile, type CatalogueProblem } from './check.ts';

/** The products' folder inside a catalogue folder. */
export const PRODUCTS_FOLDER = 'products';

/** A product file as read: its name relative to the catalogue folder and its parsed JSON. */
export interface ProductFile {
  file: string;
  data: unknown;
}

/** Every product file of a catalogue folder, in file-name order; a file that is not JSON throws, naming it. */
export function readProductFiles(dir: string): ProductFile[] {
  const folder = join(dir, PRODUCTS_FOLDER);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = `${PRODUCTS_FOLDER}/${name}`;
      try {
        return { file, data: JSON.parse(readFileSync(join(folder, name), 'utf8')) as unknown };
      } catch (error) {
        throw new Error(`${file} : JSON illisible (${(error as Error).message})`);
      }
    });
}

/** A catalogue folder's categories and ranges (validated by the build; read as they are). */
export function readCatalogueLists(dir: string): { categories: Category[]; ranges: Range[] } {
  const read = <T>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;
  return { categories: read<Category[]>('categories.json'), ranges: read<Range[]>('ranges.json') };
}

/** Products in catalogue order: by code, which never changes, so a new product comes last. */
export const byCode = (a: { code: string }, b: { code: string }): number => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** Writes a product's file, products/<id>.json. */
export function writeProductFile(dir: string, product: Product): void {
  writeFileSync(join(dir, productFile(product.id)), productFileText(product));
}

/** A problem for each product whose drawing (an image path under public/) is not there; photos are checked by the loader. */
export function missingImages(products: readonly { id: string; image: string; file?: string }[], publicDir: string): CatalogueProblem[] {
  const found = new Map<string, boolean>();
  const exists = (image: string) => found.get(image) ?? found.set(image, existsSync(join(publicDir, image))).get(image)!;
  return products
    .filter((product) => !isProductPhoto(product.image) && !exists(product.image))
    .map((product) => ({ entry: product.file ?? productFile(product.id), field: 'image', message: `fichier public${product.image} introuvable` }));
}
