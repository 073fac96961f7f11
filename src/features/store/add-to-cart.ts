/**
 * The data an add-to-cart button or form carries (`data-add-to-cart`), and how it is read back.
 * Every add stores the price excluding tax (DECISIONS.md §4).
 */
import type { CartProduct } from '../cart/cart';

/** The attribute value for a product: JSON of the cart fields. */
export const cartPayload = (product: CartProduct): string =>
  JSON.stringify({ id: product.id, name: product.name, priceHT: product.priceHT, image: product.image, reference: product.reference });

/** Reads an attribute value back; undefined when it is not a valid product. */
export function readCartPayload(value: string | undefined): CartProduct | undefined {
  if (!value) return undefined;
  try {
    const data: unknown = JSON.parse(value);
    if (typeof data !== 'object' || data === null) return undefined;
    const { id, name, priceHT, image, reference } = data as Record<string, unknown>;
    if (typeof id !== 'string' || typeof name !== 'string' || typeof priceHT !== 'number' || typeof image !== 'string' || typeof reference !== 'string') return undefined;
    return { id, name, priceHT, image, reference };
  } catch {
    return undefined;
  }
}
