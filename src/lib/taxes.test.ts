import { describe, expect, it } from 'vitest';
import { taxed, vatByTerritoryPhrase, vatCents, vatLabel } from './taxes';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('VAT by delivery territory', () => {
  it('applies 8,5 % in Martinique and Guadeloupe: 8,5 % of 499,17 € HT is 42,43 €', () => {
    expect(vatCents(499_17, 'martinique')).toBe(42_43);
    expect(vatCents(499_17, 'guadeloupe')).toBe(42_43);
    expect(taxed(499_17, 'martinique')).toMatchObject({ htCents: 499_17, vatCents: 42_43, ttcCents: 541_60, vatApplies: true });
  });

  it('rounds half up to the cent with integer arithmetic', () => {
    // 0,10 € × 8,5 % = 0,0085 € → 0,01 €; 0,05 € × 8,5 % = 0,00425 € → 0,00 €.
    expect(vatCents(10, 'martinique')).toBe(1);
    expect(vatCents(5, 'martinique')).toBe(0);
    // 1,00 € × 8,5 % = 0,085 € exactly: half up gives 0,09 €.
    expect(vatCents(1_00, 'martinique')).toBe(9);
    expect(vatCents(0, 'martinique')).toBe(0);
  });

  it('charges no VAT in Guyane and names the legal mention instead', () => {
    expect(vatCents(499_17, 'guyane')).toBe(0);
    expect(taxed(499_17, 'guyane')).toMatchObject({ vatCents: 0, ttcCents: 499_17, vatApplies: false });
    expect(vatLabel('guyane')).toBe('TVA non applicable, art. 294 du CGI');
  });

  it('names the rate and the territory on the VAT line', () => {
    expect(plain(vatLabel('martinique'))).toBe('TVA 8,5 % (Martinique)');
    expect(plain(vatLabel('guadeloupe'))).toBe('TVA 8,5 % (Guadeloupe)');
  });

});

describe('the legal notice’s VAT phrase', () => {
  it('groups the territories sharing a rate and gives the legal mention where VAT does not apply', () => {
    expect(plain(vatByTerritoryPhrase())).toBe('8,5 % en Martinique et en Guadeloupe, TVA non applicable en Guyane (art. 294 du CGI)');
  });
});
