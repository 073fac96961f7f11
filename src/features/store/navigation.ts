import { paths } from '../../lib/paths';

/** The ways back from an unknown category or product. */
export const storeNotFoundLinks = [
  { href: paths.store, label: 'Retour à la boutique' },
  { href: paths.storeAll, label: 'Voir tous les produits' },
];

/**
 * The eight category links of the store header (DECISIONS.md §1): each slug is a page of its own,
 * listing the products of the category ids it groups.
 */
export const storeHeaderCategories = [
  { slug: 'terminaux-mobiles', label: 'Terminaux mobiles', title: 'Terminaux mobiles, portés et tablettes', categories: ['terminaux', 'terminaux-transportables', 'tablettes'], description: 'Terminaux mobiles, terminaux portés et tablettes durcies pour la vente, l’entrepôt et le terrain :' },
  { slug: 'lecteurs-code-barres', label: 'Lecteurs codes-barres', categories: ['lecteurs-economiques', 'lecteurs-industriels', 'lecteur-pdv'], description: 'Tous nos lecteurs de codes-barres, du comptoir à l’entrepôt :' },
  { slug: 'imprimantes-etiquettes', label: 'Imprimantes étiquettes', categories: ['imprimantes-etiquettes'], description: '' },
  { slug: 'etiquettes', label: 'Étiquettes', categories: ['etiquettes'], description: '' },
  { slug: 'films-transfert', label: 'Films transfert', categories: ['films-transfert'], description: '' },
  { slug: 'accessoires', label: 'Accessoires', categories: ['accessoires'], description: '' },
  { slug: 'imprimantes-badges', label: 'Imprimantes badges', categories: ['imprimante-badge'], description: 'Imprimantes de cartes et de badges, en recto ou recto verso :' },
  { slug: 'consommables', label: 'Consommables', categories: ['etiquettes', 'films-transfert', 'badges', 'ruban-badgeuse'], description: 'Tous les consommables de vos imprimantes :' },
] as const;
