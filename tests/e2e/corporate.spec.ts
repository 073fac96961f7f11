import { expect, test } from '@playwright/test';
import { solutionAreas } from '../../src/lib/solutions';

/** Corporate pages that must ship no React at all (only the home and contact pages have an island). */
const staticPages = ['/notre-vision', '/nos-clients', '/nos-partenaires', ...solutionAreas.map((area) => `/solutions/${area.slug}`)];

test.describe('corporate pages', () => {
  test('only the home page carries a React island (its slider); the contact form is plain HTML', async ({ request }) => {
    for (const path of [...staticPages, '/contact']) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('<astro-island');
    }
    const home = await (await request.get('/')).text();
    expect(home.match(/<astro-island/g)).toHaveLength(1);
  });

  test('every image has its width and height, so nothing shifts while it loads', async ({ page }) => {
    for (const path of ['/', '/notre-vision', '/solutions/ingenierie', '/contact']) {
      await page.goto(path);
      const missing = await page.locator('main img').evaluateAll((images) =>
        images.filter((image) => !image.getAttribute('width') || !image.getAttribute('height')).map((image) => image.getAttribute('src')),
      );
      expect(missing, path).toEqual([]);
    }
  });
});

test.describe('corporate pages on a phone @mobile', () => {
  test('no page is wider than the screen and each has one h1', async ({ page }) => {
    for (const path of ['/', '/contact', ...staticPages]) {
      await page.goto(path);
      await expect(page.locator('h1'), path).toHaveCount(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
    }
  });
});
