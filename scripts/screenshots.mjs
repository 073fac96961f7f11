/**
 * Takes full-page screenshots of pages at phone and desktop widths, for a person to look at.
 *   node scripts/screenshots.mjs http://localhost:8888 / /contact …   → screenshots/*.png
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './ensure-chromium.mjs';

const [base = 'http://localhost:8888', ...routes] = process.argv.slice(2);
const outDir = process.env.SCREENSHOT_DIR ?? 'screenshots';
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
const widths = { phone: { width: 390, height: 844, isMobile: true, deviceScaleFactor: 1 }, desktop: { width: 1366, height: 900, deviceScaleFactor: 1 } };
for (const route of routes.length ? routes : ['/']) {
  for (const [name, viewport] of Object.entries(widths)) {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, isMobile: viewport.isMobile ?? false, deviceScaleFactor: 1, locale: 'fr-FR', reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(base + route, { waitUntil: 'networkidle' });
    const file = `${outDir}/${route.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${name}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL !== '0' });
    console.log(file);
    await context.close();
  }
}
await browser.close();
