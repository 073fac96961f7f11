import { describe, expect, test } from 'vitest';
import { normalizeForSearch, truncateAtWord } from './text';

describe('normalizeForSearch', () => {
  test('ignores case', () => {
    expect(normalizeForSearch('SALON Professionnel')).toBe('salon professionnel');
  });

  test('ignores accents: « etiquette » matches « Étiquette »', () => {
    expect(normalizeForSearch('Étiquette')).toBe(normalizeForSearch('etiquette'));
    expect(normalizeForSearch('Événements à Pointe-à-Pitre')).toBe('evenements a pointe-a-pitre');
  });

  test('removes the diaeresis, the cedilla, the circumflex and the grave accent', () => {
    expect(normalizeForSearch('Caraïbes, garçon, hôtel, où')).toBe('caraibes, garcon, hotel, ou');
  });

  test('spells out the œ and æ ligatures', () => {
    expect(normalizeForSearch('Main-d’Œuvre')).toBe("main-d'oeuvre");
  });

  test('treats the typographic apostrophe as a straight one', () => {
    expect(normalizeForSearch('l’équipe')).toBe(normalizeForSearch("l'equipe"));
  });

  test('collapses and trims white space', () => {
    expect(normalizeForSearch('  technicien \n  polyvalent ')).toBe('technicien polyvalent');
  });

  test('leaves an empty string empty', () => {
    expect(normalizeForSearch('   ')).toBe('');
  });
});

describe('truncateAtWord', () => {
  test('keeps a text that fits', () => {
    expect(truncateAtWord('Un salon à Schœlcher.', 160)).toBe('Un salon à Schœlcher.');
  });

  test('cuts a long text at a word boundary, within the limit, and ends it with an ellipsis', () => {
    const text = 'Nos équipes vous accueillent sur leur stand pour vous présenter nos solutions, en démonstration.';
    const short = truncateAtWord(text, 60);
    expect(short.length).toBeLessThanOrEqual(60);
    expect(short).toBe('Nos équipes vous accueillent sur leur stand pour vous…');
  });

  test('drops the punctuation left before the ellipsis', () => {
    expect(truncateAtWord('Encaissement, monétique, mobilité et logistique', 26)).toBe('Encaissement, monétique…');
  });
});
