import { describe, expect, test } from 'vitest';
import { formatDateFr, formatDateTimeFr, formatShortDateTimeFr, formatMonthFr, isoDay, isoMonth } from './format';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('formatDateFr', () => {
  test('writes the day, the month in words and the year: « 11 avril 2019 »', () => {
    expect(formatDateFr(day('2019-04-11'))).toBe('11 avril 2019');
    expect(formatDateFr(day('2019-02-25'))).toBe('25 février 2019');
  });

  test('writes the first day of a month « 1er »', () => {
    expect(formatDateFr(day('2019-03-01'))).toBe('1er mars 2019');
  });

  test('keeps the calendar day of a front matter date whatever the time zone', () => {
    expect(formatDateFr(day('2019-12-31'))).toBe('31 décembre 2019');
  });
});

describe('formatMonthFr', () => {
  test('writes a capitalised month and year: « Février 2019 »', () => {
    expect(formatMonthFr(day('2019-02-25'))).toBe('Février 2019');
    expect(formatMonthFr(day('2019-04-01'))).toBe('Avril 2019');
  });
});

describe('iso keys', () => {
  test('give the day and the month of a date', () => {
    expect(isoDay(day('2019-04-11'))).toBe('2019-04-11');
    expect(isoMonth(day('2019-04-11'))).toBe('2019-04');
  });
});

describe('formatDateTimeFr', () => {
  test('reads in French, in Antilles time', () => {
    expect(formatDateTimeFr('2026-11-21T13:41:00.000Z')).toBe('21 novembre 2026 à 09:41');
  });
  test('a missing or broken date gives an empty text', () => {
    expect(formatDateTimeFr('')).toBe('');
    expect(formatDateTimeFr(undefined)).toBe('');
    expect(formatDateTimeFr('pas une date')).toBe('');
  });
});

describe('formatShortDateTimeFr', () => {
  test('writes day/month/year « à » hours:minutes, in Antilles time', () => {
    expect(formatShortDateTimeFr('2026-11-21T18:02:00.000Z')).toBe('21/11/2026 à 14:02');
    expect(formatShortDateTimeFr('2026-01-05T03:07:00.000Z')).toBe('04/01/2026 à 23:07');
  });
  test('a missing or broken date gives an empty text', () => {
    expect(formatShortDateTimeFr(null)).toBe('');
    expect(formatShortDateTimeFr('pas une date')).toBe('');
  });
});
