/**
 * Store-wide behaviour in plain TypeScript, loaded once by StoreLayout:
 * - every `[data-add-to-cart]` button adds 1 unit, every `form[data-add-to-cart]` adds the typed quantity
 *   (1 to 10, anything else 1), at the price excluding tax; the result is announced politely;
 * - a product image that fails to load shows the placeholder product image.
 * Listeners are delegated to the document, so cards rendered later by islands work too.
 */
import { addToCart } from '../cart/store';
import { parseCartProduct, parseQuantity } from '../cart/cart';
import { PLACEHOLDER_IMAGE } from '../catalogue/ids';

const ADDED_MS = 2000;

function announce(message: string): void {
  const region = document.getElementById('cart-announcer');
  if (!region) return;
  region.textContent = '';
  // A fresh text node so screen readers repeat the same message on a second add.
  window.setTimeout(() => (region.textContent = message), 50);
}

function flagAdded(button: HTMLElement): void {
  button.dataset.added = '';
  window.setTimeout(() => delete button.dataset.added, ADDED_MS);
}

document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-add-to-cart]');
  const product = parseCartProduct(button?.dataset.addToCart);
  if (!button || !product) return;
  addToCart(product, 1);
  flagAdded(button);
  announce(`${product.name} a été ajouté au panier.`);
});

document.addEventListener('submit', (event) => {
  const form = event.target as HTMLFormElement;
  const product = parseCartProduct(form.dataset?.addToCart);
  if (!product) return;
  event.preventDefault();
  const quantity = parseQuantity(new FormData(form).get('quantite'));
  addToCart(product, quantity);
  const button = form.querySelector<HTMLElement>('button[type="submit"]');
  if (button) flagAdded(button);
  announce(`${quantity} × ${product.name} ${quantity > 1 ? 'ont été ajoutés' : 'a été ajouté'} au panier.`);
});

const useFallback = (img: HTMLImageElement) => {
  if (img.dataset.fallbackUsed !== undefined) return;
  img.dataset.fallbackUsed = '';
  img.src = PLACEHOLDER_IMAGE;
};

document.addEventListener(
  'error',
  (event) => {
    const target = event.target;
    if (target instanceof HTMLImageElement && target.dataset.fallback !== undefined) useFallback(target);
  },
  true,
);
// Images that failed before this module ran.
for (const img of document.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
  if (img.complete && img.naturalWidth === 0 && img.currentSrc) useFallback(img);
}
