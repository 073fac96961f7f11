/**
 * The eight category links of the store header (DECISIONS.md §1): each slug is a page of its own.
 */
export const storeHeaderCategories = [
  { slug: 'terminaux-mobiles', label: 'Terminaux mobiles' },
  { slug: 'lecteurs-code-barres', label: 'Lecteurs codes-barres' },
  { slug: 'imprimantes-etiquettes', label: 'Imprimantes étiquettes' },
  { slug: 'etiquettes', label: 'Étiquettes' },
  { slug: 'films-transfert', label: 'Films transfert' },
  { slug: 'accessoires', label: 'Accessoires' },
  { slug: 'imprimantes-badges', label: 'Imprimantes badges' },
  { slug: 'consommables', label: 'Consommables' },
] as const;
