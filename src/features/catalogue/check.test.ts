import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCatalogue, formatProblems, type CheckedProduct } from './check';
import { productSchema, rangeSchema } from './schema';

const read = (name: string) => JSON.parse(readFileSync(new URL(`../../../content/catalogue/${name}`, import.meta.url), 'utf8'));
const products: (CheckedProduct & Record<string, unknown>)[] = read('products.json');
const ranges = rangeSchema.array().parse(read('ranges.json'));

describe('the committed catalogue', () => {
  it('passes every entry schema', () => {
    products.forEach((product, index) => expect(productSchema.safeParse({ ...product, position: index + 1 }).error).toBeUndefined());
  });
  it('passes the whole-catalogue rules (DECISIONS.md §9)', () => {
    expect(checkCatalogue(products, ranges)).toEqual([]);
  });
});

describe('catalogue rules name the entry and the field', () => {
  const broken = (change: (list: typeof products) => void) => {
    const copy = structuredClone(products);
    change(copy);
    return checkCatalogue(copy, ranges);
  };

  it('a premium label outside 66,58–166,58 € HT', () => {
    const label = products.find((x) => x.subcategory === 'Z-Select')!;
    const problems = broken((list) => (list.find((x) => x.id === label.id)!.priceHT = 170));
    expect(problems).toContainEqual(expect.objectContaining({ entry: label.id, field: 'priceHT' }));
    expect(formatProblems('products.json', problems)).toContain(`products.json → ${label.id}, champ « priceHT »`);
  });
  it('no resin ribbon at 50 € HT', () => {
    const problems = broken((list) => list.filter((x) => x.subcategory === 'Rubans résine').forEach((x) => (x.priceHT = 49)));
    expect(problems).toContainEqual(expect.objectContaining({ field: 'priceHT', message: expect.stringContaining('50 € HT') }));
  });
  it('a duplicated reference', () => {
    expect(broken((list) => (list[1]!.reference = list[0]!.reference))).toContainEqual(expect.objectContaining({ entry: products[1]!.id, field: 'reference' }));
  });
  it('an industrial scanner outside 257,50–799,17 € HT', () => {
    const problems = broken((list) => (list.find((x) => x.category === 'lecteurs-industriels')!.priceHT = 800));
    expect(problems).toContainEqual(expect.objectContaining({ field: 'priceHT', message: expect.stringContaining('799,17') }));
  });
  it('a range without products, a category under 3 products, no out-of-stock product', () => {
    const problems = broken((list) => {
      for (const x of list) {
        if (x.subcategory === 'LS1203') x.subcategory = 'LS2208';
        x.inStock = true;
      }
      list.splice(0, list.length, ...list.filter((x) => x.category !== 'badges' || x.id === list.find((y) => y.category === 'badges')!.id));
    });
    expect(problems).toContainEqual(expect.objectContaining({ entry: 'LS1203', field: 'subcategory' }));
    expect(problems).toContainEqual(expect.objectContaining({ field: 'category', message: expect.stringContaining('badges') }));
    expect(problems).toContainEqual(expect.objectContaining({ field: 'inStock' }));
  });
  it('a retired TTC price field is refused, naming it', () => {
    const result = productSchema.safeParse({ ...products[0], position: 1, price: 599, tva: 20 });
    expect(result.error?.issues[0]?.message).toContain('champ inconnu : price, tva');
  });
  it('a malformed entry fails its schema at the field', () => {
    const result = productSchema.safeParse({ ...products[0], position: 1, priceHT: 'cher' });
    expect(result.error?.issues[0]?.path).toEqual(['priceHT']);
    const spec = productSchema.safeParse({ ...products[0], position: 1, specifications: [{ label: 'Couleur', value: 'Noir' }, { label: 'x', value: 'y' }] });
    expect(spec.error?.issues.map((i) => i.path.join('.'))).toContain('specifications.0');
  });
});
