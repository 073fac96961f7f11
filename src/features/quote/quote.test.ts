import { describe, expect, it } from 'vitest';
import { QUOTE_OVERVIEW_LINES, priceQuoteItems, quoteMessage, quoteOverview, quoteRequestBody, type CatalogueProduct } from './quote';
import { quoteSchema } from '../contact/schema';

/** A small fixture catalogue, as the server reads it from the product files (a line priced from the cart has no code). */
const catalogue: CatalogueProduct[] = [
  { id: 'zebra-zt411', code: 'AR00008', name: 'Imprimante industrielle ZT411', reference: 'ZT41142-T0E0000Z', priceHT: 1490.5, inStock: true },
  { id: 'ruban-resine', name: 'Ruban transfert résine', reference: '05095GS11007', priceHT: 50, inStock: true },
  { id: 'ds3608', name: 'Lecteur DS3608', reference: 'DS3608-SR3U4602ZVW', priceHT: 0.1 + 0.2, inStock: false },
];
const findProduct = (id: string) => catalogue.find((product) => product.id === id);
const customer = { name: 'Paul Édouard', company: 'Entrepôt Caraïbes', phone: '0590 11 22 33', email: 'paul@exemple.fr', clientCode: '' };

describe('quote pricing', () => {
  it('takes unit prices from the catalogue, never from the client', () => {
    const priced = priceQuoteItems([{ id: 'ruban-resine', quantity: 3, priceHT: 0.01 } as never], findProduct);
    expect(priced).toEqual({
      ok: true,
      lines: [{ id: 'ruban-resine', name: 'Ruban transfert résine', reference: '05095GS11007', quantity: 3, unitPriceHTCents: 5000, totalHTCents: 15000 }],
      totals: expect.objectContaining({ units: 3, subtotalHTCents: 15000 }),
    });
  });

  it('totals in cents without floating-point drift', () => {
    const priced = priceQuoteItems([{ id: 'zebra-zt411', quantity: 2 }, { id: 'ds3608', quantity: 10 }], findProduct);
    if (!priced.ok) throw new Error('expected a priced quote');
    expect(priced.lines.map((line) => line.totalHTCents)).toEqual([298100, 300]);
    expect(priced.totals.subtotalHTCents).toBe(298400);
    expect(priced.totals.units).toBe(12);
  });

  it('prices the VAT of the delivery territory on the total plus shipping, like the cart', () => {
    const items = [{ id: 'zebra-zt411', quantity: 2 }, { id: 'ds3608', quantity: 10 }];
    const guadeloupe = priceQuoteItems(items, findProduct, 'guadeloupe');
    if (!guadeloupe.ok) throw new Error('expected a priced quote');
    // 2 984,00 € HT, shipping free: 8,5 % = 253,64 €.
    expect(guadeloupe.totals).toMatchObject({ territory: 'guadeloupe', freeShipping: true, vatCents: 253_64, totalTTCCents: 3237_64 });
    const guyane = priceQuoteItems(items, findProduct, 'guyane');
    expect(guyane.ok && guyane.totals).toMatchObject({ vatCents: 0, totalTTCCents: 2984_00, vatApplies: false });
  });

  it('defaults to Martinique when no territory is given', () => {
    const priced = priceQuoteItems([{ id: 'ruban-resine', quantity: 1 }], findProduct);
    // 50,00 + 15,90 shipping = 65,90 € HT; 8,5 % = 5,60 €.
    expect(priced.ok && priced.totals).toMatchObject({ territory: 'martinique', shippingHTCents: 1590, vatCents: 560 });
  });

  it('rejects a quote naming a product the catalogue does not have', () => {
    expect(priceQuoteItems([{ id: 'ruban-resine', quantity: 1 }, { id: 'inconnu', quantity: 1 }], findProduct)).toEqual({ ok: false, unknownIds: ['inconnu'] });
  });

  it('quotes an out-of-stock product (a quote is not an order)', () => {
    expect(priceQuoteItems([{ id: 'ds3608', quantity: 1 }], findProduct).ok).toBe(true);
  });
});

