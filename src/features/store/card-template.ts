/**
 * Cards made in the browser (category browser pages fetched as data, search results) from the page's
 * `<template data-card-template>`, which ProductCard.astro rendered: the one card markup, filled here
 * field by field (`data-field`), so a card looks the same whoever draws it.
 */
import type { CardProduct } from '../catalogue/card';
import { formatEuros } from '../../lib/price';
import { productPath } from '../../lib/paths';
import { cardButton, stockLine } from './availability';

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
  const line = stockLine(product.inStock);
  stock.textContent = line.text;
  stock.className = line.className;
  const button = field('button') as HTMLButtonElement;
  const state = cardButton(product);
  button.textContent = state.text;
  button.className = state.className;
  button.disabled = state.disabled;
  if (state.addToCart) button.dataset.addToCart = state.addToCart;
  else delete button.dataset.addToCart;
  if (state.ariaLabel) button.setAttribute('aria-label', state.ariaLabel);
  else button.removeAttribute('aria-label');
  return card;
}
