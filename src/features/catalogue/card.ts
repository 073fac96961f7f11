/**
 * The compact product shape that crosses into the browser: product cards, the category browser, the
 * search index and add-to-cart buttons use it. Keep it small: it is serialised into island props.
 */
export interface CardProduct {
  id: string;
  name: string;
  category: string;
  subcategory: string;
  reference: string;
  /** Internal code, e.g. AR00001. */
  code: string;
  /** Price excluding tax, euros. */
  priceHT: number;
  /** Former price excluding tax, euros. */
  oldPrice?: number;
  image: string;
  badge?: string;
  inStock: boolean;
}