describe('quote message', () => {
  it('lists client, lines with code (when the catalogue gave it) and reference, quantity and unit price HT, item count, totals, VAT of the territory and TTC', () => {
    const priced = priceQuoteItems([{ id: 'zebra-zt411', quantity: 2 }, { id: 'ruban-resine', quantity: 1 }], findProduct, 'guadeloupe');
    if (!priced.ok) throw new Error('expected a priced quote');
    const message = quoteMessage(customer, priced).replace(/\u202f|\u00a0/g, ' ');
    expect(message).toContain('- Entreprise : Entrepôt Caraïbes');
    expect(message).toContain('- Code client : non renseigné');
    expect(message).toContain('- Imprimante industrielle ZT411 (code AR00008, réf. ZT41142-T0E0000Z) × 2 à 1 490,50 € HT = 2 981,00 € HT');
    expect(message).toContain('- Ruban transfert résine (réf. 05095GS11007) × 1');
    expect(message).toContain('Nombre d’articles : 3');
    expect(message).toContain('Sous-total HT : 3 031,00 €');
    expect(message).toContain('Livraison : Guadeloupe');
    expect(message).toContain('TVA 8,5 % (Guadeloupe) : 257,64 €');
    expect(message).toContain('Total TTC : 3 288,64 €');
    expect(message).toContain('Livraison offerte au-delà de 100,00 € HT d’achats, sinon 15,90 € HT.');
  });

  it('states the legal mention instead of a VAT amount for Guyane', () => {
    const priced = priceQuoteItems([{ id: 'ruban-resine', quantity: 1 }], findProduct, 'guyane');
    if (!priced.ok) throw new Error('expected a priced quote');
    const message = quoteMessage(customer, priced).replace(/\u202f|\u00a0/g, ' ');
    expect(message).toContain('TVA non applicable, art. 294 du CGI');
    expect(message).toContain('Total TTC : 65,90 €');
  });

  it('ends with the request text', () => {
    const priced = priceQuoteItems([{ id: 'ruban-resine', quantity: 1 }], findProduct);
    if (!priced.ok) throw new Error('expected a priced quote');
    expect(quoteMessage(customer, priced).split('\n').at(-1)).toBe('Le client souhaite recevoir un devis pour ces produits.');
  });
});

describe('quote overview (the inbox card)', () => {
  it('names the first lines with their quantity and gives the total HT of lines and shipping, read back from the stored message', () => {
    const priced = priceQuoteItems([{ id: 'ds3608', quantity: 3 }], findProduct, 'martinique');
    if (!priced.ok) throw new Error('expected a priced quote');
    // 3 × 0,30 € is under the free-shipping threshold: the shipping is part of the total HT.
    expect(quoteOverview(quoteMessage(customer, priced), 'martinique')).toEqual({
      lines: [{ name: 'Lecteur DS3608', quantity: 3 }],
      more: 0,
      totalHTCents: priced.totals.subtotalHTCents + priced.totals.shippingHTCents,
    });
    expect(priced.totals.shippingHTCents).toBeGreaterThan(0);
  });

  it(`shows ${QUOTE_OVERVIEW_LINES} lines at most and counts the others`, () => {
    const many = Array.from({ length: QUOTE_OVERVIEW_LINES + 2 }, (_, index) => ({ id: `p${index}`, name: `Produit ${index}`, reference: `REF-${index}`, priceHT: 10, inStock: true }));
    const priced = priceQuoteItems(many.map(({ id }) => ({ id, quantity: 2 })), (id) => many.find((product) => product.id === id), 'guyane');
    if (!priced.ok) throw new Error('expected a priced quote');
    const overview = quoteOverview(quoteMessage(customer, priced), 'guyane');
    expect(overview?.lines.map((line) => line.name)).toEqual(many.slice(0, QUOTE_OVERVIEW_LINES).map((product) => product.name));
    expect(overview?.more).toBe(2);
    expect(overview?.totalHTCents).toBe(priced.totals.subtotalHTCents + priced.totals.shippingHTCents);
  });

  it('has none for a message without product lines', () => {
    expect(quoteOverview('Pouvez-vous nous rappeler ?', 'martinique')).toBeUndefined();
  });
});

describe('quote request body', () => {
  const cart = [
    { id: 'zebra-zt411', code: 'AR00008', name: 'Imprimante industrielle ZT411', reference: 'ZT41142-T0E0000Z', priceHT: 1490.5, image: '/a.svg', quantity: 2 },
    { id: 'ruban-resine', name: 'Ruban transfert résine', reference: '05095GS11007', priceHT: 50, image: '/b.svg', quantity: 1 },
  ];

  it('sends only what the server reads: the customer, the lines as id and quantity, the territory and an empty honeypot', () => {
    const body = quoteRequestBody({ ...customer, clientCode: 'C-1042' }, cart, 'guyane');
    expect(body).toEqual({
      name: 'Paul Édouard',
      company: 'Entrepôt Caraïbes',
      phone: '0590 11 22 33',
      email: 'paul@exemple.fr',
      clientCode: 'C-1042',
      items: [{ id: 'zebra-zt411', quantity: 2 }, { id: 'ruban-resine', quantity: 1 }],
      territory: 'guyane',
      website: '',
    });
  });

  it('is accepted by the server’s schema with every field kept', () => {
    const body = quoteRequestBody(customer, cart, 'martinique');
    const parsed = quoteSchema.safeParse(body);
    expect(parsed.success).toBe(true);
    const { website: _honeypot, ...read } = body;
    expect(parsed.data).toEqual(read);
  });
});
