import { describe, expect, it } from 'vitest';
import { QUOTE_DELAI, QUOTE_SUBJECT, priceQuoteItems, quoteMessage, quoteRequestBody, type CatalogueProduct } from './quote';

/** A small fixture catalogue, in the shape of content/catalogue/products.json. */
const catalogue: CatalogueProduct[] = [
  { id: 'zebra-zt411', name: 'Imprimante industrielle ZT411', reference: 'ZT41142-T0E0000Z', priceHT: 1490.5, inStock: true },
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
      itemCount: 3,
      totalHTCents: 15000,
    });
  });

  it('totals in cents without floating-point drift', () => {
    const priced = priceQuoteItems([{ id: 'zebra-zt411', quantity: 2 }, { id: 'ds3608', quantity: 10 }], findProduct);
    if (!priced.ok) throw new Error('expected a priced quote');
    expect(priced.lines.map((line) => line.totalHTCents)).toEqual([298100, 300]);
    expect(priced.totalHTCents).toBe(298400);
    expect(priced.itemCount).toBe(12);
  });

  it('merges the same product sent twice into one line', () => {
    const priced = priceQuoteItems([{ id: 'ruban-resine', quantity: 1 }, { id: 'ruban-resine', quantity: 2 }], findProduct);
    expect(priced.ok && priced.lines).toHaveLength(1);
    expect(priced.ok && priced.lines[0]!.quantity).toBe(3);
  });

  it('rejects a quote naming a product the catalogue does not have', () => {
    expect(priceQuoteItems([{ id: 'ruban-resine', quantity: 1 }, { id: 'inconnu', quantity: 1 }], findProduct)).toEqual({ ok: false, unknownIds: ['inconnu'] });
  });

  it('quotes an out-of-stock product (a quote is not an order)', () => {
    expect(priceQuoteItems([{ id: 'ds3608', quantity: 1 }], findProduct).ok).toBe(true);
  });
});

describe('quote message', () => {
  it('lists client, lines with reference, quantity and unit price HT, item count and total HT', () => {
    const priced = priceQuoteItems([{ id: 'zebra-zt411', quantity: 2 }, { id: 'ruban-resine', quantity: 1 }], findProduct);
    if (!priced.ok) throw new Error('expected a priced quote');
    const message = quoteMessage(customer, priced).replace(/\u202f|\u00a0/g, ' ');
    expect(message).toContain('- Entreprise : Entrepôt Caraïbes');
    expect(message).toContain('- Code client : non renseigné');
    expect(message).toContain('- Imprimante industrielle ZT411 (réf. ZT41142-T0E0000Z) × 2 à 1 490,50 € HT = 2 981,00 € HT');
    expect(message).toContain('Nombre d’articles : 3');
    expect(message).toContain('Total HT : 3 031,00 €');
  });

  it('ends with the request text', () => {
    const priced = priceQuoteItems([{ id: 'ruban-resine', quantity: 1 }], findProduct);
    if (!priced.ok) throw new Error('expected a priced quote');
    expect(quoteMessage(customer, priced).split('\n').at(-1)).toBe('Le client souhaite recevoir un devis pour ces produits.');
  });
});

describe('quote request body', () => {
  const cart = [
    { id: 'zebra-zt411', name: 'Imprimante industrielle ZT411', reference: 'ZT41142-T0E0000Z', priceHT: 1490.5, image: '/a.svg', quantity: 2 },
    { id: 'ruban-resine', name: 'Ruban transfert résine', reference: '05095GS11007', priceHT: 50, image: '/b.svg', quantity: 1 },
  ];

  it('carries the fixed subject and delai, the lines as id and quantity, the client code and an empty honeypot', () => {
    const body = quoteRequestBody({ ...customer, clientCode: 'C-1042' }, cart);
    expect(body).toMatchObject({
      name: 'Paul Édouard',
      company: 'Entrepôt Caraïbes',
      phone: '0590 11 22 33',
      email: 'paul@exemple.fr',
      clientCode: 'C-1042',
      subject: QUOTE_SUBJECT,
      delai: QUOTE_DELAI,
      items: [{ id: 'zebra-zt411', quantity: 2 }, { id: 'ruban-resine', quantity: 1 }],
      website: '',
    });
  });

  it('generates the same message the server builds from a catalogue with the same prices', () => {
    const body = quoteRequestBody(customer, cart);
    const priced = priceQuoteItems(body.items, findProduct);
    if (!priced.ok) throw new Error('expected a priced quote');
    expect(body.message).toBe(quoteMessage(customer, priced));
    expect(body.message.replace(/\u202f|\u00a0/g, ' ')).toContain('Total HT : 3 031,00 €');
  });
});
