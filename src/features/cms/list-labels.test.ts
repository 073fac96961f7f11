import { describe, expect, test } from 'vitest';
import { frenchProductLine } from './list-labels';

const titles = new Map([['accessoires', 'Accessoires'], ['imprimantes-etiquettes', 'Imprimantes d’étiquettes']]);

describe('a product line of the CMS list', () => {
  test('shows the category’s title and a French price', () => {
    expect(frenchProductLine('AR00100 — Batterie de rechange TC22 — accessoires — 49.17 € HT', titles)).toBe('AR00100 — Batterie de rechange TC22 — Accessoires — 49,17\u00a0€ HT');
    expect(frenchProductLine('AR00007 — ZD421 — imprimantes-etiquettes — 499.17 € HT', titles)).toBe('AR00007 — ZD421 — Imprimantes d’étiquettes — 499,17\u00a0€ HT');
    expect(frenchProductLine('AR00008 — Ruban — accessoires — 1234.5 € HT', titles)).toMatch(/^AR00008 — Ruban — Accessoires — 1\s234,50\s€ HT$/);
  });

  test('a name holding « — » keeps it; a line already French or of another kind is left as it is', () => {
    expect(frenchProductLine('AR00101 — Socle — 5 postes — accessoires — 89 € HT', titles)).toBe('AR00101 — Socle — 5 postes — Accessoires — 89,00\u00a0€ HT');
    const french = 'AR00100 — Batterie — Accessoires — 49,17\u00a0€ HT';
    expect(frenchProductLine(french, titles)).toBe(french);
    expect(frenchProductLine('Vision Caraïbes recrute — 11/04/2019', titles)).toBe('Vision Caraïbes recrute — 11/04/2019');
  });
});
