import type { Page } from '@playwright/test';
import { expect, test } from '../helpers/hydrated';
import { categories, parseEuros, products, ranges } from '../helpers/catalogue';
import { storeHeaderCategories } from '../../src/features/store/navigation';
import { HOME_CATEGORY_IDS } from '../../src/features/catalogue/ids';
import { wheelHandled } from '../helpers/frames';

const listCards = (page: Page) => page.getByRole('region', { name: /^Produits/ }).locator('article');
const pricesShown = async (page: Page) => (await listCards(page).locator('.price-ht').allInnerTexts()).map(parseEuros);

test.describe('store home', () => {
  test('shows the hero stats, the 12 category cards, the first 8 products and the four advantages', async ({ page }) => {
    await page.goto('/commerce');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const stats = page.getByRole('list', { name: 'Vision Caraïbes en chiffres' });
    await expect(stats).toContainText('ans d’expérience');
    await expect(stats).toContainText(`${products.length} produits au catalogue`);

    const categoryList = page.getByRole('region', { name: 'Nos catégories' }).getByRole('listitem');
    await expect(categoryList).toHaveCount(12);
    for (const [index, id] of HOME_CATEGORY_IDS.entries()) {
      const title = categories.find((c) => c.id === id)!.title;
      await expect(categoryList.nth(index).getByRole('link')).toHaveAttribute('href', `/commerce/categories/${id}`);
      await expect(categoryList.nth(index)).toContainText(title);
    }

    const featured = page.getByRole('region', { name: 'Produits à la une' }).getByRole('heading', { level: 3 });
    await expect(featured).toHaveText(products.slice(0, 8).map((p) => p.name));

    for (const title of ['Livraison 24h/48h', 'Support technique', 'Garantie constructeur', 'Paiement sécurisé']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Voir tous les produits' }).first()).toHaveAttribute('href', '/commerce/tous-produits');
  });

  test('the store header has the back link, the store home, the cart and the 8 category links, all real pages', async ({ page, request }) => {
    await page.goto('/commerce/tous-produits');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Retour au site principal' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: /accueil de la boutique/ })).toHaveAttribute('href', '/commerce');
    await expect(header.getByRole('link', { name: 'Mon panier (0)' })).toHaveAttribute('href', '/commerce/panier');
    const nav = header.getByRole('navigation', { name: 'Catégories de la boutique' });
    await expect(nav.getByRole('link')).toHaveCount(8);
    for (const { slug, label } of storeHeaderCategories) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', `/commerce/categories/${slug}`);
      const response = await request.get(`/commerce/categories/${slug}`);
      expect(response.status(), slug).toBe(200);
      expect(await response.text()).not.toContain('Catégorie non trouvée');
    }
  });
});

