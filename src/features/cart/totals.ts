/**
 * The amounts of an order — the cart page's summary and a quote's totals, in the browser and on the
 * server alike — in integer cents so no float error reaches a total: lines HT (unit price × quantity),
 * Sous-total HT, Livraison (free strictly above 100 € HT, else 15,90 € HT), the VAT of the delivery
 * territory on the subtotal plus shipping (rounded once, by src/lib/taxes.ts), Total TTC.
 */
import { FREE_SHIPPING_OVER_CENTS, SHIPPING_CENTS } from '../../lib/constants.ts';
import { toCents } from '../../lib/price.ts';
import { DEFAULT_TERRITORY, type TerritoryId } from '../../lib/territories.ts';
import { taxed } from '../../lib/taxes.ts';
import type { CartItem } from './cart.ts';

/** One line of an order: a unit price excluding tax in cents, a number of units and, on a devis, a discount. */
export interface OrderLine {
  unitHTCents: number;
  quantity: number;
  /** Discount on the line in basis points (1 250 = 12,5 %); none in the cart. */
  discountBasisPoints?: number;
}

/** The summary of an order, every amount in cents. */
export interface OrderTotals {
  /** Total units. */
  units: number;
  subtotalHTCents: number;
  /** 0 when shipping is free. */
  shippingHTCents: number;
  freeShipping: boolean;
  /** The territory the VAT is computed for. */
  territory: TerritoryId;
  /** False in Guyane: no VAT amount, the legal mention instead. */
  vatApplies: boolean;
  /** « TVA 8,5 % (Martinique) » or « TVA non applicable, art. 294 du CGI ». */
  vatLabel: string;
  vatCents: number;
  totalTTCCents: number;
}

/** A line's total excluding tax: unit price × quantity, less its discount (rounded half up to the cent), in cents. */
export const lineTotalHTCents = (line: OrderLine): number => {
  const gross = line.unitHTCents * line.quantity;
  const discount = line.discountBasisPoints ?? 0;
  return discount === 0 ? gross : gross - Math.floor((gross * discount + 5_000) / 10_000);
};

/** A cart line as an order line (the cart stores euros excluding tax). */
export const cartOrderLine = (item: Pick<CartItem, 'priceHT' | 'quantity'>): OrderLine => ({ unitHTCents: toCents(item.priceHT), quantity: item.quantity });

/** Shipping excluding tax for a subtotal: free strictly over the threshold (« over 100 € HT »), else the flat rate. */
export const shippingHTCents = (subtotalHTCents: number): number =>
  subtotalHTCents > FREE_SHIPPING_OVER_CENTS ? 0 : SHIPPING_CENTS;

/**
 * Every amount of an order for a delivery territory. An empty order costs nothing, shipping included.
 * Shipping follows the store's rule unless a devis states its own (`shippingHTCents`).
 */
export function orderTotals(lines: readonly OrderLine[], territory: TerritoryId = DEFAULT_TERRITORY, options: { shippingHTCents?: number } = {}): OrderTotals {
  const subtotalHTCents = lines.reduce((sum, line) => sum + lineTotalHTCents(line), 0);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shipping = lines.length === 0 ? 0 : (options.shippingHTCents ?? shippingHTCents(subtotalHTCents));
  const tax = taxed(subtotalHTCents + shipping, territory);
  return {
    units,
    subtotalHTCents,
    shippingHTCents: shipping,
    freeShipping: lines.length > 0 && shipping === 0,
    territory,
    vatApplies: tax.vatApplies,
    vatLabel: tax.label,
    vatCents: tax.vatCents,
    totalTTCCents: tax.ttcCents,
  };
}

/** The cart page's summary for a delivery territory. */
export const cartTotals = (cart: readonly CartItem[], territory: TerritoryId = DEFAULT_TERRITORY): OrderTotals =>
  orderTotals(cart.map(cartOrderLine), territory);
