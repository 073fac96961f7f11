import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { productFormat } from './product-format';

const file = readFileSync(new URL('../../../content/catalogue/products/batterie-tc22.json', import.meta.url), 'utf8');

describe('the CMS’s writer of product files', () => {
  test('a file read and written unchanged is the same text, byte for byte', () => {
    expect(productFormat.toFile(productFormat.fromFile(file) as Record<string, unknown>)).toBe(file);
  });

  test('fields in another order (as Decap holds them) are written in the file’s order: a new price changes one line', () => {
    const product = productFormat.fromFile(file) as Record<string, unknown>;
    const shuffled = Object.fromEntries(Object.entries({ ...product, priceHT: 52.5 }).reverse());
    const before = file.split('\n');
    const after = productFormat.toFile(shuffled).split('\n');
    expect(after.length).toBe(before.length);
    const changed = after.map((line, index) => [before[index], line]).filter(([old, line]) => old !== line);
    expect(changed).toEqual([['  "priceHT": 49.17,', '  "priceHT": 52.5,']]);
  });

  test('a field the editor emptied is left out, not written empty', () => {
    const product = productFormat.fromFile(file) as Record<string, unknown>;
    const text = productFormat.toFile({ ...product, badge: '', oldPrice: null });
    expect(text).toBe(file);
  });
});
