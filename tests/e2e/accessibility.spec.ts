/**
 * The site's own accessibility scan: axe (WCAG 2.0, 2.1 and 2.2, levels A and AA) over every URL of the
 * sitemap, the cart with lines, the admin's login, its inbox with requests and a request's view, each at
 * a phone's width (390 px) and a laptop's (1280 px). 0 violations. One browser page per worker, resized
 * between the two widths, keeps the 150+ pages fast.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/constants';
import { apiPaths, paths } from '../../src/lib/paths';
import { sitemapUrls } from '../helpers/built-site';
import { lineOf } from '../helpers/cart';
import { e2eAdmin } from '../helpers/e2e-admin';
import { waitForHydration } from '../helpers/hydrated';
import { products } from '../helpers/catalogue';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** One page per worker: a fresh page per URL would cost more than the scan itself. */
const test = base.extend<{ page: Page }, { workerPage: Page }>({
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, locale, reducedMotion: 'reduce' });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ workerPage }, use) => use(workerPage),
});

/**
 * axe's violations of the page, one line each (rule, impact, first elements), at both widths: opened once at
 * the first width, then resized (the layout follows its media queries without a reload). Legacy mode runs axe
 * in the page itself instead of opening a blank page per scan, which halves its time; the site has no iframe.
 */
async function violationsAtBothWidths(page: Page, open: () => Promise<unknown>): Promise<string[]> {
  const found: string[] = [];
  for (const [index, size] of WIDTHS.entries()) {
    await page.setViewportSize(size);
    if (index === 0) await open();
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
    for (const violation of violations) {
      const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ');
      found.push(`${size.width}px ${violation.id} (${violation.impact}): ${violation.help} — ${targets}`);
    }
  }
  return found;
}

/** Opens a path and waits for its eager islands, so the scan reads the page a visitor uses. */
const opener = (page: Page, path: string) => async () => {
  await page.goto(path);
  await waitForHydration(page);
};

// Two scans a page; a loaded machine (the README's note on test timing) can take 20 s for both.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

const sitemapPaths = sitemapUrls().map((url) => new URL(url).pathname);

test('the sitemap gives the scan pages to read', () => {
  expect(sitemapPaths).toContain('/');
});

for (const path of sitemapPaths) {
  test(`no accessibility violation on ${path}`, async ({ page }) => {
    expect(await violationsAtBothWidths(page, opener(page, path))).toEqual([]);
  });
}

test('no accessibility violation on the cart with lines', async ({ page }) => {
  const [first, second] = products;
  const lines = [lineOf(first!.id, 2), lineOf(second!.id, 1)];
  const open = async () => {
    await page.goto(paths.cart);
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.cart, JSON.stringify(lines)]);
    await page.reload();
    await expect(page.getByRole('list', { name: 'Articles du panier' }).getByRole('listitem')).toHaveCount(2);
  };
  expect(await violationsAtBothWidths(page, open)).toEqual([]);
  await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.cart);
});

test.describe('the admin', () => {
  test('no accessibility violation on the login, the inbox with requests and a request’s view', async ({ page }) => {
    test.slow();
    const name = `Accessibilité ${Date.now()}`;
    const response = await page.request.post(apiPaths.contactForm, {
      data: {
        name,
        email: 'client@exemple.fr',
        phone: '0590 26 45 67',
        company: 'Supermarché des Abymes',
        subject: 'Encaissement & Gestion',
        delai: '1 à 3 mois',
        message: 'Pouvez-vous nous rappeler pour un devis ?',
        website: '',
      },
    });
    expect(response.ok()).toBe(true);
    const { id } = (await response.json()) as { id: string };

    const openLogin = async () => {
      await page.goto(paths.admin);
      await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.adminToken);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();
    };
    expect(await violationsAtBothWidths(page, openLogin)).toEqual([]);

    await page.getByLabel('Identifiant').fill(e2eAdmin.username);
    await page.getByLabel('Mot de passe').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();

    // Logged in, the same page shows the inbox: its list arrives from the functions, slow on a loaded machine.
    const openInbox = () => expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 45_000 });
    expect(await violationsAtBothWidths(page, openInbox)).toEqual([]);

    const openRequest = async () => {
      await page.goto(`${paths.admin}?demande=${id}`);
      await expect(page.getByRole('dialog', { name })).toBeVisible({ timeout: 45_000 });
    };
    expect(await violationsAtBothWidths(page, openRequest)).toEqual([]);
    await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.adminToken);
  });
});
