import { categoryPath, paths } from '../../lib/paths';
import { CATEGORY_GROUPS } from '../catalogue/listings';

/** The ways back from an unknown category or product. */
export const storeNotFoundLinks = [
  { href: paths.store, label: 'Retour à la boutique' },
  { href: paths.storeAll, label: 'Voir tous les produits' },
];

/** The eight category links of the store header: the category groups of the catalogue. */
export const storeHeaderCategories = CATEGORY_GROUPS.map(({ slug, label }) => ({ slug, label, href: categoryPath(slug) }));
