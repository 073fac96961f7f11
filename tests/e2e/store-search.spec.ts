import { expect, test } from '../helpers/hydrated';
import { products } from '../helpers/catalogue';
import { PAGE_SIZE, STORAGE_KEYS } from '../../src/lib/constants';

const resultNames = (page: import('@playwright/test').Page) => page.locator('[data-search-list]').getByRole('heading', { level: 3 }).allInnerTexts();

test.describe('store search', () => {
  test('without a term, asks for one and loads nothing of the search', async ({ page }) => {
    const searchRequests: string[] = [];
    page.on('request', (request) => request.url().includes('/pagefind/') && searchRequests.push(request.url()));
    await page.goto('/commerce/search');
    await expect(page.getByRole('heading', { name: 'Que recherchez-vous ?' })).toBeVisible();
    await page.goto('/commerce/search?q=%20%20');
    await expect(page.getByRole('heading', { name: 'Que recherchez-vous ?' })).toBeVisible();
    expect(searchRequests).toEqual([]);
  });

  test('no page but the search page loads the search', async ({ page }) => {
    const searchRequests: string[] = [];
    page.on('request', (request) => request.url().includes('/pagefind/') && searchRequests.push(request.url()));
    await page.goto('/commerce/categories/tablettes');
    await page.goto('/commerce/produits/zebra-zd421t');
    await page.goto('/commerce');
    expect(searchRequests).toEqual([]);
  });

  test('the header search box leads to the results, ignoring case and accents', async ({ page }) => {
    await page.goto('/commerce');
    await page.getByRole('searchbox', { name: 'Rechercher un produit' }).fill('etiquette');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/commerce\/search\?q=etiquette$/);
    const heading = page.getByRole('heading', { name: /^\d+ produits trouvés pour « etiquette »$/ });
    await expect(heading).toBeVisible();
    const count = Number((await heading.innerText()).split(' ')[0]);
    expect(count).toBeGreaterThanOrEqual(products.filter((p) => p.category === 'etiquettes').length);
    expect(await resultNames(page)).toContain('Étiquettes Z-Select 2000D 102 × 152 mm');
    await expect(page.getByRole('searchbox', { name: 'Rechercher un produit' })).toHaveValue('etiquette');

    await page.goto('/commerce/search?q=%C3%89TIQUETTE');
    await expect(page.getByRole('heading', { name: `${count} produits trouvés pour « ÉTIQUETTE »` })).toBeVisible();
  });

  test('finds a manufacturer reference exactly, whole or without its dashes', async ({ page }) => {
    for (const reference of ['DS3608', 'ZD4A042-30EM00EZ', 'ZD4A04230EM00EZ', products.find((p) => p.id === 'ruban-resine-5095-110x74')!.reference]) {
      const plain = reference.replace(/-/g, '');
      const expected = products.filter((p) => p.reference.includes(reference) || p.reference.replace(/-/g, '') === plain).map((p) => p.name);
      expect(expected.length, reference).toBeGreaterThan(0);
      await page.goto(`/commerce/search?q=${encodeURIComponent(reference)}`);
      await expect(page.getByRole('heading', { name: new RegExp(`^${expected.length} produits? trouvés? pour`) })).toBeVisible();
      expect((await resultNames(page)).sort()).toEqual(expected.sort());
    }
  });

  test('matches the range, the category and the description', async ({ page }) => {
    const cases: [string, (p: (typeof products)[number]) => boolean][] = [
      ['PolyPro', (p) => p.subcategory === 'PolyPro'],
      ['lecteurs industriels', (p) => p.category === 'lecteurs-industriels'],
      ['chaîne du froid', (p) => p.description.includes('chaîne du froid')],
    ];
    for (const [term, rule] of cases) {
      const expected = products.filter(rule).map((p) => p.name);
      expect(expected.length, term).toBeGreaterThan(0);
      await page.goto(`/commerce/search?q=${encodeURIComponent(term)}`);
      await expect(page.getByRole('heading', { name: /produits? trouvés? pour/ })).toBeVisible();
      expect(await resultNames(page), term).toEqual(expect.arrayContaining(expected));
    }
  });

  test('without results, says « Aucun produit trouvé » with suggestions', async ({ page }) => {
    await page.goto('/commerce/search?q=machine%20%C3%A0%20caf%C3%A9');
    await expect(page.getByRole('heading', { name: 'Aucun produit trouvé' })).toBeVisible();
    await expect(page.getByText('Aucun produit ne correspond à « machine à café »')).toBeVisible();
    const tips = page.locator('.search-empty li');
    await expect(tips).toHaveCount(3);
    await expect(tips.first()).toContainText('orthographe');
  });

  test('results show the price excluding tax and the stock, and add to the cart at that price', async ({ page }) => {
    const tablet = products.find((p) => p.id === 'zebra-et60')!;
    await page.goto('/commerce/search?q=ET60');
    const card = page.locator('article.product-card').filter({ has: page.getByRole('heading', { name: tablet.name, exact: true }) });
    await expect(card.locator('.price-ht')).toContainText('HT');
    await expect(card.getByText(tablet.inStock ? 'En stock' : 'Rupture', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: `Ajouter au panier : ${tablet.name}` }).click();
    await expect(page.getByRole('link', { name: 'Mon panier (1)' })).toBeVisible();
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart))!);
    expect(stored).toEqual([expect.objectContaining({ id: tablet.id, priceHT: tablet.priceHT, quantity: 1 })]);
  });

  test('shows a page of cards, then « Afficher plus de produits » adds the next ones until all are shown', async ({ page }) => {
    await page.goto('/commerce/search?q=imprimante');
    const heading = page.getByRole('heading', { name: /^\d+ produits trouvés pour « imprimante »$/ });
    await expect(heading).toBeVisible();
    const count = Number((await heading.innerText()).split(' ')[0]);
    expect(count).toBeGreaterThan(PAGE_SIZE);
    const cards = page.locator('[data-search-list] article.product-card');
    await expect(cards).toHaveCount(PAGE_SIZE);
    const more = page.getByRole('button', { name: 'Afficher plus de produits' });
    for (let shown = PAGE_SIZE; shown < count; shown += PAGE_SIZE) {
      await more.click();
      await expect(cards).toHaveCount(Math.min(count, shown + PAGE_SIZE));
    }
    await expect(more).toBeHidden();
    const names = await resultNames(page);
    expect(new Set(names).size, 'no card twice').toBe(count);
  });

  test('the search runs in its worker: the page’s thread loads nothing of Pagefind, and Pagefind’s worker script is not loaded', async ({ page }) => {
    const fromAnywhere: string[] = [];
    page.on('request', (request) => request.url().includes('/pagefind/') && fromAnywhere.push(new URL(request.url()).pathname));
    await page.goto('/commerce/search?q=DS3608');
    await expect(page.getByRole('heading', { name: /produits? trouvés? pour « DS3608 »/ })).toBeVisible();
    expect(page.workers().map((worker) => worker.url())).toEqual([expect.stringMatching(/\/_astro\/search\.worker-[\w-]+\.js$/)]);
    expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/pagefind/')).length), 'resources of the page itself').toBe(0);
    expect(fromAnywhere).toContain('/pagefind/pagefind.js');
    expect(fromAnywhere).not.toContain('/pagefind/pagefind-worker.js');
  });

  test('when the search cannot load, says so in French instead of waiting for ever', async ({ page }) => {
    await page.route('**/pagefind/pagefind.js', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/commerce/search?q=DS3608');
    await expect(page.getByRole('alert')).toHaveText('La recherche est momentanément indisponible. Veuillez réessayer dans un instant.');
    await expect(page.getByText('Recherche en cours…')).toBeHidden();
  });
});
