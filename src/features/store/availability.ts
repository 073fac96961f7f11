/**
 * What a product's stock shows, written once for the cards rendered at build time (ProductCard.astro), the
 * cards drawn in the browser (card-template.ts) and the product page: the stock line, and the card's button
 * (« Ajouter au panier » with the cart payload when in stock, a disabled « Indisponible » when not).
 */
import { cartPayload, type CartProduct } from '../cart/cart';
import { ADD_TO_CART, UNAVAILABLE, stockLabel } from './phrases';

/** The stock line: its words and its class. */
export const stockLine = (inStock: boolean): { text: string; className: string } => ({
  text: stockLabel(inStock),
  className: inStock ? 'stock stock-in' : 'stock stock-out',
});

/** The card's button: its words, class, whether disabled, and (in stock only) its cart payload and accessible name. */
export interface CardButton {
  text: string;
  className: string;
  disabled: boolean;
  addToCart?: string;
  ariaLabel?: string;
}

export const cardButton = (product: CartProduct & { inStock: boolean }): CardButton =>
  product.inStock
    ? { text: ADD_TO_CART, className: 'btn btn-primary add-to-cart', disabled: false, addToCart: cartPayload(product), ariaLabel: `${ADD_TO_CART}\u00a0: ${product.name}` }
    : { text: UNAVAILABLE, className: 'btn add-to-cart', disabled: true };
