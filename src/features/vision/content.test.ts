import { describe, expect, it } from 'vitest';
import { competences, stats } from './content';

describe('vision page content', () => {
  it('counts with the values and durations the company states', () => {
    expect(stats.map((stat) => [stat.value, stat.durationMs])).toEqual([
      [20, 1800],
      [120, 2000],
      [1000, 2500],
      [700, 2200],
      [1000, 2800],
    ]);
  });

  it('shows six competences, all at 100 %', () => {
    expect(competences).toHaveLength(6);
    expect(competences.every((competence) => competence.niveau === 100)).toBe(true);
  });
});
