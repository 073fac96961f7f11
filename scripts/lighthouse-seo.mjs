/**
 * Lighthouse SEO and best-practices scores of pages of a running site (the goal is 100 on both).
 *   node scripts/lighthouse-seo.mjs http://localhost:8888/ http://localhost:8888/contact …
 * Uses the Chromium of the browser tests (CHROME_PATH to change). Prints each score and the failed audits;
 * exits with 1 when a score is under 100.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from './ensure-chromium.mjs';

const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error('Usage : node scripts/lighthouse-seo.mjs <url> [<url>…]');
  process.exit(2);
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? chromiumPath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
});
let allPerfect = true;
try {
  for (const url of urls) {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['seo', 'best-practices'] });
    const { categories, audits } = result.lhr;
    const line = Object.values(categories).map((category) => `${category.title} ${Math.round((category.score ?? 0) * 100)}`);
    console.log(`${url}  ${line.join('  ')}`);
    for (const category of Object.values(categories)) {
      if (category.score !== 1) allPerfect = false;
      for (const ref of category.auditRefs) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) console.log(`  ✗ ${category.title} : ${audit.title}`);
      }
    }
  }
} finally {
  await chrome.kill();
}
process.exit(allPerfect ? 0 : 1);
