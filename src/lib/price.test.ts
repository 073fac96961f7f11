import { describe, expect, it } from 'vitest';
import { formatCents, formatEuros, isConsistentTtc, toCents, ttcFromHtCents, vatFromHtCents } from './price';

/** Intl writes a no-break or narrow no-break space; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('prices and VAT', () => {
  it('converts euros to integer cents without float error', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.56)).toBe(123456);
  });

  it('adds 20 % VAT rounded to the cent', () => {
    expect(ttcFromHtCents(50_00)).toBe(60_00);
    expect(ttcFromHtCents(66_58)).toBe(79_90);
    expect(vatFromHtCents(50_00)).toBe(10_00);
    expect(vatFromHtCents(499_17)).toBe(99_83);
  });

  it('checks that a catalogue price including tax is round(priceHT × 1.2, 2)', () => {
    expect(isConsistentTtc(50, 60)).toBe(true);
    expect(isConsistentTtc(166.58, 199.9)).toBe(true);
    expect(isConsistentTtc(50, 60.01)).toBe(false);
  });

  it('formats prices the French way: « 1 234,56 € »', () => {
    expect(plain(formatCents(123456))).toBe('1 234,56 €');
    expect(plain(formatEuros(60))).toBe('60,00 €');
    expect(plain(formatEuros(0.5))).toBe('0,50 €');
  });
});
