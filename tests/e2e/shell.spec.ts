import { expect, test } from '@playwright/test';
import { solutionAreas } from '../../src/lib/solutions';
import { company, offices } from '../../src/lib/site';

test.describe('the corporate site shell', () => {
  test('a corporate page has the header, the footer, a skip link, French and one h1', async ({ page }) => {
    await page.goto('/nos-clients');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.locator('h1')).toHaveCount(1);

    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Navigation principale' });
    for (const label of ['Notre vision', 'Nos clients', 'Nos partenaires', 'Actualités', 'Contact']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', /^\//);
    }
    await expect(nav.getByRole('link', { name: 'Boutique en ligne' })).toHaveAttribute('href', '/commerce');
    await expect(header.getByRole('link', { name: 'Espace client' })).toHaveAttribute('href', '/espace-client');
    for (const area of solutionAreas) {
      await expect(nav.getByRole('link', { name: area.title, includeHidden: true })).toHaveAttribute('href', `/solutions/${area.slug}`);
    }

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Lun – Ven : 8h – 17h');
    await expect(footer).toContainText(company.emergencyPromise);
    await expect(footer).toContainText(company.adminNotice);
    for (const office of offices) {
      await expect(footer).toContainText(office.street);
      await expect(footer.getByRole('link', { name: office.phone })).toHaveAttribute('href', `tel:${office.phoneE164}`);
      await expect(footer.getByRole('link', { name: office.email })).toHaveAttribute('href', `mailto:${office.email}`);
    }
  });

  test('the skip link is the first focusable element and moves focus to the content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('the header takes its scrolled style only after more than 100 px', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).not.toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 100));
    await expect(header).not.toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 101));
    await expect(header).toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/is-scrolled/);
  });

  test('the solutions menu opens from its button and closes on Escape', async ({ page }) => {
    await page.goto('/contact');
    const toggle = page.getByRole('button', { name: 'Solutions' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Monétique' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('a store page has no site header nor footer', async ({ page }) => {
    await page.goto('/commerce');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Espace client' })).toHaveAttribute('href', '/espace-client');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toHaveCount(0);
    await expect(page.getByText(company.adminNotice)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Retour au site principal' })).toHaveAttribute('href', '/');
  });

  test('the admin page has no site header nor footer and is not indexed', async ({ page }) => {
    await page.goto('/admin/contact');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('every header and footer link answers 200', async ({ page, request }) => {
    await page.goto('/');
    const hrefs = await page
      .locator('header a[href^="/"], footer a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')!))]);
    expect(hrefs.length).toBeGreaterThan(15);
    for (const href of hrefs) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
    }
  });

  test('an unknown path answers the French 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/cette-page-n-existe-pas');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  });

  test('static pages carry the security headers of netlify.toml', async ({ request }) => {
    // A corporate page, a store page, the admin, the 404 answer and a generated text file.
    for (const path of ['/', '/contact', '/commerce', '/admin/contact', '/cette-page-n-existe-pas', '/robots.txt']) {
      const headers = (await request.get(path)).headers();
      expect(headers['strict-transport-security'], path).toMatch(/max-age=\d{8,}/);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], path).toContain("object-src 'none'");
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['permissions-policy'], path).toContain('camera=()');
      expect(headers['permissions-policy'], path).toContain('geolocation=()');
    }
  });

  test('the CMS page alone lets a sign-in window it opens answer it; every other page isolates its window', async ({ request }) => {
    for (const path of ['/', '/contact', '/admin/contact']) {
      expect((await request.get(path)).headers()['cross-origin-opener-policy'], path).toBe('same-origin');
    }
    for (const path of ['/admin/contenu', '/admin/contenu/config.yml']) {
      const headers = (await request.get(path)).headers();
      expect(headers['cross-origin-opener-policy'], path).toBe('same-origin-allow-popups');
      // The rest of the security headers stay.
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options'], path).toBe('DENY');
    }
  });

  test('GET /api/health answers { ok: true } through the function and Blobs, with the mail configuration', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    // Locally without a Postmark token, e-mails are kept in the local outbox.
    expect(await response.json()).toEqual({ ok: true, mail: { configured: true, transport: 'boite_locale', missing: [] } });
    expect(response.headers()['cache-control']).toBe('no-store');
  });
});

test.describe('on a phone @mobile', () => {
  test('the menu collapses behind an accessible menu button', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toHaveAttribute('aria-controls', 'site-nav');

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Espace client' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await nav.getByRole('link', { name: 'Nos partenaires' }).click();
    await expect(page).toHaveURL(/\/nos-partenaires$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nos partenaires');
  });
});

test('the header marks the current page for assistive technology', async ({ page }) => {
  await page.goto('/nos-partenaires');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Nos partenaires' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Nos clients' })).not.toHaveAttribute('aria-current', 'page');
  await page.goto('/solutions/monetique');
  await expect(nav.getByRole('link', { name: 'Monétique', includeHidden: true })).toHaveAttribute('aria-current', 'page');
});

/** The page is no wider than the screen: nothing of the header sticks out sideways. */
const fitsTheScreen = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));

for (const width of [390, 1366]) {
  test(`at ${width} px, the corporate and the store headers show « Espace client » and fit the screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    // In the top bar on a wide screen, in the menu on a phone.
    if (width < 1024) await page.getByRole('button', { name: 'Menu' }).click();
    const where = width < 1024 ? page.getByRole('navigation', { name: 'Navigation principale' }) : page.getByRole('banner');
    await expect(where.getByRole('link', { name: 'Espace client' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Espace client' })).toHaveCount(1);
    let size = await fitsTheScreen(page);
    expect(size.page).toBeLessThanOrEqual(size.screen);

    await page.goto('/commerce/produits/zebra-tc22');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Espace client' })).toBeVisible();
    size = await fitsTheScreen(page);
    expect(size.page).toBeLessThanOrEqual(size.screen);
  });
}
