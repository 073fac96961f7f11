import { describe, expect, it } from 'vitest';
import { cardButton, stockLine } from './availability';
import { parseCartProduct } from '../cart/cart';

const product = { id: 'zebra-zd421t', code: 'AR00001', name: 'Imprimante Zebra ZD421t', priceHT: 499.17, image: '/images/products/printer-desktop.svg', reference: 'ZD4A042-30EM00EZ' };

describe('what a product’s stock shows', () => {
  it('in stock: « En stock » and an add button naming the product, carrying its cart payload', () => {
    expect(stockLine(true)).toEqual({ text: 'En stock', className: 'stock stock-in' });
    const button = cardButton({ ...product, inStock: true });
    expect(button).toMatchObject({ text: 'Ajouter au panier', disabled: false, ariaLabel: 'Ajouter au panier\u00a0: Imprimante Zebra ZD421t' });
    expect(parseCartProduct(button.addToCart)).toEqual(product);
  });
  it('out of stock: « Rupture » and a disabled « Indisponible » button that adds nothing', () => {
    expect(stockLine(false)).toEqual({ text: 'Rupture', className: 'stock stock-out' });
    expect(cardButton({ ...product, inStock: false })).toEqual({ text: 'Indisponible', className: 'btn add-to-cart', disabled: true });
  });
});
