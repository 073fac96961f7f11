/**
 * The cart's amounts (DECISIONS.md §5), in integer cents so no float error reaches a total:
 * Sous-total HT, Livraison (free when the subtotal HT is strictly over 100 €, else 15,90 € HT),
 * TVA 20 % on the subtotal plus shipping, Total TTC. The cart page and its print summary read them here.
 */
import { FREE_SHIPPING_OVER_CENTS, SHIPPING_CENTS, VAT_RATE } from '../../lib/constants';
import { toCents } from '../../lib/price';
import type { Cart } from './cart';

/** The summary of a cart, every amount in cents. */
export interface CartTotals {
  /** Total units. */
  units: number;
  subtotalHTCents: number;
  /** 0 when shipping is free. */
  shippingHTCents: number;
  freeShipping: boolean;
  vatCents: number;
  totalTTCCents: number;
}

/** A line's total excluding tax: unit price × quantity, in cents. */
export const lineTotalHTCents = (item: { priceHT: number; quantity: number }): number => toCents(item.priceHT) * item.quantity;

/** Shipping excluding tax for a subtotal: free strictly over the threshold (« over 100 € HT »), else the flat rate. */
export const shippingHTCents = (subtotalHTCents: number): number =>
  subtotalHTCents > FREE_SHIPPING_OVER_CENTS ? 0 : SHIPPING_CENTS;

/** Every amount of the cart summary. An empty cart costs nothing, shipping included. */
export function cartTotals(cart: Cart, rate: number = VAT_RATE): CartTotals {
  const subtotalHTCents = cart.reduce((sum, item) => sum + lineTotalHTCents(item), 0);
  const units = cart.reduce((sum, item) => sum + item.quantity, 0);
  const shipping = cart.length === 0 ? 0 : shippingHTCents(subtotalHTCents);
  const baseHTCents = subtotalHTCents + shipping;
  const vatCents = Math.round(baseHTCents * rate);
  return {
    units,
    subtotalHTCents,
    shippingHTCents: shipping,
    freeShipping: cart.length > 0 && shipping === 0,
    vatCents,
    totalTTCCents: baseHTCents + vatCents,
  };
}
