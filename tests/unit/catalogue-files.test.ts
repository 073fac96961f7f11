/**
 * The catalogue folder as editors change it, on a throw-away copy (the real files are untouched): deleting
 * a product renumbers nothing, and `npm run catalogue -- import --apply` writes the new and changed product
 * files only, leaving a catalogue the build accepts.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkCatalogue } from '../../src/features/catalogue/check';
import { byCode, readCatalogueLists, readProductFiles } from '../../src/features/catalogue/files.server';
import { toCard } from '../../src/features/catalogue/card';
import type { Product } from '../../src/features/catalogue/schema';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
  cpSync(join(root, 'content/catalogue'), dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Each product's code as the store shows it (its card), by id, read the way the build reads the folder. */
const shownCodes = () => Object.fromEntries(readProductFiles(dir).map(({ data }) => toCard(data as Product)).map((card) => [card.id, card.code]));
/** `npm run catalogue -- …` on the copy. */
const catalogue = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'scripts/catalogue.mjs'), ...args], { cwd: root, env: { ...process.env, CATALOGUE_DIR: dir }, encoding: 'utf8', timeout: 60_000 });

describe('product codes are stable', () => {
  it('deleting a product file changes no other product’s code', () => {
    const before = shownCodes();
    const removed = readProductFiles(dir).map(({ data }) => data as Product).sort(byCode)[40]!;
    rmSync(join(dir, 'products', `${removed.id}.json`));
    const { [removed.id]: gone, ...others } = before;
    expect(gone).toBe(removed.code);
    expect(shownCodes()).toEqual(others);
  });

  it('a product imported after a deletion takes the highest code + 1, and no other code moves', () => {
    rmSync(join(dir, 'products', 'zebra-zd230t.json'));
    const before = shownCodes();
    const result = catalogue('import', join(root, 'tests/fixtures/catalogue/exemple-tarifs.csv'), '--apply');
    expect(result.stdout.trim().split('\n').at(-1)).toBe('catalogue: 3 lignes, 1 nouveaux, 1 modifiés, 0 inchangés, 1 refusés');
    expect(result.stdout).toContain('ligne 3 (réf. ZD23042-30EG00EZ) : nouveau produit');
    const after = shownCodes();
    expect(after['kit-de-nettoyage-pour-imprimantes-zebra']).toBe('AR00102');
    for (const [id, code] of Object.entries(before)) expect(after[id], id).toBe(code);
  });
});

describe('npm run catalogue -- import', () => {
  const mtimes = () => Object.fromEntries(readdirSync(join(dir, 'products')).map((name) => [name, statSync(join(dir, 'products', name)).mtimeMs]));

  it('writes nothing on a dry run, and exits 1 when a line is refused', () => {
    const before = mtimes();
    const result = catalogue('import', join(root, 'tests/fixtures/catalogue/tarifs-refus.csv'));
    expect(result.status).toBe(1);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('catalogue: 12 lignes, 0 nouveaux, 0 modifiés, 0 inchangés, 12 refusés');
    expect(mtimes()).toEqual(before);
  });

  it('with --apply writes only the new and changed products, and the catalogue still passes the build’s rules', () => {
    const before = mtimes();
    const result = catalogue('import', join(root, 'tests/fixtures/catalogue/exemple-tarifs.csv'), '--apply');
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('catalogue: 3 lignes, 1 nouveaux, 2 modifiés, 0 inchangés, 0 refusés');
    const after = mtimes();
    const touched = Object.keys(after).filter((name) => after[name] !== before[name]).sort();
    expect(touched).toEqual(['kit-de-nettoyage-pour-imprimantes-zebra.json', 'zebra-zd230t.json', 'zebra-zt411.json']);
    expect(JSON.parse(readFileSync(join(dir, 'products/zebra-zt411.json'), 'utf8'))).toMatchObject({ code: 'AR00008', priceHT: 1634.5 });
    const files = readProductFiles(dir).map(({ file, data }) => ({ ...(data as Product), file }));
    expect(checkCatalogue(files, readCatalogueLists(dir).ranges)).toEqual([]);
  });

  it('export then import of the export: 0 new, 0 changed', () => {
    const file = join(dir, 'export.csv');
    expect(catalogue('export', file).status).toBe(0);
    const result = catalogue('import', file);
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('catalogue: 101 lignes, 0 nouveaux, 0 modifiés, 101 inchangés, 0 refusés');
  });
});
