/**
 * Renders the social card images (Open Graph / Twitter) from their SVG sources to PNG, because social
 * platforms do not show SVG. Run it after changing a card; the PNGs are committed, so the build needs no
 * browser.
 *   node scripts/social-cards.mjs   → public/social/<name>.png for every scripts/social-cards/<name>.svg
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './ensure-chromium.mjs';

const sourceDir = 'scripts/social-cards';
const outDir = 'public/social';
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions);
for (const file of readdirSync(sourceDir).filter((name) => name.endsWith('.svg'))) {
  const svg = readFileSync(join(sourceDir, file), 'utf8');
  // The PNG takes the size the SVG declares (1200×630 for a card).
  const width = Number(svg.match(/<svg[^>]*\swidth="(\d+)"/)?.[1]);
  const height = Number(svg.match(/<svg[^>]*\sheight="(\d+)"/)?.[1]);
  if (!width || !height) throw new Error(`${file}: the <svg> element needs width and height attributes`);
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
  const out = join(outDir, `${basename(file, '.svg')}.png`);
  await page.locator('svg').first().screenshot({ path: out, omitBackground: true });
  await page.close();
  console.log(`${out} (${width}×${height})`);
}
await browser.close();
