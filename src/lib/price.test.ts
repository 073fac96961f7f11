import { describe, expect, it } from 'vitest';
import { formatCents, formatEuros, toCents } from './price';

/** Intl writes a no-break or narrow no-break space; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('prices', () => {
  it('converts euros to integer cents without float error', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.56)).toBe(123456);
  });

  it('formats prices the French way: « 1 234,56 € »', () => {
    expect(plain(formatCents(123456))).toBe('1 234,56 €');
    expect(plain(formatEuros(60))).toBe('60,00 €');
    expect(plain(formatEuros(0.5))).toBe('0,50 €');
  });
});
