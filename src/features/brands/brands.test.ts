import { describe, expect, it } from 'vitest';
import { clientGroups, clients, gridVariant, markLines, markStyle, partners } from './brands';

describe('clients and partners', () => {
  it('shows about 24 client marks and 6 groups, with unique names', () => {
    expect(clients).toHaveLength(24);
    expect(clientGroups).toHaveLength(6);
    const names = [...clients, ...clientGroups].map((item) => item.nom);
    expect(new Set(names).size).toBe(names.length);
  });

  it('shows 25 partners, each a « Constructeur » or an « Éditeur »', () => {
    expect(partners).toHaveLength(25);
    expect(new Set(partners.map((partner) => partner.nom)).size).toBe(25);
    for (const partner of partners) expect(['Constructeur', 'Éditeur']).toContain(partner.categorie);
  });
});

describe('typographic marks', () => {
  it('keep a short name on one line and split a long one in two balanced lines', () => {
    expect(markLines('Honeywell')).toEqual(['Honeywell']);
    expect(markLines('Guyane Commerce Associés')).toEqual(['Guyane Commerce', 'Associés']);
    expect(markLines('Cash & Carry Antilles')).toEqual(['Cash & Carry', 'Antilles']);
  });

  it('always draw the same mark for the same name, with text that fits', () => {
    expect(markStyle('Zebra Technologies')).toEqual(markStyle('Zebra Technologies'));
    for (const { nom } of [...clients, ...clientGroups, ...partners]) {
      const style = markStyle(nom);
      const longest = Math.max(...style.lines.map((line) => line.length));
      expect(longest * style.fontSize * 0.68).toBeLessThanOrEqual(168);
      expect(style.fontSize).toBeGreaterThanOrEqual(11);
    }
  });
});

describe('brand grid looks', () => {
  it('never repeat a look in the column below, six columns wide', () => {
    for (let index = 0; index + 6 < 24; index++) expect(gridVariant(index + 6)).not.toBe(gridVariant(index));
  });
});
