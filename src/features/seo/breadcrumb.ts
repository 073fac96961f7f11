/**
 * Breadcrumb trails and their schema.org BreadcrumbList, one source for the visible trail and the data.
 */
import { paths } from '../../lib/paths';
import type { JsonLdNode } from './structured-data.server';

export interface BreadcrumbItem {
  label: string;
  /** Omitted on the last item, the current page. */
  href?: string;
}

/** A store page's full trail: Accueil › Boutique › the page's own items. */
export const storeTrail = (items: readonly BreadcrumbItem[]): BreadcrumbItem[] => [
  { label: 'Accueil', href: paths.home },
  { label: 'Boutique', href: paths.store },
  ...items,
];

/** The schema.org BreadcrumbList of a trail, with absolute URLs. */
export function breadcrumbJsonLd(trail: readonly BreadcrumbItem[], site: URL): JsonLdNode & { '@context': string } {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      ...(item.href ? { item: new URL(item.href, site).href } : {}),
    })),
  };
}
