/**
 * Whole-catalogue rules (DECISIONS.md §9) that a per-entry schema cannot see: counts, coverage of the
 * ranges, uniqueness and the price facts of the catalogue. Run by the products loader at build time.
 */
import { CATEGORY_IDS, PREMIUM_LABEL_RANGES, REQUIRED_RANGES, type RangeCategoryId } from './ids';
import { toCents } from '../../lib/price';

/** The fields the checks read, so tests can pass plain objects. */
export interface CheckedProduct {
  id: string;
  category: string;
  subcategory: string;
  reference: string;
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
/**
 * The price facts of the catalogue, in cents excluding tax (the only price it stores). They were first
 * given as mainland prices including 20 % VAT (industrial scanners 309–959 € TTC, premium labels
 * 79,90–199,90 € TTC, resin ribbon 60 € TTC): here they are those prices without that VAT.
 */
export const INDUSTRIAL_SCANNER_HT = { min: 257_50, max: 799_17 } as const;
export const PREMIUM_LABEL_HT = { min: 66_58, max: 166_58 } as const;
export const RESIN_RIBBON = { subcategory: 'Rubans résine', ht: 50_00 } as const;

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

    const ht = toCents(p.priceHT);
    if (p.category === 'lecteurs-industriels' && (ht < INDUSTRIAL_SCANNER_HT.min || ht > INDUSTRIAL_SCANNER_HT.max)) {
      fail(p.id, 'priceHT', 'un lecteur industriel coûte entre 257,50 € et 799,17 € HT');
    }
    if (p.category === 'etiquettes' && (PREMIUM_LABEL_RANGES as readonly string[]).includes(p.subcategory) && (ht < PREMIUM_LABEL_HT.min || ht > PREMIUM_LABEL_HT.max)) {
      fail(p.id, 'priceHT', 'une étiquette premium coûte entre 66,58 € et 166,58 € HT');
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

  if (!products.some((p) => p.category === 'films-transfert' && p.subcategory === RESIN_RIBBON.subcategory && toCents(p.priceHT) === RESIN_RIBBON.ht)) {
    fail(ALL, 'priceHT', 'un ruban résine à 50 € HT est requis');
  }
  if (!products.some((p) => !p.inStock)) fail(ALL, 'inStock', 'au moins un produit en rupture est requis');
  if (!products.some((p) => p.oldPrice !== undefined)) fail(ALL, 'oldPrice', 'au moins un produit avec un ancien prix est requis');
  if (!products.some((p) => p.badge !== undefined)) fail(ALL, 'badge', 'au moins un produit avec un badge est requis');
  return problems;
}

/** One line per problem, naming the file, the entry and the field. */
export const formatProblems = (file: string, problems: readonly CatalogueProblem[]): string =>
  problems.map((p) => `${file} → ${p.entry}, champ « ${p.field} » : ${p.message}`).join('\n');
