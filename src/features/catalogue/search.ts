/**
 * Store search (DECISIONS.md §10): a product is found by its name, description, category, range or
 * manufacturer reference, ignoring case and accents. Pagefind indexes the product pages; this module
 * gives the extra words a page hands it (searchTerms) and the normalisation of a visitor's term
 * (searchQuery), so the two meet whatever accents either side has.
 */
import { normalizeForSearch } from '../../lib/text';

export interface SearchableProduct {
  name: string;
  description: string;
  category: string;
  subcategory: string;
  reference: string;
}

/**
 * The forms of a manufacturer reference a visitor may type: as written (ZD4A042-30EM00EZ), without its
 * separators (ZD4A04230EM00EZ) and each part (ZD4A042, 30EM00EZ).
 */
export function referenceForms(reference: string): string[] {
  const parts = reference.split(/[\s\-_./]+/).filter(Boolean);
  return [...new Set([reference, parts.join(''), ...parts])];
}

/**
 * Words indexed with a product besides its visible text: the reference forms, the category (id and
 * title) and the accent-free spelling of the name, range, category and description, so « etiquette »
 * finds « Étiquette ».
 */
export const searchTerms = (product: SearchableProduct, categoryTitle: string): string =>
  [
    ...referenceForms(product.reference),
    product.category,
    categoryTitle,
    normalizeForSearch([product.name, product.subcategory, categoryTitle, product.description].join(' ')),
  ].join(' ');

/** The words of a term, normalised; empty when the term is blank. */
export const searchWords = (term: string): string[] => normalizeForSearch(term).split(' ').filter(Boolean);

/** The query handed to the index: the term without accents, in lower case; '' when blank. */
export const searchQuery = (term: string): string => searchWords(term).join(' ');

/** The advice shown when nothing matches. */
export const NO_RESULT_SUGGESTIONS = [
  'Vérifiez l’orthographe des mots saisis.',
  'Essayez des mots-clés plus généraux, par exemple « imprimante » ou « lecteur ».',
  'Essayez un synonyme, ou la référence constructeur du produit, par exemple « ZD421 ».',
] as const;
