/**
 * Supplier price lists: reading spreadsheets' CSV (encodings, separators, French numbers), matching rows
 * to products by reference, refusing what the schema or the whole-catalogue rules would refuse, and the
 * export that reads back unchanged. On fixtures, against the committed catalogue; nothing is written.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkCatalogue } from './check.ts';
import { byCode, readCatalogueLists, readProductFiles } from './files.server.ts';
import { parseYesNo } from '../../lib/csv-read.ts';
import { exportPriceList, MAX_PRICE_LIST_ROWS, parsePrice, planImport, PriceListError, readPriceList, reportLines, type CatalogueState, type RowOutcome } from './price-list.ts';
import type { Product } from './schema.ts';

const dir = fileURLToPath(new URL('../../../content/catalogue', import.meta.url));
const catalogue: CatalogueState = {
  products: readProductFiles(dir).map(({ file, data }) => ({ file, product: data as Product })),
  ...readCatalogueLists(dir),
};
const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/catalogue/${name}`, import.meta.url));
const plan = (bytes: Uint8Array | string) => planImport(readPriceList(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes), catalogue);
const byReference = (reference: string) => catalogue.products.find(({ product }) => product.reference === reference)!.product;
const outcome = (outcomes: RowOutcome[], line: number) => outcomes.find((o) => o.line === line)!;

describe('reading a price list', () => {
  it('Windows-1252 with « ; », decimal commas, thousands spaces and « € »: accents, « – » and « œ » intact', () => {
    const list = readPriceList(fixture('tarifs-windows-1252.csv'));
    expect(list).toMatchObject({ encoding: 'Windows-1252', separator: ';', columns: ['reference', 'prix_ht', 'en_stock', 'nom'] });
    const { outcomes, counts } = planImport(list, catalogue);
    expect(counts).toEqual({ lines: 3, new: 0, changed: 2, unchanged: 1, refused: 0 });
    expect(outcome(outcomes, 2)).toMatchObject({ kind: 'changed', product: { reference: 'ZT41142-T0E0000Z', priceHT: 1634.5 } });
    expect(outcome(outcomes, 3)).toMatchObject({ kind: 'changed', product: { inStock: false, name: 'Imprimante Zebra ZD230t – cœur transfert thermique' } });
  });

  it('UTF-8 with BOM and « , », decimal point, quoted cells holding commas', () => {
    const list = readPriceList(fixture('tarifs-utf8-bom-virgule.csv'));
    expect(list).toMatchObject({ encoding: 'UTF-8 avec BOM', separator: ',' });
    const { outcomes } = planImport(list, catalogue);
    expect(outcome(outcomes, 2)).toMatchObject({ kind: 'changed', product: { priceHT: 1234.5 } });
    expect(outcome(outcomes, 3)).toMatchObject({ kind: 'new', product: { name: 'Imprimante mobile Zebra ZQ521, 4 pouces' } });
  });

  it('reads prices as French and English spreadsheets write them', () => {
    expect(['1 234,50', '1\u202f234,50 €', '1234.5', '1.234,50', '1,234.50', '12 €', '0,99'].map(parsePrice)).toEqual([1234.5, 1234.5, 1234.5, 1234.5, 1234.5, 12, 0.99]);
    expect(['cher', '12,5,3', '1 2a', ''].map(parsePrice)).toEqual([undefined, undefined, undefined, undefined]);
    expect(parsePrice('-5')).toBe(-5);
    expect(['oui', 'NON', '1', '0', 'true', 'False', 'peut-être'].map(parseYesNo)).toEqual([true, false, true, false, true, false, undefined]);
  });

  it('refuses the whole file for an unknown or repeated column, or without « reference »', () => {
    expect(() => readPriceList(new TextEncoder().encode('reference;prix;nom\n'))).toThrow(PriceListError);
    expect(() => readPriceList(new TextEncoder().encode('reference;prix;nom\n'))).toThrow('colonne(s) inconnue(s) : « prix »');
    expect(() => readPriceList(new TextEncoder().encode('reference;nom;Nom\n'))).toThrow('colonne(s) en double : nom');
    expect(() => readPriceList(new TextEncoder().encode('nom;prix_ht\nx;1\n'))).toThrow('« reference »');
  });
});

describe('a file in two encodings, or too long, is refused whole, naming the line', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);
  const join = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

  it('UTF-8 with one Windows-1252 byte on line 3: refused, naming line 3, rather than read whole as Windows-1252', () => {
    const bytes = join(utf8('reference;nom\nZT41142-T0E0000Z;Imprimante Zebra ZT411 – été\nZD23042-30EG00EZ;Imprimante Zebra ZD230t '), Uint8Array.of(0xe9), utf8('t\u00e9\n'));
    expect(() => readPriceList(bytes)).toThrow(PriceListError);
    expect(() => readPriceList(bytes)).toThrow(/^encodage mélangé \(ligne 3, octet 0xE9\) : le fichier est en UTF-8 mais cette ligne ne l’est pas/);
    // The same with a byte-order mark.
    expect(() => readPriceList(join(Uint8Array.of(0xef, 0xbb, 0xbf), bytes))).toThrow(/ligne 3, octet 0xE9/);
  });

  it('a byte Windows-1252 does not define, in a file without UTF-8, is refused with its line', () => {
    const bytes = join(utf8('reference;nom\nZT41142-T0E0000Z;Imprimante '), Uint8Array.of(0xe9, 0x81), utf8('\n'));
    expect(() => readPriceList(bytes)).toThrow(/^encodage inconnu \(ligne 2, octet 0x81\)/);
  });

  it('more than 50 000 product rows are refused in French; 50 000 are read', () => {
    const rows = (count: number) => utf8(`reference;prix_ht\n${'REF-X;12,50\n'.repeat(count)}`);
    expect(readPriceList(rows(MAX_PRICE_LIST_ROWS)).rows).toHaveLength(50_000);
    expect(() => readPriceList(rows(MAX_PRICE_LIST_ROWS + 1))).toThrow('fichier trop long : plus de 50\u202f000 lignes de produits ; découpez-le en fichiers de 50\u202f000 lignes au plus');
  });
});

describe('references are one product whatever their case, and never a code', () => {
  it('a row whose reference differs only in case updates that product and keeps its reference; never a second product', () => {
    const before = byReference('ZD23042-30EG00EZ');
    const { outcomes, writes, counts } = plan('reference;prix_ht\nzd23042-30eg00ez;280\n');
    expect(counts).toMatchObject({ new: 0, changed: 1 });
    expect(writes).toEqual([{ ...before, priceHT: 280 }]);
    expect(outcome(outcomes, 2)).toMatchObject({ kind: 'changed', product: { reference: 'ZD23042-30EG00EZ' } });
  });

  it('two rows whose references differ only in case are refused both', () => {
    const { outcomes } = plan('reference;prix_ht\nZD23042-30EG00EZ;280\nzd23042-30eg00ez;290\n');
    for (const line of [2, 3]) expect(outcome(outcomes, line)).toMatchObject({ kind: 'refused', reasons: [expect.stringContaining('présente plusieurs fois (lignes 2, 3)')] });
  });

  it('a new product whose reference is shaped like an internal code (ar00001) is refused', () => {
    const description = 'Support mural pour terminal de paiement, fixation par quatre vis, acier peint.';
    const { outcomes, writes } = plan(`reference;nom;categorie;sous_categorie;prix_ht;description\nar00001;Support mural;accessoires;Supports;20;${description}\n`);
    expect(writes).toEqual([]);
    expect(outcome(outcomes, 2)).toMatchObject({ kind: 'refused', reasons: ['reference : une référence constructeur ne peut pas avoir la forme d’un code interne (AR suivi de 5 chiffres)'] });
  });

  it('a name with NUL, BEL, U+202E or a line break, or an image outside the image folders, is refused', () => {
    for (const name of ['Zebra\u0000 ZT411', 'Zebra\u0007 ZT411', 'Zebra \u202eZT411', '"Zebra\nZT411"']) {
      const { outcomes } = plan(`reference;nom\nZD23042-30EG00EZ;${name}\n`);
      expect(outcome(outcomes, 2), JSON.stringify(name)).toMatchObject({ kind: 'refused', reasons: [expect.stringMatching(/^nom : caractère non autorisé\u00a0: /)] });
    }
    const { outcomes } = plan('reference;image\nZD23042-30EG00EZ;/../../../../usr/share/pixmaps/debian-logo.png\n');
    expect(outcome(outcomes, 2)).toMatchObject({ kind: 'refused', reasons: [expect.stringContaining('image : un dessin de public/images/products')] });
  });

  it('the import time grows in line with the rows: a row of 20 000 new products costs about what a row of 5 000 does', () => {
    const description = 'Support mural pour terminal de paiement, fixation par quatre vis, acier peint.';
    const list = (count: number) =>
      readPriceList(new TextEncoder().encode(`reference;nom;categorie;sous_categorie;prix_ht;description\n${Array.from({ length: count }, (_, i) => `SM-${i};Support mural ${i};accessoires;Supports;20;${description}`).join('\n')}\n`));
    const time = (count: number) => {
      const rows = list(count);
      const started = performance.now();
      const { counts } = planImport(rows, catalogue);
      expect(counts.new).toBe(count);
      return (performance.now() - started) / count;
    };
    time(2_000); // warm-up
    const small = time(5_000);
    const large = time(20_000);
    // Linear: about 1 (0.4–0.8 measured). The former scan of every code per new product measured 2.7.
    expect(large / small).toBeLessThan(2);
  });
});

describe('each refused line says its line number and why, and never stops the others', () => {
  const { outcomes, counts } = plan(fixture('tarifs-refus.csv'));
  const reasons = (line: number) => {
    const o = outcome(outcomes, line);
    return o.kind === 'refused' ? o.reasons.join(' ; ') : `not refused: ${o.kind}`;
  };

  it.each([
    [2, 'référence manquante'],
    [3, 'catégorie inconnue « mobilier »'],
    [4, 'prix_ht « -5 » : un prix doit être positif'],
    [5, 'prix_ht « cher » n’est pas un prix'],
    [6, 'ancien_prix_ht : l’ancien prix HT doit être supérieur au prix HT'],
    [7, 'référence « DS3608-SR3U4602ZVW » présente plusieurs fois (lignes 7, 8)'],
    [8, 'référence « DS3608-SR3U4602ZVW » présente plusieurs fois (lignes 7, 8)'],
    [9, 'nom : 90 caractères au plus'],
    [10, 'en_stock « peut-être »'],
    [11, 'nouveau produit : colonne(s) sous_categorie, description à remplir'],
    [12, 'prix_ht : un ruban résine à 50 € HT est requis'],
  ])('line %i: %s', (line, reason) => {
    expect(reasons(line)).toContain(reason);
  });

  it('the report lists them and ends with the summary line; nothing to write', () => {
    expect(counts).toEqual({ lines: 12, new: 0, changed: 0, unchanged: 0, refused: 12 });
    const report = reportLines({ outcomes, counts, writes: [] }, { applied: false });
    expect(report).toContain('  ligne 2 : référence manquante');
    expect(report.at(-1)).toBe('catalogue: 12 lignes, 0 nouveaux, 0 modifiés, 0 inchangés, 12 refusés');
  });

  it('a refused line leaves the valid lines of the same file to be applied', () => {
    const mixed = plan('reference;prix_ht\n05095BK11007;cher\nZT41142-T0E0000Z;1600\n');
    expect(mixed.counts).toMatchObject({ changed: 1, refused: 1 });
    expect(mixed.writes.map((p) => p.reference)).toEqual(['ZT41142-T0E0000Z']);
  });
});

describe('what an import changes', () => {
  it('updates only the columns present and non-empty, and says each change as avant → après', () => {
    const before = byReference('ZD23042-30EG00EZ');
    const { outcomes, writes } = plan('reference;prix_ht;badge;description\nZD23042-30EG00EZ;280;;\n');
    expect(writes).toEqual([{ ...before, priceHT: 280 }]);
    expect(outcome(outcomes, 2)).toMatchObject({ kind: 'changed', changes: [{ column: 'prix_ht', before: expect.stringMatching(/^274,17\s€$/), after: expect.stringMatching(/^280,00\s€$/) }] });
    const report = reportLines(plan('reference;prix_ht\nZD23042-30EG00EZ;280\n'), { applied: false });
    expect(report).toContainEqual(expect.stringMatching(/^ {4}prix_ht : 274,17\s€ → 280,00\s€$/));
  });

  it('creates a new product with the next code, an id from its name, the category’s drawing and its reference first', () => {
    const { writes } = plan(fixture('tarifs-utf8-bom-virgule.csv'));
    const created = writes.find((p) => p.reference === 'ZQ5-NOUVEAU-01')!;
    expect(created).toMatchObject({
      id: 'imprimante-mobile-zebra-zq521-4-pouces',
      code: 'AR00102',
      image: catalogue.categories.find((c) => c.id === 'imprimantes-etiquettes')!.image,
      inStock: true,
      specifications: [{ label: 'Référence constructeur', value: 'ZQ5-NOUVEAU-01' }, { label: 'Gamme', value: 'Imprimantes mobiles' }],
    });
  });

  it('gives two new products of one file distinct ids and successive codes', () => {
    const description = 'Support mural pour terminal de paiement, fixation par quatre vis, acier peint.';
    const { writes } = plan(`reference;nom;categorie;sous_categorie;prix_ht;description\nSM-1;Support mural;accessoires;Supports;20;${description}\nSM-2;Support mural;accessoires;Supports;22;${description}\n`);
    expect(writes.map((p) => [p.id, p.code])).toEqual([['support-mural', 'AR00102'], ['support-mural-2', 'AR00103']]);
  });

  it('leaves a catalogue that passes the build’s whole-catalogue rules', () => {
    const { writes } = plan(fixture('exemple-tarifs.csv'));
    const after = new Map(catalogue.products.map(({ product }) => [product.id, product]));
    for (const product of writes) after.set(product.id, product);
    expect(checkCatalogue([...after.values()], catalogue.ranges)).toEqual([]);
  });
});

describe('export', () => {
  it('writes UTF-8 with BOM, « ; » and decimal commas, every product in catalogue order', () => {
    const bytes = exportPriceList(catalogue.products.map(({ product }) => product));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    // TextDecoder drops the BOM checked above.
    expect(text.split('\r\n')[0]).toBe('reference;nom;categorie;sous_categorie;prix_ht;ancien_prix_ht;en_stock;badge;description;image');
    const first = [...catalogue.products].map(({ product }) => product).sort(byCode)[0]!;
    expect(text.split('\r\n')[1]).toContain(`${first.reference};${first.name};`);
    expect(text).toContain(';274,17;299,00;oui;');
  });

  it('a cell starting with =, +, - or @ is made inert with an apostrophe, and reads back as it was', () => {
    const products = catalogue.products.map(({ product }) => product);
    const [first, second, ...others] = products;
    const trapped = [
      { ...first!, name: '=HYPERLINK("https://evil.example/";"Zebra")' },
      { ...second!, description: "+cmd|' /C calc'!A0 et une description assez longue pour le schéma." },
      ...others,
    ];
    const text = new TextDecoder().decode(exportPriceList(trapped));
    expect(text).toContain(`${first!.reference};"'=HYPERLINK(""https://evil.example/"";""Zebra"")";`);
    expect(text).toContain(`;'+cmd|' /C calc'!A0 et une description`);
    expect(text).not.toMatch(/;[=+@]/);
    const { outcomes } = planImport(readPriceList(new TextEncoder().encode(text)), { ...catalogue, products: trapped.map((product) => ({ file: `products/${product.id}.json`, product })) });
    expect(outcomes.filter((o) => o.kind !== 'unchanged')).toEqual([]);
  });

  it('reads back with 0 new and 0 changed: a round trip', () => {
    const { counts } = plan(exportPriceList(catalogue.products.map(({ product }) => product)));
    expect(counts).toEqual({ lines: catalogue.products.length, new: 0, changed: 0, unchanged: catalogue.products.length, refused: 0 });
  });
});

describe('the move to one file per product', () => {
  it('kept every product’s code: its place in the former single file', () => {
    const before = JSON.parse(readFileSync(new URL('../../../tests/fixtures/catalogue/ids-before-codes.json', import.meta.url), 'utf8')) as string[];
    const codes = Object.fromEntries(catalogue.products.map(({ product }) => [product.id, product.code]));
    expect(Object.keys(codes).sort()).toEqual([...before].sort());
    before.forEach((id, index) => expect(codes[id], id).toBe(`AR${String(index + 1).padStart(5, '0')}`));
  });
});
