import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const ids = Object.fromEntries(readFileSync('/tmp/ids24', 'utf8').trim().split('\n').map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
const B = 'http://localhost:8824';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const mode = process.argv[2];
if (mode === 'admin') {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(`${B}/admin/contact`);
  await page.getByLabel('Identifiant').fill('admin-e2e');
  await page.getByLabel('Mot de passe').fill('mot-de-passe-e2e-2026');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
  await page.goto(`${B}/admin/contact?demande=${ids.ID}`);
  await page.waitForTimeout(12000);
  await page.screenshot({ path: '/tmp/shots24/view.png', fullPage: false });
  const prepare = page.getByRole('button', { name: /Préparer/ });
  if (await prepare.count()) {
    await prepare.click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: '/tmp/shots24/editor.png' });
  }
} else {
  for (const width of [390, 1366]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    page.on('pageerror', (e) => console.log('pageerror:', e.message));
    await page.goto(`${B}${ids.P}`);
    await page.waitForTimeout(8000);
    await page.screenshot({ path: `/tmp/shots24/customer-${width}.png`, fullPage: true });
  }
}
await browser.close();
