import { describe, expect, it } from 'vitest';
import { cartOrderLine, cartTotals, lineTotalHTCents, orderTotals, shippingHTCents } from './totals';
import type { CartItem } from './cart';

const line = (id: string, priceHT: number, quantity: number): CartItem => ({ id, name: id, priceHT, image: '/x.svg', reference: id.toUpperCase(), quantity });
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('order totals (cart and quote)', () => {
  it('the subtotal excluding tax is the sum of unit price × quantity', () => {
    const totals = cartTotals([line('a', 12.5, 2), line('b', 3.99, 3)]);
    expect(totals.subtotalHTCents).toBe(2500 + 1197);
    expect(totals.units).toBe(5);
  });

  it('shipping is charged 15,90 € HT when the subtotal is exactly 100 € HT (free means strictly over)', () => {
    expect(shippingHTCents(10_000)).toBe(1590);
    expect(cartTotals([line('a', 100, 1)])).toMatchObject({ subtotalHTCents: 10_000, shippingHTCents: 1590, freeShipping: false });
  });

  it('shipping is free just above 100 € HT', () => {
    expect(shippingHTCents(10_001)).toBe(0);
    expect(cartTotals([line('a', 100.01, 1)])).toMatchObject({ shippingHTCents: 0, freeShipping: true });
  });

  it('VAT is 8,5 % of the subtotal plus shipping in Martinique (the default), rounded once on the total', () => {
    const totals = cartTotals([line('a', 50, 1)]);
    // (50,00 + 15,90) × 8,5 % = 5,6015 € → 5,60 €.
    expect(totals).toMatchObject({ territory: 'martinique', vatCents: 560, totalTTCCents: 5000 + 1590 + 560, vatApplies: true });
    expect(plain(totals.vatLabel)).toBe('TVA 8,5 % (Martinique)');
    const free = cartTotals([line('a', 499.17, 1)], 'guadeloupe');
    expect(free).toMatchObject({ vatCents: 42_43, totalTTCCents: 541_60 });
  });

  it('charges no VAT for a delivery in Guyane and names the legal mention', () => {
    const totals = cartTotals([line('a', 499.17, 1)], 'guyane');
    expect(totals).toMatchObject({ vatCents: 0, totalTTCCents: 499_17, vatApplies: false, vatLabel: 'TVA non applicable, art. 294 du CGI' });
  });

  it('adds prices without floating-point drift', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is 30.
    expect(lineTotalHTCents(cartOrderLine({ priceHT: 0.1 + 0.2, quantity: 10 }))).toBe(300);
    const totals = cartTotals([line('a', 0.1, 3), line('b', 0.2, 3), line('c', 1490.5, 2)]);
    expect(totals.subtotalHTCents).toBe(30 + 60 + 298_100);
    expect(Number.isInteger(totals.vatCents) && Number.isInteger(totals.totalTTCCents)).toBe(true);
  });

  it('the cart and an order of the same lines in cents agree to the cent', () => {
    const cart = [line('a', 499.17, 3), line('b', 12.35, 7)];
    const order = orderTotals([{ unitHTCents: 499_17, quantity: 3 }, { unitHTCents: 12_35, quantity: 7 }], 'martinique');
    expect(cartTotals(cart, 'martinique')).toEqual(order);
  });

  it('an empty cart costs nothing, not even shipping', () => {
    expect(cartTotals([])).toMatchObject({ units: 0, subtotalHTCents: 0, shippingHTCents: 0, freeShipping: false, vatCents: 0, totalTTCCents: 0 });
  });
});
