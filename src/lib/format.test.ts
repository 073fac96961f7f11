import { describe, expect, test } from 'vitest';
import { isoDay, isoMonth } from './format';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('iso keys', () => {
  test('give the day and the month of a date', () => {
    expect(isoDay(day('2019-04-11'))).toBe('2019-04-11');
    expect(isoMonth(day('2019-04-11'))).toBe('2019-04');
  });
});
