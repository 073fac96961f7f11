/**
 * Size budgets: prints, for every built page, the gzip size of its HTML, of the CSS it links and of
 * all the JavaScript it loads (scripts, islands and their static imports), and fails when a page is
 * over its budget. Run after `astro build` (npm test does).
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const KB = 1024;

/**
 * Budgets in gzip bytes; the first rule whose pattern matches the page's path wins.
 * Corporate pages ship plain scripts only (< 2 KB); pages with React islands carry its runtime.
 */
export const budgets = [
  { pattern: /^\/admin\//, html: 20 * KB, css: 20 * KB, js: 90 * KB },
  { pattern: /^\/commerce(\/|$)/, html: 60 * KB, css: 25 * KB, js: 80 * KB },
  { pattern: /^\/(contact)?$/, html: 40 * KB, css: 25 * KB, js: 75 * KB },
  { pattern: /^\/actualites$/, html: 40 * KB, css: 25 * KB, js: 75 * KB },
  { pattern: /./, html: 40 * KB, css: 25 * KB, js: 2 * KB },
];

const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;

function* htmlFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/** The route a built file answers: dist/contact.html → /contact, dist/index.html → /. */
const routeOf = (file) => '/' + relative(dist, file).replace(/\\/g, '/').replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');

const readAsset = (url) => {
  const path = join(dist, url.split('?')[0]);
  return existsSync(path) ? readFileSync(path) : undefined;
};

/** Every JS file a module loads through static imports, itself included. */
function jsClosure(entryUrls) {
  const seen = new Set();
  const queue = [...entryUrls];
  while (queue.length > 0) {
    const url = queue.pop();
    if (seen.has(url)) continue;
    const source = readAsset(url);
    if (!source) continue;
    seen.add(url);
    const text = source.toString('utf8');
    for (const match of text.matchAll(/(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
      const spec = match[1];
      if (spec.startsWith('.') || spec.startsWith('/')) queue.push(spec.startsWith('/') ? spec : posix.join(posix.dirname(url), spec));
    }
  }
  return seen;
}

/** What one page downloads: its HTML, linked CSS, and the JS closure of its scripts and islands. */
export function measurePage(file) {
  const html = readFileSync(file, 'utf8');
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  const jsEntries = [
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/import\s*["']([^"']+\.js)["']/g)].map((m) => m[1]),
  ].filter((url) => url.startsWith('/'));
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type="application\/(ld\+)?json"/.test(m[0]))
    .map((m) => m[1])
    .join('\n');
  const js = jsClosure(jsEntries);
  return {
    route: routeOf(file),
    html: gz(Buffer.from(html)),
    css: css.reduce((sum, url) => sum + gz(readAsset(url) ?? Buffer.alloc(0)), 0),
    js: [...js].reduce((sum, url) => sum + gz(readAsset(url)), 0) + (inlineScripts ? gz(Buffer.from(inlineScripts)) : 0),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(dist)) {
    console.error('dist/ est absent : lancez `npm run build` avant le contrôle des budgets.');
    process.exit(1);
  }
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} Ko`.padStart(9);
  const rows = [...htmlFiles(dist)].map(measurePage).sort((a, b) => a.route.localeCompare(b.route));
  const failures = [];
  console.log(`${'page'.padEnd(48)} ${'HTML'.padStart(9)} ${'CSS'.padStart(9)} ${'JS'.padStart(9)}   (gzip)`);
  for (const row of rows) {
    const budget = budgets.find((rule) => rule.pattern.test(row.route));
    const over = ['html', 'css', 'js'].filter((kind) => row[kind] > budget[kind]);
    const mark = over.length ? `  ✗ dépasse : ${over.map((k) => `${k} > ${kb(budget[k]).trim()}`).join(', ')}` : '';
    console.log(`${row.route.padEnd(48)} ${kb(row.html)} ${kb(row.css)} ${kb(row.js)}${mark}`);
    if (over.length) failures.push(row.route);
  }
  console.log(`\n${rows.length} pages mesurées, ${failures.length} au-dessus du budget.`);
  if (failures.length) process.exit(1);
}
