/**
 * Whole-catalogue rules that a per-entry schema cannot see: counts, coverage of the ranges, one product per
 * code, id and manufacturer reference (references compared without case), each product in the file named after its id, and the price facts
 * of the catalogue. Run by the products loader at build time and by `npm run catalogue -- import` before
 * it writes anything.
 */
import { CATEGORY_IDS, PREMIUM_LABEL_RANGES, REQUIRED_RANGES, type RangeCategoryId } from './ids.ts';
import { CODE_PATTERN } from './code.ts';
import { toCents } from '../../lib/price.ts';

/** The fields the checks read, so tests can pass plain objects. */
export interface CheckedProduct {
  id: string;
  code: string;
  category: string;
  subcategory: string;
  reference: string;
  priceHT: number;
  inStock: boolean;
  badge?: string | undefined;
  oldPrice?: number | undefined;
  /** The product's file, as problems name it: products/<id>.json unless given. */
  file?: string;
}

export interface CatalogueProblem {
  /** The entry at fault: a product's file, a range title, or the folder when the rule is about the whole set. */
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

/** What a rule about the whole set of products names. */
export const ALL_PRODUCTS = 'products/';

/** The file a product lives in, relative to the catalogue folder. */
export const productFile = (id: string): string => `products/${id}.json`;
const fileOf = (p: CheckedProduct): string => p.file ?? productFile(p.id);

/** Every broken whole-catalogue rule, empty when the catalogue is valid. */
export function checkCatalogue(
  products: readonly CheckedProduct[],
  ranges: readonly { category: string; title: string }[],
): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const fail = (entry: string, field: string, message: string) => problems.push({ entry, field, message });

  if (products.length < MIN_PRODUCTS) fail(ALL_PRODUCTS, '(fichier)', `au moins ${MIN_PRODUCTS} produits sont requis, ${products.length} trouvés`);

  for (const category of CATEGORY_IDS) {
    const count = products.filter((p) => p.category === category).length;
    if (count < MIN_PER_CATEGORY) fail(ALL_PRODUCTS, 'category', `la catégorie « ${category} » a ${count} produit(s), au moins ${MIN_PER_CATEGORY} requis`);
  }

  // The first file holding an id, a code or a reference, to name it when another file repeats it.
  const byId = new Map<string, string>();
  const byCode = new Map<string, string>();
  const byReference = new Map<string, string>();
  const referenceOf = new Map<string, string>();
  const unique = (seen: Map<string, string>, value: string, file: string, field: string, taken: (value: string, other: string) => string) => {
    const other = seen.get(value);
    if (other !== undefined) fail(file, field, taken(value, other));
    else seen.set(value, file);
  };
  for (const p of products) {
    const file = fileOf(p);
    unique(byId, p.id, file, 'id', (id, other) => `identifiant « ${id} » déjà utilisé par ${other}`);
    unique(byCode, p.code, file, 'code', (code, other) => `code « ${code} » déjà utilisé par ${other}`);
    // References are one whatever their case: « zt411 » and « ZT411 » name one product.
    const sameReference = referenceOf.get(p.reference.toLowerCase());
    const caseOnly = sameReference !== undefined && sameReference !== p.reference ? ` (« ${sameReference} » : les majuscules ne comptent pas)` : '';
    unique(byReference, p.reference.toLowerCase(), file, 'reference', (_, other) => `référence « ${p.reference} » déjà utilisée par ${other}${caseOnly}`);
    if (sameReference === undefined) referenceOf.set(p.reference.toLowerCase(), p.reference);
    if (!CODE_PATTERN.test(p.code)) fail(file, 'code', `« ${p.code} » n’est pas un code article : AR suivi de 5 chiffres, par exemple AR00042`);
    if (p.file !== undefined && p.file !== productFile(p.id)) fail(file, 'id', `le fichier doit porter le nom de l’identifiant : ${productFile(p.id)}`);

    const ht = toCents(p.priceHT);
    if (p.category === 'lecteurs-industriels' && (ht < INDUSTRIAL_SCANNER_HT.min || ht > INDUSTRIAL_SCANNER_HT.max)) {
      fail(file, 'priceHT', 'un lecteur industriel coûte entre 257,50 € et 799,17 € HT');
    }
    if (p.category === 'etiquettes' && (PREMIUM_LABEL_RANGES as readonly string[]).includes(p.subcategory) && (ht < PREMIUM_LABEL_HT.min || ht > PREMIUM_LABEL_HT.max)) {
      fail(file, 'priceHT', 'une étiquette premium coûte entre 66,58 € et 166,58 € HT');
    }
    if (p.category in REQUIRED_RANGES) {
      const titles = ranges.filter((r) => r.category === p.category).map((r) => r.title);
      if (!titles.includes(p.subcategory)) fail(file, 'subcategory', `doit être l’une des gammes de « ${p.category} » : ${titles.join(', ')}`);
    }
  }

  for (const [category, titles] of Object.entries(REQUIRED_RANGES) as [RangeCategoryId, readonly string[]][]) {
    for (const title of titles) {
      if (!ranges.some((r) => r.category === category && r.title === title)) fail(title, 'ranges.json', `la gamme « ${title} » de « ${category} » manque`);
      if (!products.some((p) => p.category === category && p.subcategory === title)) fail(title, 'subcategory', `aucun produit dans la gamme « ${title} »`);
    }
  }

  if (!products.some((p) => p.category === 'films-transfert' && p.subcategory === RESIN_RIBBON.subcategory && toCents(p.priceHT) === RESIN_RIBBON.ht)) {
    fail(ALL_PRODUCTS, 'priceHT', 'un ruban résine à 50 € HT est requis');
  }
  if (!products.some((p) => !p.inStock)) fail(ALL_PRODUCTS, 'inStock', 'au moins un produit en rupture est requis');
  if (!products.some((p) => p.oldPrice !== undefined)) fail(ALL_PRODUCTS, 'oldPrice', 'au moins un produit avec un ancien prix est requis');
  if (!products.some((p) => p.badge !== undefined)) fail(ALL_PRODUCTS, 'badge', 'au moins un produit avec un badge est requis');
  return problems;
}

/** One line per problem, naming the catalogue folder, the entry (a product's file) and the field. */
export const formatProblems = (folder: string, problems: readonly CatalogueProblem[]): string =>
  problems.map((p) => `${folder}/${p.entry}, champ « ${p.field} » : ${p.message}`).join('\n');
