/** The quote endpoint's product lookup reads the product files themselves, validated, by id. */
import { describe, expect, it } from 'vitest';
import { catalogueLookup, loadProduct } from '../../netlify/lib/catalogue/catalogue';
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