test.describe('category pages', () => {
  test('show breadcrumb, title, description and product count, with the first page in the static HTML', async ({ page, request }) => {
    const etiquettes = categories.find((c) => c.id === 'etiquettes')!;
    const count = products.filter((p) => p.category === 'etiquettes').length;
    const html = await (await request.get('/commerce/categories/etiquettes')).text();
    // The first page's cards, plus the one card template the scripts fill.
    expect(html.match(/class="product-card"/g)?.length).toBe(Math.min(12, count) + 1);

    await page.goto('/commerce/categories/etiquettes');
    const breadcrumb = page.getByRole('navigation', { name: 'Fil d’Ariane' });
    await expect(breadcrumb.getByRole('link', { name: 'Boutique' })).toHaveAttribute('href', '/commerce');
    await expect(breadcrumb).toContainText(etiquettes.title);
    await expect(page.getByRole('heading', { level: 1, name: etiquettes.title })).toBeVisible();
    await expect(page.getByText(etiquettes.description).first()).toBeVisible();
    await expect(page.getByText(`${count} produits`, { exact: true }).first()).toBeVisible();
  });

  test('a group page lists the products of its member categories and filters by member category', async ({ page }) => {
    const members = ['lecteurs-economiques', 'lecteurs-industriels', 'lecteur-pdv'];
    const total = products.filter((p) => members.includes(p.category)).length;
    await page.goto('/commerce/categories/lecteurs-code-barres');
    await expect(page.getByText(`${total} produits`, { exact: true }).first()).toBeVisible();
    await page.getByLabel('Catégorie', { exact: true }).selectOption({ label: `Toute la catégorie Lecteurs industriels (${products.filter((p) => p.category === 'lecteurs-industriels').length})` });
    await expect(page).toHaveURL(/categorie=lecteurs-industriels/);
    await expect(listCards(page)).toHaveCount(products.filter((p) => p.category === 'lecteurs-industriels').length);
  });

  test('sorts on the price excluding tax, ascending and descending', async ({ page }) => {
    const sorted = products.map((p) => p.priceHT).sort((a, b) => a - b);
    await page.goto('/commerce/tous-produits');
    await page.getByLabel('Trier par').selectOption('Prix HT croissant');
    await expect.poll(() => pricesShown(page)).toEqual(sorted.slice(0, 12));
    await page.getByLabel('Trier par').selectOption('Prix HT décroissant');
    await expect.poll(() => pricesShown(page)).toEqual([...sorted].reverse().slice(0, 12));
    await page.getByLabel('Trier par').selectOption('Nom (A à Z)');
    // The cards change once the data page of the new order has arrived.
    const names = () => listCards(page).getByRole('heading').allInnerTexts();
    const byName = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base', numeric: true }));
    await expect.poll(async () => { const shown = await names(); return JSON.stringify(shown) === JSON.stringify(byName(shown)); }).toBe(true);
  });

  test('shows 12 per page with previous, next and numbered page links', async ({ page }) => {
    const pageCount = Math.ceil(products.length / 12);
    await page.goto('/commerce/tous-produits');
    await expect(listCards(page)).toHaveCount(12);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('link', { name: 'Précédent' })).toHaveAttribute('aria-disabled', 'true');
    await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByRole('link', { name: `Page ${pageCount}` })).toHaveAttribute('href', `/commerce/tous-produits/page/${pageCount}`);
    await pagination.getByRole('link', { name: 'Suivant' }).click();
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/\/commerce\/tous-produits\/page\/2$/);
    await pagination.getByRole('link', { name: `Page ${pageCount}` }).click();
    await expect(listCards(page)).toHaveCount(products.length - (pageCount - 1) * 12);
    await expect(pagination.getByRole('link', { name: 'Suivant' })).toHaveAttribute('aria-disabled', 'true');
    await pagination.getByRole('link', { name: 'Précédent' }).click();
    await expect(pagination.getByRole('link', { name: `Page ${pageCount - 1}` })).toHaveAttribute('aria-current', 'page');
  });

  test('pages are pre-rendered: browsing a category works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const members = ['etiquettes', 'films-transfert', 'badges', 'ruban-badgeuse'];
    const names = products.filter((p) => members.includes(p.category)).map((p) => p.name).sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base', numeric: true }));
    await page.goto('/commerce/categories/consommables');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Suivant' }).click();
    await expect(page).toHaveURL(/\/commerce\/categories\/consommables\/page\/2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consommables');
    await expect(page.getByRole('region', { name: /^Produits/ }).getByRole('heading', { level: 3 })).toHaveText(names.slice(12, 24));
    await expect(page.getByText(`${names.length} produits · page 2 sur ${Math.ceil(names.length / 12)}`)).toBeVisible();
    await pagination.getByRole('link', { name: 'Page 1' }).click();
    await expect(page).toHaveURL(/\/commerce\/categories\/consommables$/);
    await expect(page.getByRole('region', { name: /^Produits/ }).getByRole('heading', { level: 3 })).toHaveText(names.slice(0, 12));
    await context.close();
  });

  test('sorting and filtering load one small page of data, never the whole category', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => request.url().includes('/commerce/listes/') && fetched.push(new URL(request.url()).pathname));
    await page.goto('/commerce/tous-produits');
    expect(fetched).toEqual([]);
    await page.getByLabel('Trier par').selectOption('Prix HT décroissant');
    await expect.poll(() => fetched).toEqual(['/commerce/listes/tous-produits/prix-decroissant/1.json']);
  });

  test('goes back to page 1 when the sort or the filter changes', async ({ page }) => {
    await page.goto('/commerce/tous-produits');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Page 3' }).click();
    await expect(page).toHaveURL(/page\/3$/);
    await page.getByLabel('Trier par').selectOption('Prix HT croissant');
    await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/\/commerce\/tous-produits\?tri=prix-croissant$/);

    await pagination.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    const labels = products.filter((p) => p.category === 'etiquettes');
    await page.getByLabel('Catégorie', { exact: true }).selectOption({ label: `Toute la catégorie Étiquettes (${labels.length})` });
    await expect(page).not.toHaveURL(/page=/);
    await expect.poll(() => pricesShown(page)).toEqual(labels.map((p) => p.priceHT).sort((a, b) => a - b).slice(0, 12));
  });

  test('keeps filter, sort and page in the URL, for sharing and for the back button', async ({ page }) => {
    const members = ['etiquettes', 'films-transfert', 'badges', 'ruban-badgeuse'];
    await page.goto('/commerce/categories/consommables?tri=prix-decroissant&page=2');
    await expect(page.getByLabel('Trier par')).toHaveValue('prix-decroissant');
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const expected = products.filter((p) => members.includes(p.category)).map((p) => p.priceHT).sort((a, b) => b - a).slice(12, 24);
    await expect.poll(() => pricesShown(page)).toEqual(expected);

    await page.getByRole('link', { name: 'Page 1' }).click();
    await expect(page).toHaveURL(/\?tri=prix-decroissant$/);
    await page.goBack();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => pricesShown(page)).toEqual(expected);

    await page.goto('/commerce/categories/consommables?categorie=badges');
    await expect(page.getByLabel('Catégorie', { exact: true })).toHaveValue('badges');
    await expect(listCards(page)).toHaveCount(products.filter((p) => p.category === 'badges').length);
  });

  test('the subcategory filter of a category keeps only that range', async ({ page }) => {
    await page.goto('/commerce/categories/films-transfert');
    const resin = products.filter((p) => p.category === 'films-transfert' && p.subcategory === 'Rubans résine');
    await page.getByLabel('Gamme').selectOption({ label: `Rubans résine (${resin.length})` });
    await expect(listCards(page).getByRole('heading')).toHaveText(resin.map((p) => p.name).sort((a, b) => a.localeCompare(b, 'fr')));
    await expect(page).toHaveURL(/gamme=Rubans\+r%C3%A9sine/);
  });
});

