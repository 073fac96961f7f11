import { describe, expect, it } from 'vitest';
import { barDuration, counterValueAt, formatCount, revealDelay, REVEAL_GROUP_THRESHOLD, REVEAL_THRESHOLD } from './motion';

describe('scroll reveal', () => {
  it('reveals an element at 5 % visibility and a wrapper at 10 %', () => {
    expect(REVEAL_THRESHOLD).toBe(0.05);
    expect(REVEAL_GROUP_THRESHOLD).toBe(0.1);
  });

  it('staggers items with delays 1 to 6, then starts again', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(revealDelay)).toEqual([1, 2, 3, 4, 5, 6, 1, 2]);
  });
});

describe('counters', () => {
  it('start at 0 and land exactly on the target at the end of their duration', () => {
    expect(counterValueAt(120, 0, 2000)).toBe(0);
    expect(counterValueAt(120, 2000, 2000)).toBe(120);
    expect(counterValueAt(120, 5000, 2000)).toBe(120);
  });

  it('only go up, in whole numbers, never past the target', () => {
    let previous = 0;
    for (let t = 0; t <= 2800; t += 50) {
      const value = counterValueAt(1000, t, 2800);
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(1000);
      previous = value;
    }
  });

  it('show the final value at once when there is no duration (reduced motion)', () => {
    expect(counterValueAt(700, 0, 0)).toBe(700);
  });

  it('write thousands the French way', () => {
    expect(formatCount(1000).replace(/\s/g, ' ')).toBe('1 000');
    expect(formatCount(20)).toBe('20');
  });
});

describe('competence bars', () => {
  it('fill over 2 000 ms plus 300 ms per item', () => {
    expect([0, 1, 2, 3, 4, 5].map(barDuration)).toEqual([2000, 2300, 2600, 2900, 3200, 3500]);
  });
});
