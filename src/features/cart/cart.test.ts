import { describe, expect, it } from 'vitest';
import { addItem, cartPayload, emptyCart, isInCart, parseCart, parseCartProduct, parseQuantity, removeItem, setQuantity, totalUnits, type CartItem } from './cart';

const printer = { id: 'zebra-zd421t', name: 'Imprimante Zebra ZD421t', priceHT: 499.17, image: '/images/products/printer-desktop.svg', reference: 'ZD4A042-30EM00EZ' };
const labels = { id: 'z-select', name: 'Étiquettes Z-Select', priceHT: 74.92, image: '/images/products/label-roll.svg', reference: '3006322' };

describe('cart operations', () => {
  it('adds a new product as a new line with quantity 1', () => {
    const cart = addItem([], printer);
    expect(cart).toEqual([{ id: printer.id, name: printer.name, priceHT: 499.17, image: printer.image, reference: printer.reference, quantity: 1 }]);
  });

  it('adds 1 to an existing line instead of adding a second line', () => {
    const cart = addItem(addItem([], printer), printer);
    expect(cart).toHaveLength(1);
    expect(cart[0]?.quantity).toBe(2);
  });

  it('adds the typed quantity from a product page', () => {
    expect(addItem(addItem([], printer), printer, 3)[0]?.quantity).toBe(4);
  });

  it('stores the price excluding tax, whatever page adds', () => {
    expect(addItem([], labels)[0]?.priceHT).toBe(labels.priceHT);
  });

  it('does not mutate the cart it is given', () => {
    const before = addItem([], printer);
    const snapshot = structuredClone(before);
    addItem(before, printer);
    setQuantity(before, printer.id, 5);
    expect(before).toEqual(snapshot);
  });

  it('sets a quantity, and a quantity of 0 or less removes the line', () => {
    const cart = addItem(addItem([], printer), labels);
    expect(setQuantity(cart, printer.id, 4).find((i) => i.id === printer.id)?.quantity).toBe(4);
    expect(setQuantity(cart, printer.id, 0).map((i) => i.id)).toEqual([labels.id]);
    expect(setQuantity(cart, printer.id, -2).map((i) => i.id)).toEqual([labels.id]);
  });

  it('removes a line and clears the cart', () => {
    const cart = addItem(addItem([], printer), labels);
    expect(removeItem(cart, labels.id).map((i) => i.id)).toEqual([printer.id]);
    expect(emptyCart()).toEqual([]);
  });

  it('tells whether a product is in the cart', () => {
    const cart = addItem([], printer);
    expect(isInCart(cart, printer.id)).toBe(true);
    expect(isInCart(cart, labels.id)).toBe(false);
  });

  it('counts the total units for « Mon panier (n) »', () => {
    expect(totalUnits([])).toBe(0);
    expect(totalUnits(addItem(addItem([], printer, 2), labels, 3))).toBe(5);
  });
});

describe('product page quantity: 1 to 10, anything else 1', () => {
  it('accepts 1 to 10 and turns anything else into 1', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(10)).toBe(10);
    for (const bad of ['', 'abc', '0', '11', '2.5', '-1', null, undefined]) expect(parseQuantity(bad)).toBe(1);
  });
});

describe('reading the stored cart', () => {
  const valid: CartItem[] = [{ id: 'a', name: 'A', priceHT: 10, image: '/a.svg', reference: 'R-A', quantity: 2 }];

  it('reads back a valid stored cart', () => {
    expect(parseCart(JSON.stringify(valid))).toEqual(valid);
  });

  it('reads a corrupted or malformed value as the empty cart', () => {
    for (const bad of ['{not json', '"text"', '{"id":"a"}', '[{"id":"a"}]', JSON.stringify([{ ...valid[0], quantity: 0 }]), JSON.stringify([{ ...valid[0], priceHT: 'x' }]), JSON.stringify([{ ...valid[0], priceHT: -1 }]), JSON.stringify([...valid, ...valid])]) {
      expect(parseCart(bad)).toEqual([]);
    }
    expect(parseCart(null)).toEqual([]);
  });

  it('reads a cart stored before the price field was named priceHT (it was already HT)', () => {
    const old = [{ id: 'a', name: 'A', price: 10, image: '/a.svg', reference: 'R-A', quantity: 2 }];
    expect(parseCart(JSON.stringify(old))).toEqual(valid);
  });
});

describe('add-to-cart payload', () => {
  it('round-trips the cart fields at the price excluding tax', () => {
    expect(parseCartProduct(cartPayload({ ...printer, extra: 1 } as typeof printer))).toEqual(printer);
  });
  it('carries the internal code when the page gives it, so the quote names it; a line stored without one is still read', () => {
    expect(parseCartProduct(cartPayload({ ...printer, code: 'AR00042' }))).toEqual({ ...printer, code: 'AR00042' });
    expect(addItem([], { ...printer, code: 'AR00042' })[0]).toMatchObject({ code: 'AR00042', quantity: 1 });
    expect(parseCartProduct(cartPayload(printer))).not.toHaveProperty('code');
  });
  it('refuses a payload that is not a product', () => {
    for (const bad of [undefined, '', '{', '{"id":"a"}', JSON.stringify({ ...printer, priceHT: '10' }), JSON.stringify({ ...printer, code: 42 })]) expect(parseCartProduct(bad)).toBeUndefined();
  });
});
