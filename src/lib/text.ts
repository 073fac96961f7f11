/**
 * Text helpers shared by every search of the site.
 */

/** Lower case without accents or extra spaces, so « Étiquette » and « etiquette » compare equal (DECISIONS.md §10). */
export const normalizeForSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
