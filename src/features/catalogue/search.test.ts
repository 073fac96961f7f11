import { describe, expect, it } from 'vitest';
import { referenceForms, searchQuery, searchText } from './search';

const product = {
  name: 'Étiquettes Z-Select 2000D 102 × 152 mm',
  description: 'Étiquettes papier thermique direct premium pour les étiquettes d’expédition.',
  category: 'etiquettes',
  subcategory: 'Z-Select',
  reference: '3006322',
};

describe('search terms given to the index', () => {
  it('spell a reference as written, without separators and by parts', () => {
    expect(referenceForms('ZD4A042-30EM00EZ')).toEqual(['ZD4A042-30EM00EZ', 'ZD4A04230EM00EZ', 'ZD4A042', '30EM00EZ']);
    expect(referenceForms('DS3608')).toEqual(['DS3608']);
  });
  it('are the reference, the category and the accent-free words of the name, range and description, as queries are', () => {
    const text = searchText(product, 'Étiquettes');
    for (const word of ['etiquettes', 'z-select', 'expedition', '3006322']) expect(text).toContain(word);
    expect(text, 'already in the form of a query').toBe(searchQuery(text));
    expect(text).not.toContain('Étiquettes');
  });
});

describe('the visitor’s query', () => {
  it('drops case and accents, and is empty when blank', () => {
    expect(searchQuery('  ÉTIQUETTE  Thermique ')).toBe('etiquette thermique');
    expect(searchQuery('   ')).toBe('');
  });
});
