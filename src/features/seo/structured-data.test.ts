import { describe, expect, it } from 'vitest';
import { offices } from '../../lib/site';
import { checkJsonLdBlock, companyJsonLd, cspHash, serializeJsonLd } from './structured-data.server';

const site = new URL('https://www.example.fr');
const context = 'https://schema.org';

const product = (offer: Record<string, unknown>) =>
  JSON.stringify({
    '@context': context,
    '@type': 'Product',
    name: 'ZD421',
    image: 'https://www.example.fr/images/zd421.png',
    offers: { '@type': 'Offer', price: '329.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', ...offer },
  });

describe('JSON-LD serialisation', () => {
  it('escapes < so a value cannot close the script element', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it('escapes & and the line separators, and stays the same data', () => {
    const data = { name: 'A & B\u2028C' };
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[&\u2028]/);
    expect(JSON.parse(json)).toEqual(data);
  });

  it('hashes a script text as CSP expects (base64 SHA-256)', () => {
    expect(cspHash('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });
});

describe('the company structured data', () => {
  it('has one Organization and one LocalBusiness per office, all valid', () => {
    const result = checkJsonLdBlock(serializeJsonLd(companyJsonLd(site)));
    expect(result.problems).toEqual([]);
    expect(result.types.filter((type) => type === 'Organization')).toHaveLength(1);
    expect(result.types.filter((type) => type === 'LocalBusiness')).toHaveLength(offices.length);
  });

  it('gives each office its address, phone and Monday–Friday 08:00–17:00 hours', () => {
    const graph = companyJsonLd(site)['@graph'] as Record<string, any>[];
    const martinique = graph.find((node) => node['@type'] === 'LocalBusiness')!;
    const office = offices[0]!;
    expect(martinique.telephone).toBe(office.phoneE164);
    expect(martinique.address.postalCode).toBe(office.postalCode);
    expect(martinique.openingHoursSpecification[0]).toMatchObject({
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '08:00',
      closes: '17:00',
    });
  });
});

describe('the JSON-LD checks', () => {
  it('fail on invalid JSON', () => {
    expect(checkJsonLdBlock('{"@type": "Organization",}').problems[0]).toMatch(/^invalid JSON/);
  });

  it('fail without a schema.org @context or an @type', () => {
    expect(checkJsonLdBlock(JSON.stringify({ '@type': 'Organization', name: 'X', url: 'https://x.fr' })).problems).toEqual([
      '@context is not https://schema.org',
    ]);
    expect(checkJsonLdBlock(JSON.stringify({ '@context': context, name: 'X' })).problems).toEqual(['a node has no @type']);
  });

  it('accept a product with a price in EUR and an availability', () => {
    expect(checkJsonLdBlock(product({})).problems).toEqual([]);
    expect(checkJsonLdBlock(product({ price: 329 })).problems).toEqual([]);
  });

  it('fail on a product offer without price, in another currency or without availability', () => {
    expect(checkJsonLdBlock(product({ price: undefined })).problems).toContain('Product: offers.price is not a positive number');
    expect(checkJsonLdBlock(product({ priceCurrency: 'USD' })).problems).toContain('Product: offers.priceCurrency is not EUR');
    expect(checkJsonLdBlock(product({ availability: 'InStock' })).problems).toContain(
      'Product: offers.availability is not a schema.org availability URL',
    );
  });

  it('fail on a news article without headline, date or image', () => {
    const article = JSON.stringify({ '@context': context, '@type': 'NewsArticle' });
    expect(checkJsonLdBlock(article).problems).toEqual([
      'NewsArticle: headline is missing',
      'NewsArticle: datePublished is not an ISO 8601 date',
      'NewsArticle: image is not an absolute URL',
    ]);
  });

  it('accept a breadcrumb whose last crumb has no URL, and fail on positions out of order', () => {
    const crumbs = (second: number) =>
      JSON.stringify({
        '@context': context,
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Boutique', item: 'https://www.example.fr/commerce' },
          { '@type': 'ListItem', position: second, name: 'ZD421' },
        ],
      });
    expect(checkJsonLdBlock(crumbs(2)).problems).toEqual([]);
    expect(checkJsonLdBlock(crumbs(3)).problems).toEqual(['BreadcrumbList: item 2: position is not 2']);
  });

  it('fail on an office without opening hours', () => {
    const business = JSON.stringify({
      '@context': context,
      '@type': 'LocalBusiness',
      name: 'Agence',
      telephone: '+596596501234',
      address: { streetAddress: '1 rue', postalCode: '97200', addressLocality: 'Fort-de-France', addressCountry: 'FR' },
    });
    expect(checkJsonLdBlock(business).problems).toEqual(['LocalBusiness: openingHoursSpecification does not cover Monday to Friday']);
  });
});
