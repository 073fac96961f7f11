import { describe, expect, it } from 'vitest';
import { formatTerritoryMoment } from './time-zones';

describe('a moment of a territory’s record', () => {
  it('is written in the territory’s local time: Guyane an hour ahead of the Antilles, its zone named', () => {
    const at = '2026-11-27T03:34:00.000Z';
    expect(formatTerritoryMoment(at, 'martinique')).toBe('26/11/2026 à 23:34');
    expect(formatTerritoryMoment(at, 'guadeloupe')).toBe('26/11/2026 à 23:34');
    expect(formatTerritoryMoment(at, 'guyane')).toBe('27/11/2026 à 00:34 (heure de Cayenne)');
  });

  it('names every territory’s zone when asked (a deadline promised by e-mail)', () => {
    const at = '2026-11-27T03:34:00.000Z';
    expect(formatTerritoryMoment(at, 'martinique', { zone: 'always' })).toBe('26/11/2026 à 23:34 (heure de la Martinique)');
    expect(formatTerritoryMoment(at, 'guadeloupe', { zone: 'always' })).toBe('26/11/2026 à 23:34 (heure de la Guadeloupe)');
    expect(formatTerritoryMoment(at, 'guyane', { zone: 'always' })).toBe('27/11/2026 à 00:34 (heure de Cayenne)');
  });

  it('is empty for a missing or bad date', () => {
    expect(formatTerritoryMoment(null, 'guyane')).toBe('');
    expect(formatTerritoryMoment('pas une date', 'martinique')).toBe('');
  });
});
