import { describe, expect, it } from 'vitest';
import { competences, stats } from './content';

describe('vision page content (rules every counter and competence follows, whatever editors change)', () => {
  it('counts to a positive whole number, in a duration a visitor can follow (1 to 4 s)', () => {
    for (const stat of stats) {
      expect(Number.isInteger(stat.value) && stat.value > 0, stat.label).toBe(true);
      expect(stat.durationMs, stat.label).toBeGreaterThanOrEqual(1000);
      expect(stat.durationMs, stat.label).toBeLessThanOrEqual(4000);
    }
  });

  it('says to a screen reader the number the counter shows, « Plus de » when it shows « + »', () => {
    for (const stat of stats) {
      expect(stat.spoken.replace(/\s/g, ''), stat.spoken).toContain(String(stat.value));
      expect(['', '+'], stat.label).toContain(stat.prefix);
      expect(stat.spoken.startsWith('Plus de'), stat.spoken).toBe(stat.prefix === '+');
    }
  });

  it('names every competence once, with a level from 1 to 100 %', () => {
    for (const competence of competences) {
      expect(competence.nom.trim()).not.toBe('');
      expect(Number.isInteger(competence.niveau) && competence.niveau >= 1 && competence.niveau <= 100, competence.nom).toBe(true);
    }
    expect(new Set(competences.map((competence) => competence.nom)).size).toBe(competences.length);
  });
});
