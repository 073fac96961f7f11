import { describe, expect, it } from 'vitest';
import { formatDateFr, formatEurosFromCents } from './format';

const plain = (text: string) => text.replace(/\u202f|\u00a0/g, ' ');

describe('French formats', () => {
  it('dates read in French, in Antilles time', () => {
    expect(formatDateFr('2026-11-21T13:41:00.000Z')).toBe('21 novembre 2026 à 09:41');
  });
  it('a missing or broken date gives an empty text', () => {
    expect(formatDateFr('')).toBe('');
    expect(formatDateFr(undefined)).toBe('');
    expect(formatDateFr('pas une date')).toBe('');
  });
  it('amounts in cents read as French euros', () => {
    expect(plain(formatEurosFromCents(123450))).toBe('1 234,50 €');
  });
});
