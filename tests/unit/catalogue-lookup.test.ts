/**
 * The server's catalogue lookups: the quote endpoint's, by id, reads the product files themselves, validated;
 * the devis editor's, by reference or code, keeps the two apart.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogueLookup, loadProduct } from '../../netlify/lib/catalogue/catalogue';
import { findProductByReference, lookUp, productIndex } from '../../netlify/lib/catalogue/catalogue-search';
import { readProductFiles } from '../../src/features/catalogue/files.server';
import type { Product } from '../../src/features/catalogue/schema';
import { product } from '../helpers/catalogue';

describe('server catalogue lookup', () => {
  it('finds a product by id with its stored code, reference and price HT', async () => {
    const zd230t = product('zebra-zd230t');
    expect(await loadProduct('zebra-zd230t')).toEqual({ id: zd230t.id, code: 'AR00003', name: zd230t.name, reference: zd230t.reference, priceHT: zd230t.priceHT, inStock: zd230t.inStock });
  });
  it('finds nothing for an unknown id or one that is not a file name', async () => {
    for (const id of ['inconnu', '../categories', 'products/zebra-zd230t', '']) expect(await loadProduct(id), id).toBeUndefined();
    const lookup = await catalogueLookup(['zebra-zd230t', 'inconnu', 'zebra-zd230t']);
    expect(lookup('zebra-zd230t')?.code).toBe('AR00003');
    expect(lookup('inconnu')).toBeUndefined();
  });
});

describe('the devis editor’s lookup by reference or code', () => {
  const real = readProductFiles(fileURLToPath(new URL('../../content/catalogue', import.meta.url))).map(({ data }) => data as Product);

  it('finds every product by its code and by its reference, in any case, and never another one', () => {
    for (const item of real) {
      expect(findProductByReference(item.code)?.id, item.code).toBe(item.id);
      expect(findProductByReference(item.code.toLowerCase())?.id, item.code).toBe(item.id);
      expect(findProductByReference(` ${item.reference.toLowerCase()} `)?.id, item.reference).toBe(item.id);
    }
    expect(findProductByReference('AR99999')).toBeUndefined();
  });

  it('keeps references and codes apart: a decoy whose reference is another product’s code is never returned for that code', () => {
    const printer = { id: 'imprimante', code: 'AR00001', name: 'Imprimante Zebra ZT411', reference: 'ZT41142-T0E0000Z', priceHT: 1_587, inStock: true };
    const decoy = { id: 'leurre', code: 'AR00099', name: 'Leurre à 10 €', reference: 'ar00001', priceHT: 10, inStock: true };
    for (const products of [[printer, decoy], [decoy, printer]]) {
      const index = productIndex(products);
      expect(lookUp(index, 'AR00001')).toBe(printer);
      expect(lookUp(index, 'ar00001')).toBe(printer);
      expect(lookUp(index, 'zt41142-t0e0000z')).toBe(printer);
      expect(lookUp(index, 'AR00099')).toBe(decoy);
    }
    // Without the printer, the code-shaped text finds no product rather than the decoy.
    expect(lookUp(productIndex([decoy]), 'AR00001')).toBeUndefined();
  });
});
