/**
 * The cart's pure operations (SPEC.md §4, DECISIONS.md §4, §6, §7). A cart is an ordered list of lines;
 * every operation returns a new list and never mutates its input. The nanostore in ./store.ts applies
 * them and persists the result.
 */
import { QUANTITY_MAX, QUANTITY_MIN } from '../../lib/constants';

/** One cart line: the product fields a cart and a quote need, plus the quantity. */
export interface CartItem {
  /** Product id (slug). */
  id: string;
  name: string;
  /** Unit price EXCLUDING tax, in euros: always the product's priceHT (DECISIONS.md §4). */
  price: number;
  image: string;
  /** Manufacturer reference. */
  reference: string;
  /** Units, a positive integer. */
  quantity: number;
}

/** What a page knows about a product when it adds it to the cart. */
export interface CartProduct {
  id: string;
  name: string;
  priceHT: number;
  image: string;
  reference: string;
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
  return [...cart, { id: product.id, name: product.name, price: product.priceHT, image: product.image, reference: product.reference, quantity: units }];
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

/** Total units in the cart: the n of « Mon panier (n) » (DECISIONS.md §6). */
export const totalUnits = (cart: Cart): number => cart.reduce((sum, item) => sum + item.quantity, 0);

/** The product page's quantity input value as a number of units: 1 to 10, anything else 1 (DECISIONS.md §7). */
export function parseQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim() || NaN);
  if (!Number.isInteger(n) || n < QUANTITY_MIN || n > QUANTITY_MAX) return QUANTITY_MIN;
  return n;
}

const isCartItem = (value: unknown): value is CartItem => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' && v.id.length > 0 &&
    typeof v.name === 'string' &&
    typeof v.price === 'number' && Number.isFinite(v.price) && v.price >= 0 &&
    typeof v.image === 'string' &&
    typeof v.reference === 'string' &&
    typeof v.quantity === 'number' && Number.isInteger(v.quantity) && v.quantity > 0
  );
};

/**
 * Reads a cart from its stored text. Anything that is not a list of valid lines with distinct ids gives
 * the empty cart, so a corrupted or hand-edited value never breaks a page.
 */
export function parseCart(text: string | null | undefined): CartItem[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value) || !value.every(isCartItem)) return [];
    const ids = new Set(value.map((item) => item.id));
    if (ids.size !== value.length) return [];
    return value.map(({ id, name, price, image, reference, quantity }) => ({ id, name, price, image, reference, quantity }));
  } catch {
    return [];
  }
}
