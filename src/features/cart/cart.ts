/**
 * The cart's pure operations: prices excluding tax, the header counts units, a product page adds 1 to 10. A cart is an ordered list of lines;
 * every operation returns a new list and never mutates its input. The nanostore in ./store.ts applies
 * them and persists the result.
 */
import { QUANTITY_MAX, QUANTITY_MIN } from '../../lib/constants.ts';

/** What a page knows about a product when it adds it to the cart (the `data-add-to-cart` payload). */
export interface CartProduct {
  /** Product id (slug). */
  id: string;
  name: string;
  /** Unit price EXCLUDING tax, in euros: always the product's priceHT, whatever page adds it. */
  priceHT: number;
  image: string;
  /** Manufacturer reference. */
  reference: string;
  /** Internal code (AR + 5 digits); a line stored before carts kept it has none. */
  code?: string;
}

/** One cart line: the product fields a cart and a quote need, plus the quantity. */
export interface CartItem extends CartProduct {
  /** Units, a positive integer. */
  quantity: number;
}

export type Cart = readonly CartItem[];

/**
 * Adds `quantity` units of a product (1 by default: cards add 1, the product page adds the quantity
 * typed). An existing line grows; a new line is appended. The stored price is the price excluding tax.
 */
export function addItem(cart: Cart, product: CartProduct, quantity = 1): CartItem[] {
  const units = Math.max(1, Math.trunc(quantity));
  const existing = cart.find((item) => item.id === product.id);
  if (existing) return cart.map((item) => (item.id === product.id ? { ...item, quantity: item.quantity + units } : item));
  return [...cart, { ...cartFields(product), quantity: units }];
}

/** Sets a line's quantity; 0 or less removes the line (the cart page's minus button relies on it). */
export function setQuantity(cart: Cart, id: string, quantity: number): CartItem[] {
  if (!(quantity > 0)) return removeItem(cart, id);
  return cart.map((item) => (item.id === id ? { ...item, quantity: Math.trunc(quantity) || 1 } : item));
}

/** Removes a line. */
export const removeItem = (cart: Cart, id: string): CartItem[] => cart.filter((item) => item.id !== id);

/** The empty cart. */
export const emptyCart = (): CartItem[] => [];

/** Whether a product has a line in the cart. */
export const isInCart = (cart: Cart, id: string): boolean => cart.some((item) => item.id === id);

/** Total units in the cart: the n of « Mon panier (n) ». */
export const totalUnits = (cart: Cart): number => cart.reduce((sum, item) => sum + item.quantity, 0);

/** The product page's quantity input value as a number of units: 1 to 10, anything else 1. */
export function parseQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim() || NaN);
  if (!Number.isInteger(n) || n < QUANTITY_MIN || n > QUANTITY_MAX) return QUANTITY_MIN;
  return n;
}

/**
 * The one validator of cart data, for stored lines and add-to-cart payloads alike: the product fields,
 * and a positive whole quantity when `withQuantity`. Hand-written rather than a schema library, which
 * would weigh more than everything else the store pages load. A line stored before the price was named
 * `priceHT` calls it `price` (it was already excluding tax) and is read too.
 */
function readCartData(value: unknown, withQuantity: true): CartItem | undefined;
function readCartData(value: unknown, withQuantity: false): CartProduct | undefined;
function readCartData(value: unknown, withQuantity: boolean): CartProduct | CartItem | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const priceHT = 'priceHT' in v ? v.priceHT : v.price;
  const valid =
    typeof v.id === 'string' && v.id.length > 0 &&
    typeof v.name === 'string' &&
    typeof priceHT === 'number' && Number.isFinite(priceHT) && priceHT >= 0 &&
    typeof v.image === 'string' &&
    typeof v.reference === 'string' &&
    (v.code === undefined || typeof v.code === 'string') &&
    (!withQuantity || (typeof v.quantity === 'number' && Number.isInteger(v.quantity) && v.quantity > 0));
  if (!valid) return undefined;
  const product = cartFields({ ...(v as unknown as CartProduct), priceHT: priceHT as number });
  return withQuantity ? { ...product, quantity: v.quantity as number } : product;
}

/** JSON.parse that gives undefined instead of throwing. */
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Reads a cart from its stored text. Anything that is not a list of valid lines with distinct ids gives
 * the empty cart, so a corrupted or hand-edited value never breaks a page.
 */
export function parseCart(text: string | null | undefined): CartItem[] {
  const value = text ? parseJson(text) : undefined;
  if (!Array.isArray(value)) return [];
  const lines = value.map((line) => readCartData(line, true));
  if (!lines.every((line): line is CartItem => line !== undefined)) return [];
  return new Set(lines.map((line) => line.id)).size === lines.length ? lines : [];
}

/** Reads an add-to-cart payload (JSON of the cart fields); undefined when it is not a valid product. */
export const parseCartProduct = (text: string | undefined): CartProduct | undefined => (text ? readCartData(parseJson(text), false) : undefined);

/** The cart fields of a product, and nothing else. */
const cartFields = (product: CartProduct): CartProduct => ({
  id: product.id,
  name: product.name,
  priceHT: product.priceHT,
  image: product.image,
  reference: product.reference,
  ...(product.code !== undefined ? { code: product.code } : {}),
});

/** The add-to-cart payload of a product: JSON of the cart fields, price excluding tax. */
export const cartPayload = (product: CartProduct): string => JSON.stringify(cartFields(product));
