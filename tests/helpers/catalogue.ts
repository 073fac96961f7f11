/** The committed catalogue, read the way the build reads it, for browser tests to compare against. */
import { readFileSync } from 'node:fs';
import type { Category, Product, Range } from '../../src/features/catalogue/schema';

const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../content/catalogue/${name}`, import.meta.url), 'utf8')) as T;

export const products: Product[] = read<Omit<Product, 'position'>[]>('products.json').map((p, i) => ({ ...p, position: i + 1 }));
export const categories: Category[] = read('categories.json');
export const ranges: Range[] = read('ranges.json');

export const product = (id: string): Product => {
  const found = products.find((p) => p.id === id);
  if (!found) throw new Error(`no product ${id}`);
  return found;
};

/** « 1 234,56 € » → 1234.56 (any kind of space). */
export const parseEuros = (text: string): number => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
