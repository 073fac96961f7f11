/**
 * The browsable lists of the store: the 13 category pages, the group pages that the
 * store header links to (each groups several categories) and the whole catalogue. Pure data and functions:
 * the pages, the header and the build step that writes the browse data all read them here.
 */
import type { CategoryId } from './ids';

/** One group of categories with a page of its own. A slug equal to a category id is that category's page. */
export interface CategoryGroup {
  slug: string;
  /** Link label in the store header. */
  label: string;
  /** Page title when it differs from the label. */
  title?: string;
  categories: readonly CategoryId[];
  /** Lead of the group page, followed by the member categories' titles. */
  description: string;
}

/** The eight groups of the store header, in header order. */
export const CATEGORY_GROUPS: readonly CategoryGroup[] = [
  { slug: 'terminaux-mobiles', label: 'Terminaux mobiles', title: 'Terminaux mobiles, portés et tablettes', categories: ['terminaux', 'terminaux-transportables', 'tablettes'], description: 'Terminaux mobiles, terminaux portés et tablettes durcies pour la vente, l’entrepôt et le terrain :' },
  { slug: 'lecteurs-code-barres', label: 'Lecteurs codes-barres', categories: ['lecteurs-economiques', 'lecteurs-industriels', 'lecteur-pdv'], description: 'Tous nos lecteurs de codes-barres, du comptoir à l’entrepôt :' },
  { slug: 'imprimantes-etiquettes', label: 'Imprimantes étiquettes', categories: ['imprimantes-etiquettes'], description: '' },
  { slug: 'etiquettes', label: 'Étiquettes', categories: ['etiquettes'], description: '' },
  { slug: 'films-transfert', label: 'Films transfert', categories: ['films-transfert'], description: '' },
  { slug: 'accessoires', label: 'Accessoires', categories: ['accessoires'], description: '' },
  { slug: 'imprimantes-badges', label: 'Imprimantes badges', categories: ['imprimante-badge'], description: 'Imprimantes de cartes et de badges, en recto ou recto verso :' },
  { slug: 'consommables', label: 'Consommables', categories: ['etiquettes', 'films-transfert', 'badges', 'ruban-badgeuse'], description: 'Tous les consommables de vos imprimantes :' },
];

/** What a listing needs of a category. */
export interface ListedCategory {
  id: string;
  title: string;
  description: string;
}

/** A browsable page: one category, a header group or the whole catalogue. */
export interface Listing {
  /** `tous-produits` for the whole catalogue, else the category id or group slug. */
  slug: string;
  title: string;
  description: string;
  /** Member category ids, in display order (all categories for the whole catalogue). */
  categoryIds: string[];
}

/** The slug of the whole-catalogue listing (its page is /commerce/tous-produits). */
export const ALL_PRODUCTS_SLUG = 'tous-produits';

/** The 13 category pages and the group pages whose slug is not a category id. */
export function categoryListings(categories: readonly ListedCategory[]): Listing[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const single: Listing[] = categories.map((c) => ({ slug: c.id, title: c.title, description: c.description, categoryIds: [c.id] }));
  const groups: Listing[] = CATEGORY_GROUPS.filter((group) => !byId.has(group.slug)).map((group) => ({
    slug: group.slug,
    title: group.title ?? group.label,
    description: `${group.description} ${group.categories.map((id) => byId.get(id)?.title).filter(Boolean).join(', ')}.`,
    categoryIds: [...group.categories],
  }));
  return [...single, ...groups];
}

/** The whole-catalogue listing. */
export const allProductsListing = (categories: readonly ListedCategory[]): Listing => ({
  slug: ALL_PRODUCTS_SLUG,
  title: 'Tous les produits',
  description: 'Le catalogue complet de la boutique : imprimantes, étiquettes, rubans, terminaux, lecteurs, badges et accessoires.',
  categoryIds: categories.map((c) => c.id),
});

/** The products of a listing, member categories in the listing's order, catalogue order within each. */
export function listingProducts<T extends { category: string }>(listing: Listing, products: readonly T[]): T[] {
  const rank = new Map(listing.categoryIds.map((id, index) => [id, index]));
  return products.filter((p) => rank.has(p.category)).sort((a, b) => rank.get(a.category)! - rank.get(b.category)!);
}
