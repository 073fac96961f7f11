import { describe, expect, it } from 'vitest';
import { priceLines } from './price-lines';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('TTC and VAT lines of a price excluding tax', () => {
  it('adds the 8,5 % of Martinique and Guadeloupe and names the territory', () => {
    expect(Object.values(priceLines(499_17, 'martinique')).map(nbsp)).toEqual(['541,60 € TTC', 'dont TVA 8,5 % (Martinique) : 42,43 €']);
    expect(nbsp(priceLines(499_17, 'guadeloupe').vat)).toBe('dont TVA 8,5 % (Guadeloupe) : 42,43 €');
  });
  it('in Guyane the TTC price is the price excluding tax, with the legal mention instead of an amount', () => {
    expect(Object.values(priceLines(499_17, 'guyane')).map(nbsp)).toEqual(['499,17 € TTC', 'TVA non applicable, art. 294 du CGI']);
  });
});
