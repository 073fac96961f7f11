/**
 * Mobile Lighthouse on one page of every public page type: home, vision, a solution, contact, news, legal,
 * store home, category, product and search; and on every page of the customers' space built under
 * dist/espace-client (accessibility and best practices only: those pages are not indexed, and Lighthouse sees
 * them signed out, as a visitor without a session does). Serves the production build (dist/) like `npm start`, with
 * throw-away Blobs data, runs Lighthouse's default mobile audit (simulated slow 4G, mid-range phone) in
 * Debian's Chromium, three times per page (one run's score moves by a point with the machine's load), and
 * prints each page's median scores with the metrics of its median run. Fails when a median is under 100, or
 * when the median run's first contentful paint of a public page is over FCP_BUDGET_MS.
 *
 *   npm run build && npm run lighthouse                 # serves dist/ on LIGHTHOUSE_PORT (8897)
 *   npm run lighthouse -- --url http://localhost:8888   # audits a server already running
 *   npm run lighthouse -- --runs 1 /contact /nos-clients  # other pages, other number of runs
 */
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumPath } from './ensure-chromium.mjs';
import { isolatedProjectRoot, startSiteServer } from './lib/site-server.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { url: { type: 'string' }, port: { type: 'string' }, runs: { type: 'string', default: '3' } },
});
/** The customers' space's path, and the categories its pages must score 100 in (noindex: no SEO score). */
const SPACE = '/espace-client';
const SPACE_CATEGORIES = ['accessibility', 'best-practices'];

/** Every page of the customers' space in a build: dist/espace-client.html and the pages under dist/espace-client/. */
function spaceRoutes(dist) {
  const pages = existsSync(`${dist}${SPACE}.html`) ? [SPACE] : [];
  if (existsSync(`${dist}${SPACE}`)) {
    for (const entry of readdirSync(`${dist}${SPACE}`, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.html')) pages.push(`${entry.parentPath.slice(dist.length)}/${entry.name}`.replace(/\\/g, '/').replace(/(\/index)?\.html$/, ''));
    }
  }
  return [...new Set(pages)].sort();
}

const routes = positionals.length
  ? positionals
  : [
      ...['/', '/notre-vision', '/solutions/encaissement-gestion', '/contact', '/actualites', '/mentions-legales', '/commerce', '/commerce/categories/lecteurs-code-barres', '/commerce/produits/zebra-zd421d', '/commerce/search'],
      ...spaceRoutes(fileURLToPath(new URL('../dist', import.meta.url))),
    ];
const runs = Math.max(1, Number(values.runs));
const thresholds = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
/** The first contentful paint a public page reaches under Lighthouse's mobile conditions, in milliseconds: its HTML alone paints (styles inlined). */
const FCP_BUDGET_MS = 900;
/** The categories a page is audited in. */
const categoriesOf = (route) => (route === SPACE || route.startsWith(`${SPACE}/`) ? SPACE_CATEGORIES : Object.keys(thresholds));
/** The Chromium flags of playwright.config.ts (launchOptions.args), plus headless. */
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];

let server;
let isolated;
let base = values.url?.replace(/\/$/, '');
if (!base) {
  if (!existsSync(new URL('../dist/index.html', import.meta.url))) {
    console.error('Aucun site construit dans dist/ : lancez `npm run build` avant `npm run lighthouse`.');
    process.exit(1);
  }
  isolated = await isolatedProjectRoot(repoRoot);
  server = await startSiteServer({ projectRoot: isolated.root, port: Number(values.port ?? process.env.LIGHTHOUSE_PORT ?? 8897), quiet: true });
  base = server.url;
}

process.env.CHROME_PATH ??= chromiumPath;

/**
 * Audits one page in a fresh Chromium (a reused one sometimes loses the trace: NO_NAVSTART); tries
 * again once when Lighthouse reports it could not measure the page.
 */
async function audit(url, categories) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories });
      if (!result?.lhr.runtimeError || attempt === 2) return result;
    } finally {
      chrome.kill();
    }
  }
}

const failures = [];
try {
  const allNames = Object.keys(thresholds);
  console.log(`${'page'.padEnd(36)}${allNames.map((name) => name.padStart(16)).join('')}`);
  for (const route of routes) {
    const names = categoriesOf(route);
    const results = [];
    for (let run = 0; run < runs; run++) results.push(await audit(`${base}${route}`, names));
    // The median run by performance score, then its own scores and metrics: one real run, not a blend.
    const score = (result, name) => Math.round((result?.lhr.categories[name]?.score ?? 0) * 100);
    const result = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor((results.length - 1) / 2)];
    const categories = result?.lhr.categories ?? {};
    const scores = names.map((name) => score(result, name));
    const shown = allNames.map((name) => (names.includes(name) ? String(score(result, name)) : '–'));
    const runScores = runs > 1 && names.includes('performance') ? `   (performance par passage : ${results.map((r) => score(r, 'performance')).join(', ')})` : '';
    console.log(`${route.padEnd(36)}${shown.map((value) => value.padStart(16)).join('')}${runScores}`);
    // The metrics behind the performance score, so a 99 says what it lost.
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
    console.log(`  ${metrics.map((id) => `${id.split('-').map((word) => word[0].toUpperCase()).join('')} ${result?.lhr.audits[id]?.displayValue ?? '?'}`).join(' · ')}`);
    // A category without a score means Lighthouse could not measure the page: say why.
    if (result?.lhr.runtimeError) console.log(`  erreur de Lighthouse : ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    for (const warning of result?.lhr.runWarnings ?? []) console.log(`  avertissement : ${warning}`);
    for (const [id, audit] of Object.entries(result?.lhr.audits ?? {})) {
      if (audit.errorMessage && categories.performance?.auditRefs?.some((ref) => ref.id === id && ref.weight > 0)) console.log(`  ${id} : ${audit.errorMessage}`);
    }
    const fcp = result?.lhr.audits['first-contentful-paint']?.numericValue;
    if (names.includes('performance') && !(fcp <= FCP_BUDGET_MS)) failures.push(`${route} : FCP ${Math.round(fcp ?? NaN)} ms > ${FCP_BUDGET_MS} ms`);
    names.forEach((name, index) => {
      if (scores[index] < thresholds[name]) {
        const audits = Object.values(result.lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
          .filter((audit) => (result.lhr.categories[name].auditRefs ?? []).some((ref) => ref.id === audit.id && ref.weight > 0))
          .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
        failures.push(`${route} : ${name} ${scores[index]} < ${thresholds[name]} — ${audits.join(', ')}`);
      }
    });
  }
} finally {
  await server?.close();
  await isolated?.remove();
}

if (failures.length) {
  console.error(`\nSous les seuils (médiane de ${runs} passage(s) : 100 dans chaque catégorie, FCP ≤ ${FCP_BUDGET_MS} ms) :\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nTous les scores atteignent les seuils.');
