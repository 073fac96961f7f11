/** Shared steps of the cart browser tests. */
import { expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/constants';
import { paths } from '../../src/lib/paths';
import type { CartItem } from '../../src/features/cart/cart';
import { product } from './catalogue';

/** Intl's French format uses (narrow) no-break spaces: match any space. */
export const euros = (text: string): RegExp => new RegExp(text.replace(/ /g, '[\\s\\u00a0\\u202f]').replace(/[.()]/g, '\\$&'));

/** A cart line for a catalogue product, as the store saves it (price excluding tax). */
export function lineOf(id: string, quantity: number): CartItem {
  const p = product(id);
  return { id: p.id, name: p.name, priceHT: p.priceHT, image: p.image, reference: p.reference, quantity };
}

/** Opens the cart page with these lines already stored. */
export async function openCartWith(page: Page, lines: CartItem[]): Promise<void> {
  await page.goto(paths.cart);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.cart, JSON.stringify(lines)]);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Articles du panier' }).getByRole('listitem')).toHaveCount(lines.length);
}

/** The summary row value for a label (« Sous-total HT », « Livraison », « TVA 8,5 % (Martinique) », « Total TTC »). */
export const summaryValue = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Récapitulatif' }).locator('dl > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

/** The cart line of a product. */
export const cartLine = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Articles du panier' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
