/**
 * The catalogue's fixed vocabulary: category identifiers and the categories that have
 * subcategory ranges. The content files must use these; the schema enforces it.
 */

/** The 13 category identifiers, in the order of the store home cards (accessories last, no card). */
export const CATEGORY_IDS = [
  'imprimantes-etiquettes',
  'etiquettes',
  'films-transfert',
  'terminaux',
  'tablettes',
  'terminaux-transportables',
  'lecteurs-economiques',
  'lecteurs-industriels',
  'lecteur-pdv',
  'imprimante-badge',
  'badges',
  'ruban-badgeuse',
  'accessoires',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

/** The categories shown as cards on the store home (one card per category, in this order). */
export const HOME_CATEGORY_IDS: readonly CategoryId[] = CATEGORY_IDS.filter((id) => id !== 'accessoires');

/** Categories whose page shows range cards opening a dialog. */
export const RANGE_CATEGORY_IDS = ['lecteurs-economiques', 'lecteurs-industriels', 'tablettes'] as const satisfies readonly CategoryId[];

export type RangeCategoryId = (typeof RANGE_CATEGORY_IDS)[number];

/** Premium label ranges, priced 66,58 € to 166,58 € HT. */
export const PREMIUM_LABEL_RANGES = ['Z-Select', 'PolyPro', 'Z-Ultimate', 'Z-Perform'] as const;

/** The placeholder shown when a product image is missing or fails to load. */
export const PLACEHOLDER_IMAGE = '/images/products/placeholder.svg';

/** The subcategory ranges that must exist, each with at least one product. */
export const REQUIRED_RANGES: Readonly<Record<RangeCategoryId, readonly string[]>> = {
  'lecteurs-economiques': ['LS1203', 'LS2208', 'LI2208', 'DS2208', 'DS2278', 'LI4278', 'DS4308', 'DS8108', 'DS8178', 'DS4608'],
  'lecteurs-industriels': ['LI3608', 'LI3678', 'DS3608', 'DS3678'],
  tablettes: ['ET40 & ET45', 'ET60 & ET65', 'ET80 & ET85'],
};
