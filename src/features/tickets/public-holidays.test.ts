/**
 * The clock reads the public holidays from a table written by `npm run holidays`: the table must be what
 * date-holidays computes, for every territory and every year it covers.
 */
import { describe, expect, it } from 'vitest';
import { publicHolidays } from './clock.ts';
import { computeHolidayTable, HOLIDAY_YEARS } from './holiday-table.ts';
import table from './public-holidays.json' with { type: 'json' };

describe('the public holidays table', () => {
  it('is what date-holidays computes today (else: npm run holidays)', () => {
    expect(table).toEqual(computeHolidayTable());
  });

  it('covers the years it says, in each territory', () => {
    expect(table.years).toEqual(HOLIDAY_YEARS);
    expect(publicHolidays('martinique', 2026).get('2026-05-22')).toBe('Abolition de l’esclavage');
    expect(publicHolidays('guyane', 2026).get('2026-06-10')).toBe('Abolition de l’esclavage');
    expect(publicHolidays('guadeloupe', 2026).has('2026-05-22')).toBe(false);
  });

  it('refuses a year outside the table rather than count it without holidays', () => {
    expect(() => publicHolidays('martinique', HOLIDAY_YEARS.last + 1)).toThrow(RangeError);
  });
});
