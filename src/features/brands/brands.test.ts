import { describe, expect, it } from 'vitest';
import { MARK_VARIANTS, clientGroups, clients, gridVariant, markLines, markStyle, partners } from './brands';

describe('clients and partners (rules every entry follows, whatever editors add)', () => {
  it('every client and group has a name, and no name is listed twice', () => {
    const names = [...clients, ...clientGroups].map((item) => item.nom);
    for (const name of names) expect(name.trim()).not.toBe('');
    expect(new Set(names).size).toBe(names.length);
  });

  it('every partner is named once and labelled « Constructeur » or « Éditeur »', () => {
    const names = partners.map((partner) => partner.nom);
    expect(new Set(names).size).toBe(names.length);
    for (const partner of partners) expect(['Constructeur', 'Éditeur']).toContain(partner.categorie);
  });
});

describe('typographic marks', () => {
  it('keep a short name on one line and split a long one in two balanced lines', () => {
    expect(markLines('Honeywell')).toEqual(['Honeywell']);
    expect(markLines('Guyane Commerce Associés')).toEqual(['Guyane Commerce', 'Associés']);
    expect(markLines('Cash & Carry Antilles')).toEqual(['Cash & Carry', 'Antilles']);
  });

  it('draw a name with a look that depends on the name only, not on the order of drawing', () => {
    const names = ['Zebra Technologies', 'Honeywell', 'Guyane Commerce Associés', 'Ingenico'];
    const first = names.map(markStyle);
    const again = [...names].reverse().map(markStyle).reverse();
    expect(again).toEqual(first);
    for (const style of first) {
      expect(style.variant).toBeGreaterThanOrEqual(0);
      expect(style.variant).toBeLessThan(MARK_VARIANTS);
    }
  });

  it('size the text so its longest line fits the 168 units of the mark, never under 11', () => {
    const fixtures = ['HP', 'Honeywell', 'Supermarché des Abymes', 'Distribution Caraïbes Générale'];
    for (const name of [...fixtures, ...[...clients, ...clientGroups, ...partners].map((item) => item.nom)]) {
      const style = markStyle(name);
      const longest = Math.max(...style.lines.map((line) => line.length));
      expect(longest * style.fontSize * 0.68, name).toBeLessThanOrEqual(168);
      expect(style.fontSize, name).toBeGreaterThanOrEqual(11);
    }
  });
});

describe('brand grid looks', () => {
  it('never repeat a look in the column below, six columns wide', () => {
    for (let index = 0; index + 6 < 24; index++) expect(gridVariant(index + 6)).not.toBe(gridVariant(index));
  });
});
