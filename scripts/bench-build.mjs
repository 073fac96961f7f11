/**
 * Build benchmark: how build cost grows with the catalogue. Builds the site with the real catalogue,
 * then with a generated catalogue of N products (10 000 by default) written to a temporary folder and
 * read through CATALOGUE_DIR (the real content is never touched), and prints build time and pages per
 * second. Not part of the tests; it leaves dist/ built from the generated catalogue, so rebuild after.
 *
 *   node scripts/bench-build.mjs [--count 10000]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { count: { type: 'string', default: '10000' } } });

/** Number of HTML pages in dist/. */
function countPages(dir = join(root, 'dist')) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countPages(join(dir, entry.name));
    else if (entry.name.endsWith('.html')) count += 1;
  }
  return count;
}

function build(label, env = {}) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${label}: build failed`);
  const pages = countPages();
  console.log(`${label.padEnd(28)} ${String(pages).padStart(6)} pages  ${seconds.toFixed(1).padStart(6)} s  ${(pages / seconds).toFixed(0).padStart(5)} pages/s`);
  return { pages, seconds };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-catalogue-'));
try {
  const generated = spawnSync(process.execPath, [join(root, 'scripts/generate-catalogue.mjs'), '--out', dir, '--count', values.count], { stdio: 'inherit' });
  if (generated.status !== 0) throw new Error('catalogue generation failed');
  build('catalogue réel');
  build(`catalogue de ${values.count} produits`, { CATALOGUE_DIR: dir });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
