import { describe, expect, it } from 'vitest';
import { matchesSearch, searchProducts, searchText } from './search';
import { internalCode } from './code';

const product = {
  name: 'Étiquettes Z-Select 2000D 102 × 152 mm',
  description: 'Étiquettes papier thermique direct premium pour les étiquettes d’expédition.',
  category: 'etiquettes',
  subcategory: 'Z-Select',
  reference: '3006322',
};
const text = searchText(product, 'Étiquettes');

describe('search matching', () => {
  it('ignores case and accents: « etiquette » finds « Étiquette »', () => {
    expect(matchesSearch(text, 'etiquette')).toBe(true);
    expect(matchesSearch(text, 'ÉTIQUETTE')).toBe(true);
  });
  it('matches the name, the description, the category, the subcategory and the reference', () => {
    for (const term of ['2000D', 'expedition', 'etiquettes', 'z-select', '3006322']) expect(matchesSearch(text, term)).toBe(true);
  });
  it('needs every word of the term', () => {
    expect(matchesSearch(text, 'papier premium')).toBe(true);
    expect(matchesSearch(text, 'papier tablette')).toBe(false);
  });
  it('matches nothing for a blank term', () => {
    expect(matchesSearch(text, '   ')).toBe(false);
    expect(searchProducts([text], '', (t) => t)).toEqual([]);
  });
});

describe('internal code (DECISIONS.md §8)', () => {
  it('is AR and the 1-based position on 5 digits', () => {
    expect(internalCode(1)).toBe('AR00001');
    expect(internalCode(101)).toBe('AR00101');
    expect(internalCode(12345)).toBe('AR12345');
  });
});
