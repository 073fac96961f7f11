import { describe, expect, it } from 'vitest';
import { productJsonLd } from './structured-data';
import { checkJsonLdBlock } from '../seo/structured-data.server';
import type { Product } from './schema';

const product: Product = {
  id: 'zebra-zd421t',
  name: 'Imprimante Zebra ZD421t 203 dpi',
  category: 'imprimantes-etiquettes',
  subcategory: 'Imprimantes de bureau',
  reference: 'ZD4A042-30EM00EZ',
  priceHT: 499.17,
  image: '/images/products/printer-desktop.svg',
  inStock: false,
  description: 'Imprimante de bureau à transfert thermique pour les étiquettes produits.',
  specifications: [{ label: 'Référence constructeur', value: 'ZD4A042-30EM00EZ' }, { label: 'Résolution', value: '203 dpi' }],
  code: 'AR00001',
};
const data = productJsonLd(product, { categoryTitle: 'Imprimantes d’étiquettes', site: 'https://example.fr', sellerName: 'Vision Caraïbes' });

describe('product structured data', () => {
  it('prices the offer excluding tax and says VAT is not included', () => {
    expect(data.offers).toMatchObject({ price: '499.17', priceCurrency: 'EUR', priceSpecification: { '@type': 'UnitPriceSpecification', price: '499.17', valueAddedTaxIncluded: false } });
  });
  it('keeps what a Product rich result needs: price, currency, availability, absolute URLs', () => {
    expect(checkJsonLdBlock(JSON.stringify(data)).problems).toEqual([]);
    expect(data.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(data.url).toBe('https://example.fr/commerce/produits/zebra-zd421t');
    expect(data.sku).toBe('AR00001');
  });
});
