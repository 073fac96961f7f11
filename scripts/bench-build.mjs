/**
 * Build benchmark: how build cost grows with the catalogue. Builds the site with the real catalogue,
 * then with a catalogue of N products (10 000 by default) derived from it by generate-catalogue.mjs into
 * a temporary folder and read through CATALOGUE_DIR (content/ is never touched), checks the size budgets
 * on that large build (scripts/budget.mjs), and ends with one line per build:
 *
 *   build: 101 products, 153 pages in 12.3 s
 *   build: 10000 products, 21345 pages in 55.0 s
 *
 * Not part of the tests, and only meaningful on a quiet machine. It leaves dist/ built from the generated
 * catalogue: run `npm run build` afterwards.
 *
 *   node scripts/bench-build.mjs [--count 10000] [--no-budget]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine } from './lib/command-line.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = commandLine('Usage : node scripts/bench-build.mjs [--count 10000] [--no-budget]', {
  options: { count: { type: 'string', default: '10000' }, 'no-budget': { type: 'boolean', default: false } },
});

/** The project's Node 22 (the `node` devDependency), whatever Node runs this script: Astro needs it. */
const projectNode = existsSync(join(root, 'node_modules/.bin/node')) ? join(root, 'node_modules/.bin/node') : process.execPath;

/** Number of HTML pages in dist/. */
function countPages(dir = join(root, 'dist')) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countPages(join(dir, entry.name));
    else if (entry.name.endsWith('.html')) count += 1;
  }
  return count;
}

/**
 * The lines of Astro's log that time a phase of the build: the content layer's sync, the bundles, the
 * rendering of the pages, the store's data pages and search index, the whole.
 */
const PHASE_LINES = /Synced content|\[types\] Generated|Completed in|built in|prêts en|page\(s\) built/;

/** Builds with a catalogue folder; returns its products, pages and seconds, and prints its phases. */
function build(catalogue, env = {}) {
  const products = readdirSync(join(catalogue, 'products')).filter((name) => name.endsWith('.json')).length;
  const started = performance.now();
  const result = spawnSync(projectNode, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`build of ${products} products failed`);
  // The log without its colours.
  const phases = String(result.stdout).replace(/\x1b\[[0-9;]*m/g, '').split('\n').filter((line) => PHASE_LINES.test(line));
  console.log(`phases (${products} products):\n  ${phases.map((line) => line.trim()).join('\n  ')}`);
  return `build: ${products} products, ${countPages()} pages in ${seconds.toFixed(1)} s`;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-catalogue-'));
try {
  const generated = spawnSync(projectNode, [join(root, 'scripts/generate-catalogue.mjs'), '--out', dir, '--count', values.count], { stdio: 'inherit' });
  if (generated.status !== 0) throw new Error('catalogue generation failed');
  const real = build(join(root, 'content/catalogue'));
  console.log(real);
  const large = build(dir, { CATALOGUE_DIR: dir });
  console.log(large);
  let budgetFailed = false;
  if (!values['no-budget']) {
    console.log(`\nbudgets sur le build de ${values.count} produits :`);
    budgetFailed = spawnSync(projectNode, [join(root, 'scripts/budget.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' }).status !== 0;
  }
  console.log('');
  console.log(real);
  console.log(large);
  if (budgetFailed) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
