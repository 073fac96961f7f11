import { describe, expect, it } from 'vitest';
import { latestAnswer } from './latest-answer';

describe('a list loaded by filter', () => {
  it('keeps only the latest load’s answer, and a follow-up only while its load is the latest', () => {
    const latest = latestAnswer();
    const first = latest.start();
    const more = latest.current();
    expect(first()).toBe(true);
    expect(more()).toBe(true);
    const second = latest.start();
    expect(first()).toBe(false);
    expect(more()).toBe(false);
    expect(second()).toBe(true);
  });
});
