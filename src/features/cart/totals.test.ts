import { describe, expect, it } from 'vitest';
import { cartTotals, lineTotalHTCents, shippingHTCents } from './totals';
import type { CartItem } from './cart';

const line = (id: string, priceHT: number, quantity: number): CartItem => ({ id, name: id, priceHT, image: '/x.svg', reference: id.toUpperCase(), quantity });

describe('cart totals', () => {
  it('the subtotal excluding tax is the sum of unit price × quantity', () => {
    const totals = cartTotals([line('a', 12.5, 2), line('b', 3.99, 3)]);
    expect(totals.subtotalHTCents).toBe(2500 + 1197);
    expect(totals.units).toBe(5);
  });

  it('shipping is charged 15,90 € HT when the subtotal is exactly 100 € HT (free means strictly over)', () => {
    expect(shippingHTCents(10_000)).toBe(1590);
    const totals = cartTotals([line('a', 100, 1)]);
    expect(totals).toMatchObject({ subtotalHTCents: 10_000, shippingHTCents: 1590, freeShipping: false });
  });

  it('shipping is free just above 100 € HT', () => {
    expect(shippingHTCents(10_001)).toBe(0);
    expect(cartTotals([line('a', 100.01, 1)])).toMatchObject({ shippingHTCents: 0, freeShipping: true });
  });

  it('VAT is 20 % of the subtotal plus shipping, and the total including tax adds it', () => {
    const totals = cartTotals([line('a', 50, 1)]);
    expect(totals.vatCents).toBe(Math.round((5000 + 1590) * 0.2));
    expect(totals.totalTTCCents).toBe(5000 + 1590 + 1318);
    const free = cartTotals([line('a', 499.17, 1)]);
    expect(free.vatCents).toBe(9983);
    expect(free.totalTTCCents).toBe(59_900);
  });

  it('adds prices without floating-point drift', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is 30.
    expect(lineTotalHTCents({ priceHT: 0.1 + 0.2, quantity: 10 })).toBe(300);
    const totals = cartTotals([line('a', 0.1, 3), line('b', 0.2, 3), line('c', 1490.5, 2)]);
    expect(totals.subtotalHTCents).toBe(30 + 60 + 298_100);
    expect(Number.isInteger(totals.vatCents) && Number.isInteger(totals.totalTTCCents)).toBe(true);
  });

  it('an empty cart costs nothing, not even shipping', () => {
    expect(cartTotals([])).toEqual({ units: 0, subtotalHTCents: 0, shippingHTCents: 0, freeShipping: false, vatCents: 0, totalTTCCents: 0 });
  });
});
