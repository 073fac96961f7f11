import { expect, test } from '../helpers/hydrated';
import { categories, product, products } from '../helpers/catalogue';
import { STORAGE_KEYS } from '../../src/lib/constants';

import { euros } from '../helpers/cart';
import { nextFrames } from '../helpers/frames';

test.describe('product page', () => {
  const zd230t = product('zebra-zd230t');

  test('shows breadcrumb, badge, image, range, name, internal code, prices, VAT, stock, description and specifications', async ({ page }) => {
    await page.goto(`/commerce/produits/${zd230t.id}`);
    const category = categories.find((c) => c.id === zd230t.category)!;
    const breadcrumb = page.getByRole('navigation', { name: 'Fil d’Ariane' });
    await expect(breadcrumb.getByRole('link', { name: category.title })).toHaveAttribute('href', `/commerce/categories/${category.id}`);
    await expect(breadcrumb).toContainText(zd230t.name);

    await expect(page.getByRole('heading', { level: 1, name: zd230t.name })).toBeVisible();
    await expect(page.getByRole('img', { name: zd230t.name })).toBeVisible();
    await expect(page.locator('.product-info .product-tag')).toHaveText(zd230t.subcategory);
    await expect(page.locator('.product-codes')).toContainText(zd230t.code);
    await expect(page.locator('.product-codes')).toContainText('AR00003');

    const prices = page.locator('.product-prices');
    await expect(prices).toContainText(euros('274,17 € HT'));
    await expect(prices.locator('del')).toContainText(euros('299,00 € HT'));
    // The default delivery territory is Martinique: VAT 8,5 % on the price excluding tax.
    await expect(prices).toContainText(euros('297,47 € TTC'));
    await expect(prices).toContainText(euros('dont TVA 8,5 % (Martinique) : 23,30 €'));
    await expect(page.locator('.product-info').getByText('En stock', { exact: true })).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible();
    await expect(page.getByText(zd230t.description)).toBeVisible();
    const rows = page.getByRole('table', { name: 'Caractéristiques techniques' }).getByRole('row');
    await expect(rows).toHaveCount(zd230t.specifications.length);
    await expect(rows.first()).toHaveText(`Référence constructeur${zd230t.reference}`);

    const similar = page.getByRole('region', { name: 'Produits similaires' }).getByRole('heading', { level: 3 });
    await expect(similar).toHaveText(products.filter((p) => p.category === zd230t.category && p.id !== zd230t.id).slice(0, 4).map((p) => p.name));
  });

  test('the delivery territory of the header sets the TTC and VAT lines at once, without moving the page, and is remembered', async ({ page }) => {
    await page.goto(`/commerce/produits/${zd230t.id}`);
    const territory = page.getByRole('combobox', { name: 'Territoire de livraison' });
    await expect(territory).toHaveValue('martinique');
    const prices = page.locator('.product-prices');
    const box = await prices.boundingBox();
    await territory.selectOption({ label: 'Guyane' });
    await expect(prices).toContainText(euros('274,17 € TTC'));
    await expect(prices).toContainText('TVA non applicable, art. 294 du CGI');
    await expect(prices).not.toContainText('dont TVA');
    expect((await prices.boundingBox())?.height).toBe(box?.height);
    expect(JSON.stringify(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.territory))).toContain('guyane');

    await page.reload();
    await expect(territory).toHaveValue('guyane');
    await expect(prices).toContainText(euros('274,17 € TTC'));
    await expect(prices).toContainText('TVA non applicable, art. 294 du CGI');
    await territory.selectOption({ label: 'Guadeloupe' });
    await expect(prices).toContainText(euros('dont TVA 8,5 % (Guadeloupe) : 23,30 €'));
  });

  test('a product with documents lists them under « Documentation », each opening its PDF; a product without has no such section', async ({ page, request }) => {
    const withDocuments = products.find((candidate) => (candidate.documents ?? []).length > 0)!;
    await page.goto(`/commerce/produits/${withDocuments.id}`);
    const section = page.getByRole('list', { name: 'Documentation' });
    for (const document of withDocuments.documents!) {
      const link = section.getByRole('link', { name: new RegExp(`^${document.title} \\(PDF, \\d+\\sKo\\)$`) });
      await expect(link).toHaveAttribute('href', document.file);
      const file = await request.get(document.file);
      expect(file.status(), document.file).toBe(200);
      expect(file.headers()['content-type']).toBe('application/pdf');
      expect(file.headers()['content-security-policy']).toContain('sandbox');
      expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }
    await page.goto(`/commerce/produits/${products.find((candidate) => !candidate.documents)!.id}`);
    await expect(page.getByRole('heading', { name: 'Documentation' })).toHaveCount(0);
  });

  test('shows the badge of a product that has one', async ({ page }) => {
    const badged = products.find((p) => p.badge)!;
    await page.goto(`/commerce/produits/${badged.id}`);
    await expect(page.locator('.product-media .product-badge')).toHaveText(badged.badge!);
  });

  test('publishes Product and BreadcrumbList structured data', async ({ page }) => {
    await page.goto(`/commerce/produits/${zd230t.id}`);
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    const productData = data.find((d) => d['@type'] === 'Product');
    expect(productData).toMatchObject({
      name: zd230t.name,
      mpn: zd230t.reference,
      sku: 'AR00003',
      offers: { price: '274.17', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', priceSpecification: { '@type': 'UnitPriceSpecification', price: '274.17', valueAddedTaxIncluded: false } },
    });
    const breadcrumb = data.find((d) => d['@type'] === 'BreadcrumbList');
    expect(breadcrumb.itemListElement.at(-1).name).toBe(zd230t.name);
  });

  test('adds the typed quantity at the price excluding tax, and the header counts the units', async ({ page }) => {
    await page.goto(`/commerce/produits/${zd230t.id}`);
    const quantity = page.getByLabel('Quantité');
    await expect(quantity).toHaveAttribute('min', '1');
    await expect(quantity).toHaveAttribute('max', '10');
    await quantity.fill('3');
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Mon panier (3)' })).toBeVisible();
    // The ✓ shown for two seconds after an add is decoration: the button keeps its name.
    await expect(page.locator('button[data-added]')).toHaveAccessibleName('Ajouter au panier');
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart))!);
    expect(stored).toEqual([{ id: zd230t.id, name: zd230t.name, priceHT: zd230t.priceHT, image: zd230t.image, reference: zd230t.reference, code: zd230t.code, quantity: 3 }]);

    // Out of range: counts as 1.
    await quantity.fill('25');
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Mon panier (4)' })).toBeVisible();
  });

  test('an out-of-stock product says « Rupture » and its button is the disabled « Indisponible »', async ({ page }) => {
    const out = products.find((p) => !p.inStock)!;
    await page.goto(`/commerce/produits/${out.id}`);
    await expect(page.locator('.product-info').getByText('Rupture', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Indisponible' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Ajouter au panier', exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Quantité')).toHaveCount(0);
  });

  test('an image that fails to load shows the placeholder image', async ({ page }) => {
    await page.route('**/images/products/printer-desktop.svg', (route) => route.abort());
    await page.goto(`/commerce/produits/${zd230t.id}`);
    const image = page.getByRole('img', { name: zd230t.name });
    await expect(image).toHaveAttribute('src', '/images/products/placeholder.svg');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Cards too.
    await expect(page.getByRole('region', { name: 'Produits similaires' }).locator('img').first()).toHaveAttribute('src', '/images/products/placeholder.svg');
  });
});

