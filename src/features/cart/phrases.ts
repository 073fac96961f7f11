/** The cart's phrases shown outside the cart page. */

/** The header's cart link: the total number of units in the cart, not the number of lines. */
export const cartLinkLabel = (units: number): string => `Mon panier (${units})`;
