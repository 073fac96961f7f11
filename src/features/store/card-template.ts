/**
 * Cards made in the browser (category browser pages fetched as data, search results) from the page's
 * `<template data-card-template>`, which ProductCard.astro rendered: the one card markup, filled here
 * field by field (`data-field`), so a card looks the same whoever draws it.
 */
import type { CardProduct } from '../catalogue/card';
import { cartPayload } from '../cart/cart';
import { formatEuros } from '../../lib/price';
import { productPath } from '../../lib/paths';
import { ADD_TO_CART, UNAVAILABLE, stockLabel } from './phrases';

/** The fields of a card a page may not have (old price, badge) are optional. */
export type TemplateProduct = Omit<CardProduct, 'category' | 'code'>;

/** A new card element for a product, from the page's card template; undefined when the page has none. */
export function renderCard(product: TemplateProduct, eager = false): HTMLElement | undefined {
  const template = document.querySelector<HTMLTemplateElement>('template[data-card-template]');
  const card = template?.content.firstElementChild?.cloneNode(true);
  if (!(card instanceof HTMLElement)) return undefined;
  const fields = (name: string) => [...card.querySelectorAll<HTMLElement>(`[data-field~="${name}"]`)];
  const field = (name: string) => fields(name)[0];
  const href = productPath(product.id);

  for (const link of fields('link')) link.setAttribute('href', href);
  const image = field('image') as HTMLImageElement | undefined;
  if (image) {
    image.src = product.image;
    image.loading = eager ? 'eager' : 'lazy';
  }
  const badge = field('badge');
  if (badge && product.badge) badge.textContent = product.badge;
  else badge?.remove();
  field('subcategory')!.textContent = product.subcategory;
  field('name')!.textContent = product.name;
  field('reference')!.textContent = product.reference;
  field('price')!.textContent = formatEuros(product.priceHT);
  const old = field('old-price');
  if (old && product.oldPrice !== undefined) field('old-price-value')!.textContent = formatEuros(product.oldPrice);
  else old?.remove();

  const stock = field('stock')!;
  stock.textContent = stockLabel(product.inStock);
  stock.className = product.inStock ? 'stock stock-in' : 'stock stock-out';
  const button = field('button') as HTMLButtonElement;
  if (product.inStock) {
    button.dataset.addToCart = cartPayload(product);
    button.setAttribute('aria-label', `${ADD_TO_CART} : ${product.name}`);
  } else {
    delete button.dataset.addToCart;
    button.removeAttribute('aria-label');
    button.disabled = true;
    button.className = 'btn add-to-cart';
    button.textContent = UNAVAILABLE;
  }
  return card;
}
