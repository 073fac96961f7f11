import { expect, test } from '../helpers/hydrated';
import { categories, products } from '../helpers/catalogue';
import { matchesSearch, searchText } from '../../src/features/catalogue/search';
import { STORAGE_KEYS } from '../../src/lib/constants';

const titles = Object.fromEntries(categories.map((c) => [c.id, c.title]));
const expected = (term: string) => products.filter((p) => matchesSearch(searchText(p, titles[p.category]), term));

test.describe('store search', () => {
  test('without a term, asks for one and does not load the search index', async ({ page }) => {
    const indexRequests: string[] = [];
    page.on('request', (request) => request.url().includes('search-index') && indexRequests.push(request.url()));
    await page.goto('/commerce/search');
    await expect(page.getByRole('heading', { name: 'Que recherchez-vous ?' })).toBeVisible();
    await page.goto('/commerce/search?q=%20%20');
    await expect(page.getByRole('heading', { name: 'Que recherchez-vous ?' })).toBeVisible();
    expect(indexRequests).toEqual([]);
  });

  test('no page but search loads the index', async ({ page }) => {
    const indexRequests: string[] = [];
    page.on('request', (request) => request.url().includes('search-index') && indexRequests.push(request.url()));
    await page.goto('/commerce/categories/tablettes');
    await page.goto('/commerce/produits/zebra-zd421t');
    expect(indexRequests).toEqual([]);
  });

  test('the header search box leads to the results, ignoring case and accents', async ({ page }) => {
    const matches = expected('etiquette');
    expect(matches.length).toBeGreaterThan(1);
    await page.goto('/commerce');
    await page.getByRole('searchbox', { name: 'Rechercher un produit' }).fill('etiquette');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/commerce\/search\?q=etiquette$/);
    await expect(page.getByRole('heading', { name: `${matches.length} produits trouvés pour « etiquette »` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Étiquettes Z-Select 2000D 102 × 152 mm' })).toBeVisible();

    await expect(page.getByRole('searchbox', { name: 'Rechercher un produit' })).toHaveValue('etiquette');

    await page.goto('/commerce/search?q=%C3%89TIQUETTE');
    await expect(page.getByRole('heading', { name: `${matches.length} produits trouvés pour « ÉTIQUETTE »` })).toBeVisible();
  });

  test('matches the reference, the subcategory, the category and the description', async ({ page }) => {
    const resin = products.find((p) => p.id === 'ruban-resine-5095-110x74')!;
    await page.goto(`/commerce/search?q=${resin.reference}`);
    await expect(page.getByRole('heading', { name: `1 produit trouvé pour « ${resin.reference} »` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([resin.name]);

    for (const term of ['PolyPro', 'lecteurs-industriels', 'chaîne du froid']) {
      const matches = expected(term);
      expect(matches.length, term).toBeGreaterThan(0);
      await page.goto(`/commerce/search?q=${encodeURIComponent(term)}`);
      await expect(page.getByRole('heading', { level: 3 })).toHaveText(matches.map((p) => p.name));
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

  test('adds from the results at the price excluding tax', async ({ page }) => {
    const tablet = products.find((p) => p.id === 'zebra-et60')!;
    await page.goto('/commerce/search?q=ET60');
    await page.getByRole('button', { name: `Ajouter au panier : ${tablet.name}` }).click();
    await expect(page.getByRole('link', { name: 'Mon panier (1)' })).toBeVisible();
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart))!);
    expect(stored).toEqual([expect.objectContaining({ id: tablet.id, price: tablet.priceHT, quantity: 1 })]);
  });
});
