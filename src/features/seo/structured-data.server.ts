/**
 * Structured data (schema.org JSON-LD): safe serialisation, the company's Organization and one
 * LocalBusiness per office, and the required-field rules the test over the built site checks.
 */
import { createHash } from 'node:crypto';
import { company, offices, type Office } from '../../lib/site';
import { paths } from '../../lib/paths';

/** A JSON-LD object (one node, with its @context when it is the top of a block). */
export type JsonLdNode = { '@type': string | string[]; [key: string]: unknown };

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` are escaped so no text in the
 * data can close the script element or open a comment; U+2028/2029 are escaped for old parsers.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The CSP hash (`sha256-…`) of an inline script's exact text. */
export function cspHash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/** The id of the company node, so offices and articles can point to it. */
export const organizationId = (site: URL): string => new URL('/#organisation', site).href;

/** The company as a schema.org Organization. */
export function organizationJsonLd(site: URL): JsonLdNode {
  return {
    '@type': 'Organization',
    '@id': organizationId(site),
    name: company.name,
    legalName: company.legalName,
    url: new URL(paths.home, site).href,
    logo: new URL('/social/logo.png', site).href,
    email: company.email,
    foundingDate: String(company.foundedYear),
    areaServed: company.areaServed.map((name) => ({ '@type': 'AdministrativeArea', name })),
    contactPoint: offices.map((office) => ({
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: office.phoneE164,
      email: office.email,
      areaServed: office.region,
      availableLanguage: 'fr',
    })),
  };
}

/** One office as a schema.org LocalBusiness, open Monday to Friday 08:00–17:00. */
export function localBusinessJsonLd(office: Office, site: URL): JsonLdNode {
  return {
    '@type': 'LocalBusiness',
    '@id': new URL(`/contact#agence-${office.region.toLowerCase()}`, site).href,
    name: `${company.name} ${office.region}`,
    parentOrganization: { '@id': organizationId(site) },
    url: new URL(paths.contact, site).href,
    image: new URL('/social/vision-caraibes.png', site).href,
    telephone: office.phoneE164,
    email: office.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: office.street,
      postalCode: office.postalCode,
      addressLocality: office.city,
      addressRegion: office.region,
      addressCountry: 'FR',
    },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [...company.openingHours.days],
        opens: company.openingHours.opens,
        closes: company.openingHours.closes,
      },
    ],
  };
}

/** The company and its offices, one JSON-LD block for the home and contact pages. */
export function companyJsonLd(site: URL): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@graph': [organizationJsonLd(site), ...offices.map((office) => localBusinessJsonLd(office, site))],
  };
}

/** What is wrong with one JSON-LD node of a given type (empty when it has every required field). */
type NodeRule = (node: Record<string, unknown>) => string[];

const isText = (value: unknown): boolean => typeof value === 'string' && value.trim().length > 0;
const isAbsoluteUrl = (value: unknown): boolean => typeof value === 'string' && /^https?:\/\//.test(value);
const missing = (node: Record<string, unknown>, fields: string[]): string[] =>
  fields.filter((field) => !isText(node[field])).map((field) => `${field} is missing`);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const imageUrls = (value: unknown): unknown[] =>
  asArray(value).map((image) => (isObject(image) ? (image.url ?? image.contentUrl) : image));

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const AVAILABILITY = /^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|BackOrder|LimitedAvailability|Discontinued|SoldOut|InStoreOnly|OnlineOnly)$/;

