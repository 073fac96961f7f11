/**
 * The README's module map names every idea's folders, and only folders that exist: each folder of
 * src/features/, netlify/lib/ and netlify/routes/ stands in its column of the table, so a new idea cannot be
 * added without saying where it lives, and a folder removed leaves no line behind.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const map = readme.slice(readme.indexOf('## Module map'), readme.indexOf('\n## ', readme.indexOf('## Module map') + 1));
const rows = map.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| idea') && !line.startsWith('|---'));

/** The folders a column names (« `cart/`, `quote/` »), over every row of the table. */
const column = (index: number): string[] => rows.flatMap((row) => [...(row.split('|')[index + 1] ?? '').matchAll(/`([\w-]+)\/`/g)].map(([, name]) => name!));
const folders = (dir: string): string[] => readdirSync(join(root, dir), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();

describe('the README’s module map', () => {
  const columns = [
    { dir: 'src/features', names: column(1) },
    { dir: 'netlify/lib', names: column(2) },
    { dir: 'netlify/routes', names: column(3) },
  ];

  for (const { dir, names } of columns) {
    it(`names every folder of ${dir}/, and none that does not exist`, () => {
      expect(rows.length).toBeGreaterThan(5);
      expect(folders(dir).filter((name) => !names.includes(name)), `folders of ${dir}/ missing from the map`).toEqual([]);
      expect([...new Set(names)].filter((name) => !existsSync(join(root, dir, name))), `folders the map names under ${dir}/ that do not exist`).toEqual([]);
    });
  }

  it('links guides that exist', () => {
    const links = [...readme.matchAll(/\]\((docs\/[^)#]+)\)/g)].map(([, path]) => path!);
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
