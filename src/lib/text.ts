/**
 * Text helpers shared by the news list and the store search.
 */

/**
 * A string reduced to what a search compares: lower case, no accents, ligatures spelt out, one
 * kind of apostrophe, single spaces; so « Étiquette » and « etiquette » match (DECISIONS.md §10).
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLocaleLowerCase('fr')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
