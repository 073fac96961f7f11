/**
 * Store search (ignoring case and accents): a product is found by its name, description, category, range or
 * manufacturer reference, ignoring case and accents. Pagefind indexes one record per product; this
 * module gives the text of that record (searchText) and the normalisation of a visitor's term
 * (searchQuery), in the same form, so the two meet whatever accents either side has.
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
 * The text Pagefind indexes for a product, in the form every query takes (searchQuery: no accents, lower
 * case): the name, range, category title and description without accents, the category id and the
 * reference forms, so « etiquette » finds « Étiquette » and « 30em00ez » finds ZD4A042-30EM00EZ. The
 * accented spellings are left out: no query has them, and they doubled the index and each result's
 * download.
 */
export const searchText = (product: SearchableProduct, categoryTitle: string): string =>
  [
    ...referenceForms(product.reference),
    product.category,
    normalizeForSearch([product.name, product.subcategory, categoryTitle, product.description].join(' ')),
  ].join(' ');

/** The words of a term, normalised; empty when the term is blank. */
export const searchWords = (term: string): string[] => normalizeForSearch(term).split(' ').filter(Boolean);

/** The query handed to the index: the term without accents, in lower case; '' when blank. */
export const searchQuery = (term: string): string => searchWords(term).join(' ');

/** The advice shown when nothing matches. */
export const NO_RESULT_SUGGESTIONS = [
  'Vérifiez l’orthographe des mots saisis.',
  'Essayez des mots-clés plus généraux, par exemple «\u00a0imprimante\u00a0» ou «\u00a0lecteur\u00a0».',
  'Essayez un synonyme, ou la référence constructeur du produit, par exemple «\u00a0ZD421\u00a0».',
] as const;
