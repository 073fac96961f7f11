/**
 * Whole-catalogue rules (DECISIONS.md §9) that a per-entry schema cannot see: counts, coverage of the
 * ranges, uniqueness and the price facts of SPEC.md §3. Run by the products loader at build time.
 */
import { CATEGORY_IDS, PREMIUM_LABEL_RANGES, REQUIRED_RANGES, type RangeCategoryId } from './ids';
import { isConsistentTtc, toCents } from '../../lib/price';

/** The fields the checks read, so tests can pass plain objects. */
export interface CheckedProduct {
  id: string;
  category: string;
  subcategory: string;
  reference: string;
  price: number;
  priceHT: number;
  inStock: boolean;
  badge?: string | undefined;
  oldPrice?: number | undefined;
}

export interface CatalogueProblem {
  /** The entry at fault: a product id, a range title, or the file when the rule is about the whole set. */
  entry: string;
  field: string;
  message: string;
}

export const MIN_PRODUCTS = 100;
export const MIN_PER_CATEGORY = 3;
/** SPEC.md §3 price facts, in cents including tax. */
export const INDUSTRIAL_SCANNER_TTC = { min: 309_00, max: 959_00 } as const;
export const PREMIUM_LABEL_TTC = { min: 79_90, max: 199_90 } as const;
export const RESIN_RIBBON = { subcategory: 'Rubans résine', ttc: 60_00, ht: 50_00 } as const;

const ALL = 'products.json';

/** Every broken whole-catalogue rule, empty when the catalogue is valid. */
export function checkCatalogue(
  products: readonly CheckedProduct[],
  ranges: readonly { category: string; title: string }[],
): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const fail = (entry: string, field: string, message: string) => problems.push({ entry, field, message });

  if (products.length < MIN_PRODUCTS) fail(ALL, '(fichier)', `au moins ${MIN_PRODUCTS} produits sont requis, ${products.length} trouvés`);

  for (const category of CATEGORY_IDS) {
    const count = products.filter((p) => p.category === category).length;
    if (count < MIN_PER_CATEGORY) fail(ALL, 'category', `la catégorie « ${category} » a ${count} produit(s), au moins ${MIN_PER_CATEGORY} requis`);
  }

  const seenIds = new Set<string>();
  const seenRefs = new Set<string>();
  for (const p of products) {
    if (seenIds.has(p.id)) fail(p.id, 'id', 'identifiant déjà utilisé par un autre produit');
    seenIds.add(p.id);
    if (seenRefs.has(p.reference)) fail(p.id, 'reference', `référence « ${p.reference} » déjà utilisée par un autre produit`);
    seenRefs.add(p.reference);
    if (!isConsistentTtc(p.priceHT, p.price)) fail(p.id, 'price', `doit valoir round(priceHT × 1,2, 2) pour priceHT = ${p.priceHT}`);

    const ttc = toCents(p.price);
    if (p.category === 'lecteurs-industriels' && (ttc < INDUSTRIAL_SCANNER_TTC.min || ttc > INDUSTRIAL_SCANNER_TTC.max)) {
      fail(p.id, 'price', 'un lecteur industriel coûte entre 309 € et 959 € TTC');
    }
    if (p.category === 'etiquettes' && (PREMIUM_LABEL_RANGES as readonly string[]).includes(p.subcategory) && (ttc < PREMIUM_LABEL_TTC.min || ttc > PREMIUM_LABEL_TTC.max)) {
      fail(p.id, 'price', 'une étiquette premium coûte entre 79,90 € et 199,90 € TTC');
    }
    if (p.category in REQUIRED_RANGES) {
      const titles = ranges.filter((r) => r.category === p.category).map((r) => r.title);
      if (!titles.includes(p.subcategory)) fail(p.id, 'subcategory', `doit être l’une des gammes de « ${p.category} » : ${titles.join(', ')}`);
    }
  }

  for (const [category, titles] of Object.entries(REQUIRED_RANGES) as [RangeCategoryId, readonly string[]][]) {
    for (const title of titles) {
      if (!ranges.some((r) => r.category === category && r.title === title)) fail(title, 'ranges.json', `la gamme « ${title} » de « ${category} » manque`);
      if (!products.some((p) => p.category === category && p.subcategory === title)) fail(title, 'subcategory', `aucun produit dans la gamme « ${title} »`);
    }
  }

  if (!products.some((p) => p.category === 'films-transfert' && p.subcategory === RESIN_RIBBON.subcategory && toCents(p.price) === RESIN_RIBBON.ttc && toCents(p.priceHT) === RESIN_RIBBON.ht)) {
    fail(ALL, 'price', 'un ruban résine à 60 € TTC (50 € HT) est requis');
  }
  if (!products.some((p) => !p.inStock)) fail(ALL, 'inStock', 'au moins un produit en rupture est requis');
  if (!products.some((p) => p.oldPrice !== undefined)) fail(ALL, 'oldPrice', 'au moins un produit avec un ancien prix est requis');
  if (!products.some((p) => p.badge !== undefined)) fail(ALL, 'badge', 'au moins un produit avec un badge est requis');
  return problems;
}

/** One line per problem, naming the file, the entry and the field. */
export const formatProblems = (file: string, problems: readonly CatalogueProblem[]): string =>
  problems.map((p) => `${file} → ${p.entry}, champ « ${p.field} » : ${p.message}`).join('\n');
