import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkCatalogue, formatProblems, type CheckedProduct } from './check.ts';
import { readCatalogueLists, readProductFiles } from './files.server.ts';
import { categorySchema, productSchema, rangeSchema } from './schema.ts';

const dir = fileURLToPath(new URL('../../../content/catalogue', import.meta.url));
const files = readProductFiles(dir);
const products = files.map(({ data }) => data as CheckedProduct & Record<string, unknown>);
const lists = readCatalogueLists(dir);
const ranges = rangeSchema.array().parse(lists.ranges);

describe('the committed catalogue', () => {
  it('passes every entry schema', () => {
    products.forEach((product) => expect(productSchema.safeParse(product).error).toBeUndefined());
    expect(categorySchema.array().safeParse(lists.categories).error).toBeUndefined();
  });
  it('passes the whole-catalogue rules, each product in the file named after its id', () => {
    expect(checkCatalogue(files.map(({ file, data }) => ({ ...(data as CheckedProduct), file })), ranges)).toEqual([]);
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
    expect(problems).toContainEqual(expect.objectContaining({ entry: `products/${label.id}.json`, field: 'priceHT' }));
    expect(formatProblems('content/catalogue', problems)).toContain(`content/catalogue/products/${label.id}.json, champ « priceHT »`);
  });
  it('no resin ribbon at 50 € HT', () => {
    const problems = broken((list) => list.filter((x) => x.subcategory === 'Rubans résine').forEach((x) => (x.priceHT = 49)));
    expect(problems).toContainEqual(expect.objectContaining({ field: 'priceHT', message: expect.stringContaining('50 € HT') }));
  });
  it('a reference, a code or an id used twice, naming both files', () => {
    const [first, second] = [products[0]!, products[1]!];
    const problems = broken((list) => {
      list[1]!.reference = first.reference;
      list[1]!.code = first.code;
    });
    expect(problems).toContainEqual({ entry: `products/${second.id}.json`, field: 'reference', message: `référence « ${first.reference} » déjà utilisée par products/${first.id}.json` });
    expect(problems).toContainEqual({ entry: `products/${second.id}.json`, field: 'code', message: `code « ${first.code} » déjà utilisé par products/${first.id}.json` });
    const sameId = checkCatalogue([{ ...first, file: `products/${first.id}.json` }, { ...second, id: first.id, file: `products/${second.id}.json` }], ranges);
    expect(sameId).toContainEqual({ entry: `products/${second.id}.json`, field: 'id', message: `identifiant « ${first.id} » déjà utilisé par products/${first.id}.json` });
    expect(sameId).toContainEqual(expect.objectContaining({ entry: `products/${second.id}.json`, field: 'id', message: expect.stringContaining('nom de l’identifiant') }));
  });
  it('a reference differing only in case is the same reference; a reference shaped like a code (ar00001) is refused', () => {
    const [first, second] = [products[0]!, products[1]!];
    const problems = broken((list) => {
      list[1]!.reference = first.reference.toLowerCase();
    });
    expect(problems).toContainEqual({
      entry: `products/${second.id}.json`,
      field: 'reference',
      message: `référence « ${first.reference.toLowerCase()} » déjà utilisée par products/${first.id}.json (« ${first.reference} » : les majuscules ne comptent pas)`,
    });
    for (const reference of ['ar00001', 'AR00042', 'Ar12345']) {
      const result = productSchema.safeParse({ ...products[0], reference, specifications: [{ label: 'Référence constructeur', value: reference }, (products[0]!.specifications as unknown[])[1]] });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]), reference).toEqual([
        ['reference', 'une référence constructeur ne peut pas avoir la forme d’un code interne (AR suivi de 5 chiffres)'],
      ]);
    }
  });
  it('a product’s one-line texts refuse control, invisible and direction characters, naming the character', () => {
    const issue = (override: Record<string, unknown>) => productSchema.safeParse({ ...products[0], ...override }).error?.issues[0];
    expect(issue({ name: 'Zebra ZT411\u0000' })).toMatchObject({ path: ['name'], message: 'caractère non autorisé\u00a0: caractère de contrôle U+0000' });
    expect(issue({ name: 'Zebra\u0007 ZT411' })).toMatchObject({ path: ['name'], message: 'caractère non autorisé\u00a0: caractère de contrôle U+0007' });
    expect(issue({ name: 'Zebra \u202eZT411' })).toMatchObject({ path: ['name'], message: 'caractère non autorisé\u00a0: caractère de direction du texte U+202E' });
    expect(issue({ name: 'Zebra\nZT411' })).toMatchObject({ path: ['name'], message: 'caractère non autorisé\u00a0: saut de ligne' });
    expect(issue({ subcategory: 'Gamme\u200b' })).toMatchObject({ path: ['subcategory'] });
  });
  it('a code that is not AR and 5 digits', () => {
    expect(broken((list) => (list[0]!.code = 'AR042'))).toContainEqual(expect.objectContaining({ entry: `products/${products[0]!.id}.json`, field: 'code' }));
    expect(productSchema.safeParse({ ...products[0], code: 'ar00001' }).error?.issues[0]).toMatchObject({ path: ['code'], message: expect.stringContaining('AR suivi de 5 chiffres') });
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
    const result = productSchema.safeParse({ ...products[0], price: 599, tva: 20 });
    expect(result.error?.issues[0]?.message).toContain('champ inconnu\u00a0: price, tva');
  });
  it('a malformed entry fails its schema at the field', () => {
    const result = productSchema.safeParse({ ...products[0], priceHT: 'cher' });
    expect(result.error?.issues[0]?.path).toEqual(['priceHT']);
    const spec = productSchema.safeParse({ ...products[0], specifications: [{ label: 'Couleur', value: 'Noir' }, { label: 'x', value: 'y' }] });
    expect(spec.error?.issues.map((i) => i.path.join('.'))).toContain('specifications.0');
  });
  it('an image is a drawing of public/ or a photo beside the product files; anything else is refused in French', () => {
    const image = (path: string) => productSchema.safeParse({ ...products[0], image: path }).error?.issues[0]?.message;
    for (const path of ['/images/products/printer-desktop.svg', './images/zd421.jpg', 'images/zd421.webp']) expect(image(path), path).toBeUndefined();
    expect(image('https://exemple.com/zd421.jpg')).toBe('une photo s’écrit ./images/nom.jpg (dans content/catalogue/products/images/)');
    expect(image('../../public/zd421.jpg')).toBe('une photo s’écrit ./images/nom.jpg (dans content/catalogue/products/images/)');
    expect(image('/images/products/zd421')).toBe('un dessin de public/images/products, écrit /images/products/nom.svg');
    // Nothing outside public/images/products or the products' images/ folder.
    for (const path of ['/../../../../usr/share/pixmaps/debian-logo.png', '/images/products/../../../etc/logo.png', '/images/logo.png', '/favicon.svg', '/images/products/.hidden.svg']) {
      expect(image(path), path).toBe('un dessin de public/images/products, écrit /images/products/nom.svg');
    }
    for (const path of ['images/../../../news/images/photo.jpg', './images/..', 'images/.secret.jpg', 'images/sous/photo.jpg']) {
      expect(image(path), path).toBe('une photo s’écrit ./images/nom.jpg (dans content/catalogue/products/images/)');
    }
  });
});
