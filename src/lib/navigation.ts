/**
 * The corporate site's links, in one place: the header and the footer render these lists, so a page
 * added to the site is one line here.
 */
import { LEGAL_NOTICE, PRIVACY_POLICY } from './phrases';
import { paths, solutionPath, spacePaths } from './paths';
import { solutionAreas } from './solutions';

export interface NavLink {
  href: string;
  label: string;
}

/** The company pages of the header's main navigation (after the solutions menu). */
const companyPages: readonly NavLink[] = [
  { href: paths.vision, label: 'Notre vision' },
  { href: paths.clients, label: 'Nos clients' },
  { href: paths.partners, label: 'Nos partenaires' },
  { href: paths.news, label: 'Actualités' },
  { href: paths.contact, label: 'Contact' },
];

/** The eight solution areas, as links. */
const solutionLinks: readonly NavLink[] = solutionAreas.map((area) => ({ href: solutionPath(area.slug), label: area.title }));

/** The legal pages every footer links to (LCEN, RGPD). */
export const legalLinks: readonly NavLink[] = [
  { href: paths.legalNotice, label: LEGAL_NOTICE },
  { href: paths.privacy, label: PRIVACY_POLICY },
];

/** The customers' space, linked from the corporate and the store headers. */
export const customerSpaceLink: NavLink = { href: spacePaths.home, label: 'Espace client' };

/** What the site header shows: the solutions menu, the company pages, the customers' space and the store button. */
export const headerData = {
  solutions: solutionLinks,
  pages: companyPages,
  space: customerSpaceLink,
  store: { href: paths.store, label: 'Boutique en ligne' } satisfies NavLink,
} as const;

/** What the site footer shows: the solutions, the company pages with the store, and the legal pages. */
export const footerData = {
  solutions: solutionLinks,
  company: [...companyPages, headerData.store] as readonly NavLink[],
  legal: legalLinks,
} as const;
