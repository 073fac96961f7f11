/** The store's phrases that several pages show, each written once. */

/** The delivery promise: its short form (store home advantage) and its full sentence (header, product page). */
export const DELIVERY_SHORT = 'Livraison 24h/48h';
export const DELIVERY_PROMISE = `${DELIVERY_SHORT} en Antilles-Guyane`;

/** « En stock » or « Rupture ». */
export const stockLabel = (inStock: boolean): string => (inStock ? 'En stock' : 'Rupture');

/** « 1 produit », « 12 produits ». */
export const productCount = (n: number): string => `${n} produit${n > 1 ? 's' : ''}`;

/** Label of the add-to-cart button, and of the disabled one when the product is out of stock. */
export const ADD_TO_CART = 'Ajouter au panier';
export const UNAVAILABLE = 'Indisponible';

/** The search's count: « 3 produits trouvés pour « DS3608 » ». */
export const searchCount = (n: number, term: string): string => `${productCount(n)} trouvé${n > 1 ? 's' : ''} pour «\u00a0${term}\u00a0»`;

/** The category browser's status: « 54 produits · page 2 sur 5 ». */
export const browseStatus = (total: number, page: number, pageCount: number): string =>
  pageCount > 1 ? `${productCount(total)}\u00a0· page ${page} sur ${pageCount}` : productCount(total);
