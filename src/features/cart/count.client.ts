/**
 * The header's « Mon panier (n) » in plain TypeScript: every `[data-cart-count]` of the page follows the
 * cart nanostore (stored cart on load, every add, other tabs). Digits are tabular (store.css), so the
 * header does not shift when the count changes.
 */
import { cartLinkLabel } from './phrases';
import { $cartUnits } from './store';

$cartUnits.subscribe((units) => {
  for (const element of document.querySelectorAll<HTMLElement>('[data-cart-count]')) element.textContent = cartLinkLabel(units);
});
