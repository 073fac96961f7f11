import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/constants';
import { paths, productPath } from '../../src/lib/paths';
import { product } from '../helpers/catalogue';
import { cartLine, euros, lineOf, openCartWith, summaryValue } from '../helpers/cart';

const zd230t = product('zebra-zd230t'); // 274,17 € HT
const ribbon = product('ruban-resine-5095-110x74'); // 50,00 € HT

test.describe('cart page', () => {
  test('is not indexed, has one h1 and a short title, and its static HTML shows the loading state', async ({ page }) => {
    const response = await page.request.get(paths.cart);
    const html = await response.text();
    expect(html).toContain('Chargement de votre panier');
    expect(html).not.toContain('Votre panier est vide');
    await page.goto(paths.cart);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect((await page.title()).length).toBeLessThanOrEqual(60);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon panier');
  });

  test('an empty cart says so and links back to the store', async ({ page }) => {
    await page.goto(paths.cart);
    await expect(page.getByRole('heading', { name: 'Votre panier est vide' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continuer mes achats' })).toHaveAttribute('href', paths.store);
    await expect(page.getByRole('button', { name: 'Demander un devis' })).toHaveCount(0);
  });

  test('a product added on its page shows as a line with image, name, reference, unit price HT and line total', async ({ page }) => {
    await page.goto(productPath(zd230t.id));
    await page.getByLabel('Quantité').fill('2');
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Mon panier (2)' })).toBeVisible();
    await page.getByRole('link', { name: 'Mon panier (2)' }).click();
    await expect(page).toHaveURL(paths.cart);

    const line = cartLine(page, zd230t.name);
    await expect(line.getByRole('link', { name: zd230t.name })).toHaveAttribute('href', productPath(zd230t.id));
    await expect(line.locator('img')).toHaveAttribute('src', zd230t.image);
    await expect(line).toContainText(euros(`Réf. ${zd230t.reference}`));
    await expect(line).toContainText(euros('274,17 € HT l’unité'));
    await expect(line.getByRole('status', { name: `Quantité de ${zd230t.name}` })).toHaveText('2');
    await expect(line).toContainText(euros('548,34 € HT'));
    await expect(page.getByRole('heading', { name: 'Articles (2)' })).toBeVisible();
  });

  test('plus and minus change the quantity and the totals; minus at 1 removes the line', async ({ page }) => {
    await openCartWith(page, [lineOf(ribbon.id, 1), lineOf(zd230t.id, 1)]);
    const line = cartLine(page, ribbon.name);
    await line.getByRole('button', { name: `Ajouter une unité de ${ribbon.name}` }).click();
    await expect(line.getByRole('status', { name: `Quantité de ${ribbon.name}` })).toHaveText('2');
    await expect(line).toContainText(euros('100,00 € HT'));
    await expect(page.getByRole('link', { name: 'Mon panier (3)' })).toBeVisible();
    await line.getByRole('button', { name: `Retirer une unité de ${ribbon.name}` }).click();
    await line.getByRole('button', { name: `Retirer une unité de ${ribbon.name}` }).click();
    await expect(cartLine(page, ribbon.name)).toHaveCount(0);
    await expect(cartLine(page, zd230t.name)).toHaveCount(1);
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart))!);
    expect(stored.map((item: { id: string }) => item.id)).toEqual([zd230t.id]);
  });

  test('the summary shows subtotal HT, shipping 15,90 € up to 100 € HT included, free just above, the VAT of Martinique (8,5 %) and total TTC', async ({ page }) => {
    const vat = 'TVA 8,5\u00a0% (Martinique)';
    await openCartWith(page, [lineOf(ribbon.id, 1)]);
    await expect(summaryValue(page, 'Sous-total HT')).toHaveText(euros('50,00 €'));
    await expect(summaryValue(page, 'Livraison')).toHaveText(euros('15,90 € HT'));
    // (50,00 + 15,90) × 8,5 % = 5,6015 € → 5,60 €.
    await expect(summaryValue(page, vat)).toHaveText(euros('5,60 €'));
    await expect(summaryValue(page, 'Total TTC')).toHaveText(euros('71,50 €'));

    // Exactly 100 € HT: shipping is still charged (free means over 100 €).
    await cartLine(page, ribbon.name).getByRole('button', { name: `Ajouter une unité de ${ribbon.name}` }).click();
    await expect(summaryValue(page, 'Sous-total HT')).toHaveText(euros('100,00 €'));
    await expect(summaryValue(page, 'Livraison')).toHaveText(euros('15,90 € HT'));
    await expect(summaryValue(page, vat)).toHaveText(euros('9,85 €'));
    await expect(summaryValue(page, 'Total TTC')).toHaveText(euros('125,75 €'));

    await cartLine(page, ribbon.name).getByRole('button', { name: `Ajouter une unité de ${ribbon.name}` }).click();
    await expect(summaryValue(page, 'Sous-total HT')).toHaveText(euros('150,00 €'));
    await expect(summaryValue(page, 'Livraison')).toHaveText('Offerte');
    await expect(summaryValue(page, vat)).toHaveText(euros('12,75 €'));
    await expect(summaryValue(page, 'Total TTC')).toHaveText(euros('162,75 €'));
  });

  test('the summary follows the delivery territory chosen on a product page in another tab: Guyane has no VAT, only the legal mention', async ({ page, context }) => {
    await openCartWith(page, [lineOf(ribbon.id, 3)]);
    await expect(summaryValue(page, 'TVA 8,5\u00a0% (Martinique)')).toHaveText(euros('12,75 €'));

    const other = await context.newPage();
    await other.goto(`/commerce/produits/${ribbon.id}`);
    await other.getByRole('combobox', { name: 'Territoire de livraison' }).selectOption({ label: 'Guyane' });

    const summary = page.getByRole('region', { name: 'Récapitulatif' });
    await expect(summary).toContainText('Livraison en Guyane : TVA non applicable, art. 294 du CGI');
    await expect(summary.getByText(/^TVA \d/)).toHaveCount(0);
    await expect(summaryValue(page, 'Total TTC')).toHaveText(euros('150,00 €'));

    await other.getByRole('combobox', { name: 'Territoire de livraison' }).selectOption({ label: 'Guadeloupe' });
    await expect(summaryValue(page, 'TVA 8,5\u00a0% (Guadeloupe)')).toHaveText(euros('12,75 €'));
    await page.reload();
    await expect(summaryValue(page, 'TVA 8,5\u00a0% (Guadeloupe)')).toHaveText(euros('12,75 €'));
  });

  test('just above 100 € HT the shipping is free', async ({ page }) => {
    const justAbove = { ...lineOf(ribbon.id, 1), priceHT: 100.01 };
    await openCartWith(page, [justAbove]);
    await expect(summaryValue(page, 'Livraison')).toHaveText('Offerte');
    await expect(summaryValue(page, 'Total TTC')).toHaveText(euros('108,51 €'));
  });

  test('remove takes one line out', async ({ page }) => {
    await openCartWith(page, [lineOf(ribbon.id, 2), lineOf(zd230t.id, 1)]);
    await page.getByRole('button', { name: `Retirer ${ribbon.name} du panier` }).click();
    await expect(cartLine(page, ribbon.name)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Mon panier (1)' })).toBeVisible();
  });

  test('clearing the cart asks first: cancel keeps it, confirm empties it', async ({ page }) => {
    await openCartWith(page, [lineOf(ribbon.id, 2), lineOf(zd230t.id, 1)]);
    await page.getByRole('button', { name: 'Vider le panier' }).click();
    const confirm = page.getByRole('dialog', { name: 'Vider le panier ?' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('Les 3 articles de votre panier seront retirés.');
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('list', { name: 'Articles du panier' }).getByRole('listitem')).toHaveCount(2);

    await page.getByRole('button', { name: 'Vider le panier' }).click();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('list', { name: 'Articles du panier' }).getByRole('listitem')).toHaveCount(2);

    await page.getByRole('button', { name: 'Vider le panier' }).click();
    await confirm.getByRole('button', { name: 'Oui, vider le panier' }).click();
    await expect(page.getByRole('heading', { name: 'Votre panier est vide' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mon panier (0)' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart)).toBe('[]');
  });

  test('a line image that fails to load shows the placeholder', async ({ page }) => {
    await page.route('**/images/products/printer-desktop.svg', (route) => route.abort());
    await openCartWith(page, [lineOf(zd230t.id, 1)]);
    const image = cartLine(page, zd230t.name).locator('img');
    await expect(image).toHaveAttribute('src', '/images/products/placeholder.svg');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('the cart survives a reload and is shared by two tabs', async ({ context }) => {
    const first = await context.newPage();
    await first.goto(productPath(ribbon.id));
    await first.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expect(first.getByRole('link', { name: 'Mon panier (1)' })).toBeVisible();

    const second = await context.newPage();
    await second.goto(paths.cart);
    const line = cartLine(second, ribbon.name);
    await expect(line).toHaveCount(1);
    await line.getByRole('button', { name: `Ajouter une unité de ${ribbon.name}` }).click();
    // The other tab follows the change without reloading.
    await expect(first.getByRole('link', { name: 'Mon panier (2)' })).toBeVisible();

    await first.goto(paths.cart);
    await cartLine(first, ribbon.name).getByRole('button', { name: `Ajouter une unité de ${ribbon.name}` }).click();
    await expect(cartLine(second, ribbon.name).getByRole('status', { name: `Quantité de ${ribbon.name}` })).toHaveText('3');

    await second.reload();
    await expect(cartLine(second, ribbon.name).getByRole('status', { name: `Quantité de ${ribbon.name}` })).toHaveText('3');
    await expect(summaryValue(second, 'Sous-total HT')).toHaveText(euros('150,00 €'));
  });

  test('switches to the stored cart after hydration without a hydration error', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await openCartWith(page, [lineOf(zd230t.id, 1)]);
    await expect(page.getByText('Chargement de votre panier')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('prints a clean summary: « Imprimer » opens printing, and print hides the store chrome and the buttons', async ({ page }) => {
    await openCartWith(page, [lineOf(zd230t.id, 1)]);
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.getByRole('button', { name: 'Imprimer' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByText(/^Récapitulatif de panier — /)).toBeVisible();
    await expect(page.locator('.store-header')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Demander un devis' })).toBeHidden();
    await expect(page.getByRole('button', { name: `Retirer ${zd230t.name} du panier` })).toBeHidden();
    await expect(summaryValue(page, 'Total TTC')).toHaveText(euros('297,47 €'));
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByText(/^Récapitulatif de panier — /)).toBeHidden();
  });
});

test('@mobile the cart page fits a phone', async ({ page }) => {
  await openCartWith(page, [lineOf(zd230t.id, 2), lineOf(ribbon.id, 1)]);
  await expect(page.getByRole('button', { name: 'Demander un devis' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