/** The fields each @type must carry (schema.org and Google's rich-result requirements). */
export const jsonLdRules: Record<string, NodeRule> = {
  Organization: (node) => [
    ...missing(node, ['name']),
    ...(isAbsoluteUrl(node.url) ? [] : ['url is not an absolute URL']),
  ],
  LocalBusiness: (node) => {
    const problems = missing(node, ['name', 'telephone']);
    const address = node.address;
    if (!isObject(address)) problems.push('address is missing');
    else problems.push(...missing(address, ['streetAddress', 'postalCode', 'addressLocality', 'addressCountry']).map((p) => `address.${p}`));
    const hours = asArray(node.openingHoursSpecification).filter(isObject);
    const weekdays = hours.find((spec) => WEEKDAYS.every((day) => asArray(spec.dayOfWeek).includes(day)));
    if (!weekdays) problems.push('openingHoursSpecification does not cover Monday to Friday');
    else if (weekdays.opens !== '08:00' || weekdays.closes !== '17:00') problems.push('opening hours are not 08:00–17:00');
    return problems;
  },
  BreadcrumbList: (node) => {
    const items = asArray(node.itemListElement).filter(isObject);
    if (items.length === 0) return ['itemListElement is empty'];
    return items.flatMap((item, index) => {
      const problems: string[] = [];
      if (item.position !== index + 1) problems.push(`item ${index + 1}: position is not ${index + 1}`);
      if (!isText(item.name)) problems.push(`item ${index + 1}: name is missing`);
      // Google allows the last crumb (the current page) without its URL.
      const url = isObject(item.item) ? item.item['@id'] : item.item;
      if (index < items.length - 1 && !isAbsoluteUrl(url)) problems.push(`item ${index + 1}: item is not an absolute URL`);
      return problems;
    });
  },
  Product: (node) => {
    const problems = missing(node, ['name']);
    if (!imageUrls(node.image).some(isAbsoluteUrl)) problems.push('image is not an absolute URL');
    const offers = asArray(node.offers).filter(isObject);
    if (offers.length === 0) problems.push('offers is missing');
    for (const offer of offers) {
      const price = typeof offer.price === 'number' ? offer.price : Number(offer.price);
      if (offer.price === undefined || offer.price === '' || !Number.isFinite(price) || price <= 0) problems.push('offers.price is not a positive number');
      if (offer.priceCurrency !== 'EUR') problems.push('offers.priceCurrency is not EUR');
      if (typeof offer.availability !== 'string' || !AVAILABILITY.test(offer.availability)) {
        problems.push('offers.availability is not a schema.org availability URL');
      }
    }
    return problems;
  },
  NewsArticle: (node) => {
    const problems = missing(node, ['headline']);
    if (typeof node.headline === 'string' && node.headline.length > 110) problems.push('headline is longer than 110 characters');
    if (typeof node.datePublished !== 'string' || Number.isNaN(Date.parse(node.datePublished))) {
      problems.push('datePublished is not an ISO 8601 date');
    }
    if (!imageUrls(node.image).some(isAbsoluteUrl)) problems.push('image is not an absolute URL');
    return problems;
  },
};

/** Every node of a parsed JSON-LD block: the top objects, the members of @graph, and arrays of them. */
export function jsonLdNodes(block: unknown): Record<string, unknown>[] {
  return asArray(block)
    .filter(isObject)
    .flatMap((node) => (Array.isArray(node['@graph']) ? node['@graph'].filter(isObject) : [node]));
}

/**
 * Checks one `<script type="application/ld+json">` text: valid JSON, a schema.org @context, an @type on
 * every node, and the required fields of the types in `jsonLdRules`. Returns the problems found.
 */
export function checkJsonLdBlock(text: string): { types: string[]; problems: string[] } {
  let block: unknown;
  try {
    block = JSON.parse(text);
  } catch (error) {
    return { types: [], problems: [`invalid JSON: ${(error as Error).message}`] };
  }
  const problems: string[] = [];
  const types: string[] = [];
  for (const top of asArray(block)) {
    if (!isObject(top) || !/^https?:\/\/schema\.org\/?$/.test(String(top['@context']))) {
      problems.push('@context is not https://schema.org');
    }
  }
  for (const node of jsonLdNodes(block)) {
    const nodeTypes = asArray(node['@type']).map(String);
    if (nodeTypes.length === 0) problems.push('a node has no @type');
    for (const type of nodeTypes) {
      types.push(type);
      problems.push(...(jsonLdRules[type]?.(node) ?? []).map((problem) => `${type}: ${problem}`));
    }
  }
  return { types, problems };
}