test.describe('cart store and header count', () => {
  const zd230t = product('zebra-zd230t');

  test('adding from a card adds 1 at the price excluding tax; the count survives a reload', async ({ page }) => {
    const first = products[0]!;
    await page.goto('/commerce');
    const cart = page.getByRole('banner').getByRole('link', { name: /^Mon panier/ });
    await expect(cart).toHaveText(/Mon panier \(0\)/);
    const add = page.getByRole('button', { name: `Ajouter au panier : ${first.name}` });
    await add.click();
    await expect(cart).toHaveText(/Mon panier \(1\)/);
    await add.click();
    await page.getByRole('button', { name: `Ajouter au panier : ${products[1]!.name}` }).click();
    await expect(cart).toHaveText(/Mon panier \(3\)/);
    await expect(page.getByRole('status').filter({ hasText: 'a été ajouté au panier' })).toHaveCount(1);

    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart))!);
    expect(stored.map((i: { id: string; quantity: number; priceHT: number }) => [i.id, i.quantity, i.priceHT])).toEqual([
      [first.id, 2, first.priceHT],
      [products[1]!.id, 1, products[1]!.priceHT],
    ]);

    await page.reload();
    await expect(cart).toHaveText(/Mon panier \(3\)/);
    await page.goto('/commerce/tous-produits');
    await expect(page.getByRole('link', { name: 'Mon panier (3)' })).toBeVisible();
  });

  test('adding from a category page and from a range dialog uses the price excluding tax', async ({ page }) => {
    await page.goto('/commerce/categories/lecteurs-industriels');
    const scanner = products.find((p) => p.subcategory === 'DS3608')!;
    await page.getByRole('button', { name: /^DS3608/ }).click();
    await page.getByRole('dialog', { name: 'DS3608' }).getByRole('button', { name: `Ajouter au panier : ${scanner.name}` }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: /^Produits/ }).getByRole('button', { name: `Ajouter au panier : ${scanner.name}` }).click();
    await expect(page.getByRole('link', { name: 'Mon panier (2)' })).toBeVisible();
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart))!);
    expect(stored).toEqual([expect.objectContaining({ id: scanner.id, priceHT: scanner.priceHT, quantity: 2 })]);
  });

  test('the header count and add-to-cart need no framework: no React code is requested before the cart page', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    for (const path of ['/commerce', '/commerce/categories/etiquettes', `/commerce/produits/${zd230t.id}`]) {
      await page.goto(path);
      await expect(page.locator('astro-island')).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Mon panier (1)' })).toBeVisible();
    await page.goto('/commerce/categories/etiquettes');
    await page.getByRole('button', { name: /^Ajouter au panier : / }).first().click();
    await expect(page.getByRole('link', { name: 'Mon panier (2)' })).toBeVisible();
    const sources = await Promise.all(scripts.map((path) => page.request.get(path).then((response) => response.text())));
    expect(sources.filter((source) => /__reactContainer|react-dom/.test(source))).toEqual([]);

    // The cart page is the first to load React.
    await page.getByRole('link', { name: 'Mon panier (2)' }).click();
    await expect(page.getByRole('list', { name: 'Articles du panier' }).getByRole('listitem')).toHaveCount(2);
  });

  test('a cart stored with the former price field still reads, at the same price excluding tax', async ({ page }) => {
    const old = [{ id: zd230t.id, name: zd230t.name, price: zd230t.priceHT, image: zd230t.image, reference: zd230t.reference, quantity: 2 }];
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.cart, JSON.stringify(old)] as const);
    await page.goto('/commerce');
    await expect(page.getByRole('link', { name: 'Mon panier (2)' })).toBeVisible();
  });

  test('a corrupted stored cart reads as empty instead of breaking the page', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, '{"oops": [1, 2'), STORAGE_KEYS.cart);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/commerce');
    await expect(page.getByRole('link', { name: 'Mon panier (0)' })).toBeVisible();
    await page.getByRole('button', { name: `Ajouter au panier : ${products[0]!.name}` }).click();
    await expect(page.getByRole('link', { name: 'Mon panier (1)' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a stored cart shows without hydration error and without layout shift', async ({ page }) => {
    const cart = [{ id: products[0]!.id, name: products[0]!.name, priceHT: products[0]!.priceHT, image: products[0]!.image, reference: products[0]!.reference, quantity: 7 }];
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.cart, JSON.stringify(cart)] as const);
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/commerce/produits/zebra-zd421t');
    await expect(page.getByRole('link', { name: 'Mon panier (7)' })).toBeVisible();
    // goto() returned once the islands hydrated; a shift they cause is drawn within the next frames.
    await nextFrames(page);
    expect(messages.filter((m) => /hydrat|mismatch/i.test(m))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.01);
  });

  test('tabs stay in sync', async ({ context }) => {
    const one = await context.newPage();
    const two = await context.newPage();
    await one.goto('/commerce');
    await two.goto('/commerce/tous-produits');
    await expect(two.getByRole('link', { name: 'Mon panier (0)' })).toBeVisible();
    await one.getByRole('button', { name: `Ajouter au panier : ${products[0]!.name}` }).click();
    await expect(two.getByRole('link', { name: 'Mon panier (1)' })).toBeVisible();
  });

  test('@mobile on a phone the header shows the cart and adding from a card updates it', async ({ page }) => {
    await page.goto('/commerce');
    const cart = page.getByRole('link', { name: 'Mon panier (0)' });
    await expect(cart).toBeInViewport();
    await page.getByRole('button', { name: `Ajouter au panier : ${products[0]!.name}` }).click();
    await expect(page.getByRole('link', { name: 'Mon panier (1)' })).toBeVisible();
  });
});
