/**
 * Size budgets: prints, for every built page, the gzip size of its HTML, of the CSS it links and of
 * all the JavaScript it loads before any interaction (scripts, islands and their static imports), and
 * fails when a page is over its budget. Then searches « DS3608 » in Chromium on the built store and
 * fails when that one search transfers more than its budget (Pagefind's script and WebAssembly, the
 * index chunks and the results). Run after `astro build` (npm test does).
 *
 *   node scripts/budget.mjs [--dist DIR] [--quiet]   (--quiet prints the store summary, not every page)
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, relative, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: options } = parseArgs({ options: { dist: { type: 'string' }, quiet: { type: 'boolean', default: false } }, strict: false });
const dist = options.dist ? resolve(options.dist) : fileURLToPath(new URL('../dist', import.meta.url));
const KB = 1024;

/** A public page's HTML, its inlined style sheets included, in gzip bytes: what a connection's first round trip carries. */
export const PUBLIC_HTML = 14 * KB;

/**
 * Budgets in gzip bytes; the first rule whose pattern matches the page's path wins.
 * Corporate and store pages ship plain scripts only before an interaction; the home, the cart page and the
 * admin carry React for their islands. A store page stays within PUBLIC_HTML whatever the catalogue.
 */
export const budgets = [
  // The site's shared constants carry no lifetime (src/lib/constants.ts), and the forms get the request's
  // lifetime from their page: no public page loads the lifetimes table. The admin's 120 → 125 KB (the field
  // app's and the layout fixes' code on every staff screen), then 125 → 130 KB and the app's own 60 → 62 KB
  // (the record's moments, validation in French, the session's end on every screen) are to bring back down:
  // zod's schemas are 26 KB of every staff screen, and the inbox's devis editor and the ticket's resolve
  // dialog could load on demand.
  // The editors' CMS: Decap CMS and its editors, loaded by this page only (the other pages are checked to
  // carry none of it), for people at work on a desk rather than visitors on a phone.
  { pattern: /^\/admin\/contenu$/, html: 5 * KB, css: 5 * KB, js: 1600 * KB },
  // The technicians' app (the ticket screens, opened on a phone in the field): besides the whole, the app's
  // own JavaScript — everything but React itself (FRAMEWORK_CHUNK) — at most 62 KB.
  { pattern: /^\/admin\/tickets(\/|$)/, html: 20 * KB, css: 20 * KB, js: 130 * KB, ownJs: 62 * KB },
  // The inbox with the devis editor (React, for the administrator); the editor could load on demand.
  { pattern: /^\/admin\//, html: 20 * KB, css: 20 * KB, js: 130 * KB },
  // The customer's devis page: a plain script that reads the devis and sends the answer.
  // The customers' space's tickets: plain scripts (the photo resizing library loads only when photos are sent).
  { pattern: /^\/espace-client\/tickets(\/|$)/, html: 40 * KB, css: 25 * KB, js: 30 * KB },
  { pattern: /^\/devis\//, html: 40 * KB, css: 25 * KB, js: 10 * KB },
  // The customers' space (every page built under /espace-client, whichever exist): phone first, one small
  // island or plain script per screen, at most 30 KB before any interaction.
  { pattern: /^\/espace-client(\/|$)/, html: 40 * KB, css: 25 * KB, js: 30 * KB },
  // The public pages: their style sheets written into the page (none linked: the first paint waits for no
  // second request) and the whole HTML within PUBLIC_HTML, the first round trip of a connection (TCP's first
  // ten packets). React only for the home's slider and the cart with its quote dialog; every other public
  // page at most 15 KB of JavaScript before any interaction.
  { pattern: /^\/commerce\/panier$/, html: PUBLIC_HTML, css: 0, js: 90 * KB },
  { pattern: /^\/commerce(\/|$)/, html: PUBLIC_HTML, css: 0, js: 10 * KB },
  // The contact form: a plain script over the page's own form (the forbidden-characters and phone rules the
  // form checks before sending, its idempotency key, the signed-in customer's fields); no framework.
  { pattern: /^\/contact$/, html: PUBLIC_HTML, css: 0, js: 10 * KB },
  { pattern: /^\/$/, html: PUBLIC_HTML, css: 0, js: 75 * KB },
  { pattern: /^\/actualites$/, html: PUBLIC_HTML, css: 0, js: 15 * KB },
  { pattern: /./, html: PUBLIC_HTML, css: 0, js: 2 * KB },
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

/** React's own chunks (react-dom's client, react, its JSX runtime), which a page's « own JavaScript » leaves out. */
export const FRAMEWORK_CHUNK = /^\/_astro\/(client|react|react-dom|jsx-runtime|scheduler)\.[\w-]+\.js$/;

/** What one page downloads: its HTML, linked CSS, and the JS closure of its scripts and islands (`ownJs`: without React). */
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
  const total = [...js].reduce((sum, url) => sum + gz(readAsset(url)), 0) + (inlineScripts ? gz(Buffer.from(inlineScripts)) : 0);
  const framework = [...js].filter((url) => FRAMEWORK_CHUNK.test(url)).reduce((sum, url) => sum + gz(readAsset(url)), 0);
  return {
    route: routeOf(file),
    html: gz(Buffer.from(html)),
    css: css.reduce((sum, url) => sum + gz(readAsset(url) ?? Buffer.alloc(0)), 0),
    js: total,
    ownJs: total - framework,
  };
}

/** The heaviest raster image a public page may serve, and the formats that count as raster. */
export const RASTER_IMAGE_BUDGET = 250 * KB;
const RASTER = /\.(jpe?g|png|webp|avif|gif)$/i;

/**
 * The raster images a page serves (every <img> and <source>, every width of their srcset) with their size on
 * disk, and the <img> tags that lack a width or a height (the page would move as they load).
 */
export function pageImages(file) {
  const html = readFileSync(file, 'utf8');
  const images = new Map();
  const unsized = [];
  for (const match of html.matchAll(/<(img|source)\b[^>]*>/g)) {
    const tag = match[0];
    const attribute = (name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    const urls = [attribute('src'), ...(attribute('srcset') ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0])]
      .filter((url) => url && url.startsWith('/') && RASTER.test(url.split('?')[0]));
    for (const url of urls) images.set(url, readAsset(url)?.length ?? 0);
    if (match[1] === 'img' && (!attribute('width') || !attribute('height'))) unsized.push(attribute('src') ?? tag.slice(0, 60));
  }
  return { images, unsized };
}

/** What one search for « DS3608 » may transfer in all, in bytes (compressed as a host sends it). */
export const SEARCH_BUDGET = 150 * KB;
export const SEARCH_TERM = 'DS3608';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png' };

/** A bare static server over dist/ (file format: /commerce/search → commerce/search.html). */
function serveDist() {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const candidates = [join(dist, path), join(dist, `${path}.html`), join(dist, path, 'index.html')];
    const file = candidates.find((candidate) => candidate.startsWith(dist) && existsSync(candidate) && !candidate.endsWith('/'));
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/**
 * Searches the term on the built search page in Chromium and adds up what the search downloads (every
 * response under /pagefind/), each counted compressed as a host would send it (Pagefind's index and
 * fragments are already gzip files). Returns the total and the results shown.
 */
export async function measureSearch(term = SEARCH_TERM) {
  const { chromium } = await import('playwright-core');
  const server = await serveDist();
  const { headlessShellLaunchOptions } = await import('./ensure-chromium.mjs');
  const browser = await chromium.launch(headlessShellLaunchOptions);
  try {
    const page = await browser.newPage();
    const sizes = [];
    page.on('response', async (response) => {
      if (!new URL(response.url()).pathname.startsWith('/pagefind/')) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      sizes.push(Math.min(body.length, gz(body)));
    });
    const { port } = server.address();
    await page.goto(`http://127.0.0.1:${port}/commerce/search?q=${encodeURIComponent(term)}`);
    await page.waitForSelector('[data-search-state]:not([hidden]):not([data-search-state="pending"])');
    await page.waitForLoadState('networkidle');
    const results = await page.locator('[data-search-list] h3').count();
    return { bytes: sizes.reduce((a, b) => a + b, 0), requests: sizes.length, results };
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(dist)) {
    console.error(`${dist} est absent : lancez \`npm run build\` avant le contrôle des budgets.`);
    process.exit(1);
  }
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} Ko`.padStart(9);
  const rows = [...htmlFiles(dist)].map(measurePage).sort((a, b) => a.route.localeCompare(b.route));
  const failures = [];
  if (!options.quiet) console.log(`${'page'.padEnd(48)} ${'HTML'.padStart(9)} ${'CSS'.padStart(9)} ${'JS'.padStart(9)}   (gzip)`);
  for (const row of rows) {
    const budget = budgets.find((rule) => rule.pattern.test(row.route));
    const over = ['html', 'css', 'js', 'ownJs'].filter((kind) => budget[kind] !== undefined && row[kind] > budget[kind]);
    const mark = over.length ? `  ✗ dépasse : ${over.map((k) => `${k} > ${kb(budget[k]).trim()}`).join(', ')}` : '';
    const own = budget.ownJs === undefined ? '' : `  (dont ${kb(row.ownJs).trim()} de l’application, React exclu)`;
    if (!options.quiet || over.length) console.log(`${row.route.padEnd(48)} ${kb(row.html)} ${kb(row.css)} ${kb(row.js)}${own}${mark}`);
    if (over.length) failures.push(row.route);
  }
  // Images of the public pages (the admin is not served to visitors).
  let rasterCount = 0;
  let heaviest = { url: '', bytes: 0 };
  for (const file of htmlFiles(dist)) {
    const route = routeOf(file);
    if (route.startsWith('/admin')) continue;
    const { images, unsized } = pageImages(file);
    for (const [url, bytes] of images) {
      rasterCount += 1;
      if (bytes > heaviest.bytes) heaviest = { url, bytes };
      if (bytes > RASTER_IMAGE_BUDGET) {
        console.log(`${route} : l’image ${url} pèse ${kb(bytes).trim()}  ✗ dépasse ${kb(RASTER_IMAGE_BUDGET).trim()}`);
        failures.push(`${route} ${url}`);
      }
    }
    for (const src of unsized) {
      console.log(`${route} : l’image ${src} n’a pas de largeur et de hauteur  ✗`);
      failures.push(`${route} ${src}`);
    }
  }
  console.log(`images matricielles des pages publiques : ${rasterCount} références, la plus lourde ${kb(heaviest.bytes).trim()}${heaviest.url ? ` (${heaviest.url})` : ''} (budget ${kb(RASTER_IMAGE_BUDGET).trim()} chacune, largeur et hauteur exigées)`);

  const store = rows.filter((row) => /^\/commerce(\/|$)/.test(row.route) && row.route !== '/commerce/panier');
  const largest = (kind) => store.reduce((max, row) => (row[kind] > max[kind] ? row : max), store[0]);
  if (store.length > 0) {
    console.log(`\nboutique : ${store.length} pages ; HTML le plus lourd ${kb(largest('html').html).trim()} (${largest('html').route}) ; JS avant interaction le plus lourd ${kb(largest('js').js).trim()} (${largest('js').route})`);
  }
  console.log(`${rows.length} pages mesurées, ${failures.length} au-dessus du budget.`);

  if (existsSync(join(dist, 'pagefind'))) {
    const search = await measureSearch();
    const over = search.bytes > SEARCH_BUDGET;
    console.log(`recherche « ${SEARCH_TERM} » : ${kb(search.bytes).trim()} transférés en ${search.requests} requêtes, ${search.results} résultats affichés (budget ${kb(SEARCH_BUDGET).trim()})${over ? '  ✗ dépasse' : ''}`);
    if (over) failures.push('recherche');
  } else {
    console.log('recherche : pas d’index Pagefind dans ce build.');
    failures.push('recherche');
  }
  if (failures.length) process.exit(1);
}
