/**
 * A product's schema.org data (Product + Offer) for its page. The catalogue holds prices excluding tax
 * and VAT depends on the delivery territory, so the offer gives the price HT and says so with a
 * UnitPriceSpecification whose valueAddedTaxIncluded is false; `price` and `priceCurrency` stay on the
 * offer itself, which is what search engines read for a product's price.
 */
import { CURRENCY } from '../../lib/constants';
import { productPath } from '../../lib/paths';
import type { Product } from './schema';

/** What the data needs besides the product. */
export interface ProductJsonLdContext {
  categoryTitle: string;
  /** The site's public URL (canonical base). */
  site: URL | string;
  sellerName: string;
}

/** The Product JSON-LD of a product page. */
export function productJsonLd(product: Product, { categoryTitle, site, sellerName }: ProductJsonLdContext) {
  const url = new URL(productPath(product.id), site).href;
  const price = product.priceHT.toFixed(2);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.code,
    mpn: product.reference,
    image: new URL(product.image, site).href,
    category: categoryTitle,
    url,
    offers: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: CURRENCY,
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: CURRENCY,
        valueAddedTaxIncluded: false,
      },
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@type': 'Organization', name: sellerName },
    },
  };
}