test.describe('range dialog', () => {
  for (const category of ['lecteurs-economiques', 'lecteurs-industriels', 'tablettes']) {
    test(`${category} shows its range cards with product counts`, async ({ page }) => {
      await page.goto(`/commerce/categories/${category}`);
      for (const range of ranges.filter((r) => r.category === category)) {
        const count = products.filter((p) => p.category === category && p.subcategory === range.title).length;
        await expect(page.getByRole('button', { name: new RegExp(`^${range.title.replace('&', '\\&')} .*${count} produits?$`) })).toBeVisible();
      }
    });
  }

  test('a range card opens a dialog listing the range, locks the page scroll, keeps focus inside and closes on Escape', async ({ page }) => {
    await page.goto('/commerce/categories/tablettes');
    const range = 'ET40 & ET45';
    const members = products.filter((p) => p.subcategory === range);
    const card = page.getByRole('button', { name: new RegExp(`^${range}`) });
    await card.click();
    const dialog = page.getByRole('dialog', { name: range });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(members.map((p) => p.name));

    // Body scroll is locked: the page does not move under the dialog.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    const before = await page.evaluate(() => window.scrollY);
    const wheeled = await wheelHandled(page);
    await page.mouse.wheel(0, 800);
    await wheeled();
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    // Focus stays in the dialog, whichever way the visitor tabs.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('the dialog closes with its close button', async ({ page }) => {
    await page.goto('/commerce/categories/lecteurs-industriels');
    await page.getByRole('button', { name: /^DS3678/ }).click();
    const dialog = page.getByRole('dialog', { name: 'DS3678' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('unknown pages', () => {
  test('an unknown category answers 404 with « Catégorie non trouvée » and a way back', async ({ page }) => {
    const response = await page.goto('/commerce/categories/inconnue');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Catégorie non trouvée' })).toBeVisible();
    await page.getByRole('link', { name: 'Retour à la boutique' }).click();
    await expect(page).toHaveURL(/\/commerce$/);
  });

  test('an unknown product answers 404 with « Produit non trouvé »', async ({ page }) => {
    const response = await page.goto('/commerce/produits/imprimante-qui-n-existe-pas');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Produit non trouvé' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour à la boutique' })).toHaveAttribute('href', '/commerce');
  });

  test('legacy /api/myzebra image URLs keep answering', async ({ request }) => {
    const response = await request.get('/api/myzebra/printer-desktop.svg');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
  });
});
