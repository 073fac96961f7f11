import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from './text';

describe('normalizeForSearch', () => {
  it('ignores case and accents (DECISIONS.md §10)', () => {
    expect(normalizeForSearch('Étiquettes')).toBe(normalizeForSearch('etiquettes'));
    expect(normalizeForSearch('  Rubans   RÉSINE ')).toBe('rubans resine');
  });
});
