/**
 * Store search (SPEC.md §5, §8; DECISIONS.md §10): a product matches when every word of the term is found
 * in its name, description, category, subcategory or reference, ignoring case and accents.
 */
import { normalizeForSearch } from '../../lib/text';

export interface SearchableProduct {
  name: string;
  description: string;
  category: string;
  subcategory: string;
  reference: string;
}

/** The normalised text a product is searched in (built once, shipped in the search index). */
export const searchText = (product: SearchableProduct, categoryTitle = ''): string =>
  normalizeForSearch([product.name, product.reference, product.subcategory, product.category, categoryTitle, product.description].join(' '));

/** The words of a term, normalised; empty when the term is blank. */
export const searchWords = (term: string): string[] => normalizeForSearch(term).split(' ').filter(Boolean);

/** Whether a normalised product text contains every word of the term. A blank term matches nothing. */
export function matchesSearch(text: string, term: string): boolean {
  const words = searchWords(term);
  return words.length > 0 && words.every((word) => text.includes(word));
}

/** The products whose text matches the term, in catalogue order. */
export const searchProducts = <T>(items: readonly T[], term: string, textOf: (item: T) => string): T[] =>
  searchWords(term).length === 0 ? [] : items.filter((item) => matchesSearch(textOf(item), term));

/** The advice shown when nothing matches (SPEC.md §8). */
export const NO_RESULT_SUGGESTIONS = [
  'Vérifiez l’orthographe des mots saisis.',
  'Essayez des mots-clés plus généraux, par exemple « imprimante » ou « lecteur ».',
  'Essayez un synonyme, ou la référence constructeur du produit, par exemple « ZD421 ».',
] as const;
