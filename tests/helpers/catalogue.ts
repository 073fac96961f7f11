/** The committed catalogue, read the way the build reads it, for browser tests to compare against. */
import { fileURLToPath } from 'node:url';
import { byCode, readCatalogueLists, readProductFiles } from '../../src/features/catalogue/files.server';
import type { Product } from '../../src/features/catalogue/schema';

const dir = fileURLToPath(new URL('../../content/catalogue', import.meta.url));

/** Every product, in catalogue order (by code). */
export const products: Product[] = readProductFiles(dir).map(({ data }) => data as Product).sort(byCode);
export const { categories, ranges } = readCatalogueLists(dir);

export const product = (id: string): Product => {
  const found = products.find((p) => p.id === id);
  if (!found) throw new Error(`no product ${id}`);
  return found;
};

/** « 1 234,56 € » → 1234.56 (any kind of space). */
export const parseEuros = (text: string): number => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
