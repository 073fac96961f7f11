/**
 * The cart nanostore, shared by every island and script of the store.
 *
 * - `$cart`: the lines, persisted in localStorage under STORAGE_KEYS.cart (« visionstore-cart »),
 *   validated when read (a corrupted value reads as the empty cart) and kept in sync across tabs.
 * - `$cartUnits`: total units, the n of « Mon panier (n) ».
 * - Actions: `addToCart`, `setCartQuantity`, `removeFromCart`, `clearCart`. Each applies
 *   a pure operation of ./cart.ts and saves the result.
 *
 * On the server (static build) the store holds the empty cart; islands must render that first and
 * switch to the stored cart after hydration (see CartContents.tsx); plain scripts read it at once.
 */
import { computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { STORAGE_KEYS } from '../../lib/constants';
import { addItem, emptyCart, parseCart, removeItem, setQuantity, totalUnits, type CartItem, type CartProduct } from './cart';

export const $cart = persistentAtom<CartItem[]>(STORAGE_KEYS.cart, [], {
  encode: JSON.stringify,
  decode: parseCart,
  listen: true,
});

/** Total units in the cart. */
export const $cartUnits = computed($cart, totalUnits);

/** Adds a product at its price excluding tax: 1 unit from cards, the typed quantity from a product page. */
export const addToCart = (product: CartProduct, quantity = 1): void => $cart.set(addItem($cart.get(), product, quantity));

/** Sets a line's quantity; 0 or less removes it. */
export const setCartQuantity = (id: string, quantity: number): void => $cart.set(setQuantity($cart.get(), id, quantity));

/** Removes a line. */
export const removeFromCart = (id: string): void => $cart.set(removeItem($cart.get(), id));

/** Empties the cart. */
export const clearCart = (): void => $cart.set(emptyCart());

export type { CartItem, CartProduct };
