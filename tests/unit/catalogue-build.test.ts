/**
 * The catalogue is validated when the site builds (DECISIONS.md §9): a malformed entry stops the build
 * with a message naming the entry and the field. Runs Astro's content sync (the first step of
 * `astro build`) on a broken copy of the catalogue, through CATALOGUE_DIR; the real files are untouched.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string | undefined;

/** Copies the catalogue, changes products.json, runs `astro sync` on it. */
function syncWith(change: (products: Record<string, unknown>[]) => void) {
  dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
  cpSync(join(root, 'content/catalogue'), dir, { recursive: true });
  const file = join(dir, 'products.json');
  const products = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
  change(products);
  writeFileSync(file, JSON.stringify(products));
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
    cwd: root,
    env: { ...process.env, CATALOGUE_DIR: dir, FORCE_COLOR: '0' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('a malformed catalogue fails the build', () => {
  it('names the entry and the field of a value of the wrong type', () => {
    const { status, output } = syncWith((products) => {
      products[2]!.priceHT = 'cher';
    });
    expect(status).not.toBe(0);
    expect(output).toContain('products → zebra-zd230t');
    expect(output).toContain('priceHT');
  }, 120_000);

  it('names the entry and the field of a broken whole-catalogue rule', () => {
    const { status, output } = syncWith((products) => {
      const reference = products[4]!.reference;
      products[5]!.reference = reference;
      (products[5]!.specifications as { value: unknown }[])[0]!.value = reference;
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/zebra-zd611t, champ « reference » : référence « .+ » déjà utilisée/);
  }, 120_000);
});
