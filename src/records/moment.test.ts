import { describe, expect, test } from 'vitest';
import { TERRITORIES } from '../lib/territories';
import { calendarDay, localDateTime, localDay, moment, momentFor } from './moment';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** One instant: late evening in the Antilles, already past midnight in Guyane. */
const AT = '2026-11-27T03:34:00.000Z';

describe('a moment of a territory’s record', () => {
  test('is written in the territory’s local time: Guyane an hour ahead of the Antilles, its zone named', () => {
    expect(moment(AT, 'martinique')).toBe('26/11/2026 à 23:34');
    expect(moment(AT, 'guadeloupe')).toBe('26/11/2026 à 23:34');
    expect(moment(AT, 'guyane')).toBe('27/11/2026 à 00:34 (heure de Cayenne)');
  });

  test('names every territory’s zone when asked (a deadline promised by e-mail)', () => {
    expect(moment(AT, 'martinique', { zone: 'always' })).toBe('26/11/2026 à 23:34 (heure de la Martinique)');
    expect(moment(AT, 'guadeloupe', { zone: 'always' })).toBe('26/11/2026 à 23:34 (heure de la Guadeloupe)');
    expect(moment(AT, 'guyane', { zone: 'always' })).toBe('27/11/2026 à 00:34 (heure de Cayenne)');
  });

  test('names the zone for a reader whose clock differs, and only then', () => {
    expect(moment(AT, 'martinique', { reader: 'guyane' })).toBe('26/11/2026 à 23:34 (heure de la Martinique)');
    expect(moment(AT, 'martinique', { reader: 'guadeloupe' })).toBe('26/11/2026 à 23:34');
    expect(moment(AT, 'guyane', { reader: 'guyane' })).toBe('27/11/2026 à 00:34 (heure de Cayenne)');
  });

  test('reads in French in each form, in the territory’s time', () => {
    expect(moment('2026-11-21T13:41:00.000Z', 'martinique', { as: 'long' })).toBe('21 novembre 2026 à 09:41');
    expect(moment('2026-11-21T13:41:00.000Z', 'guyane', { as: 'long' })).toBe('21 novembre 2026 à 10:41 (heure de Cayenne)');
    expect(moment('2026-11-21T18:02:00.000Z', 'martinique')).toBe('21/11/2026 à 14:02');
    expect(moment('2026-01-05T03:07:00.000Z', 'martinique')).toBe('04/01/2026 à 23:07');
    expect(moment('2026-01-05T03:07:00.000Z', 'martinique', { as: 'date' })).toBe('04/01/2026');
    expect(moment('2026-01-05T03:07:00.000Z', 'guyane', { as: 'date' })).toBe('05/01/2026');
    expect(moment('2026-01-05T03:07:00.000Z', 'guyane', { as: 'long-date', zone: 'always' })).toBe('5 janvier 2026');
    expect(moment('2026-03-01T03:07:00.000Z', 'martinique', { as: 'long-date' })).toBe('28 février 2026');
    expect(moment('2026-12-01T16:47:00.000Z', 'guyane', { as: 'long' })).toBe('1er décembre 2026 à 13:47 (heure de Cayenne)');
    expect(moment('2026-03-01T03:07:00.000Z', 'guyane', { as: 'time' })).toBe('00:07 (heure de Cayenne)');
  });

  test('is the runtime’s own French text, whatever zone the process runs in', () => {
    for (const { id, timeZone } of TERRITORIES) {
      for (const at of ['2026-11-27T03:34:00.000Z', '2027-06-30T23:59:00.000Z', '2026-02-28T12:05:00.000Z', '2026-12-01T16:47:00.000Z']) {
        const expected = new Intl.DateTimeFormat('fr-FR', { timeZone, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(at));
        expect(moment(at, id, { as: 'long' }).replace(/ \(heure de Cayenne\)$/, ''), `${id} ${at}`).toBe(expected.replace(/^1 /, '1er '));
      }
    }
  });

  test('is empty for a missing or bad date', () => {
    expect(moment(null, 'guyane')).toBe('');
    expect(moment('', 'martinique', { as: 'long' })).toBe('');
    expect(moment(undefined, 'martinique')).toBe('');
    expect(moment('pas une date', 'martinique')).toBe('');
  });
});

describe('a moment for a person of some territories', () => {
  test('is in their time when their territories share one clock, else the head office’s, named', () => {
    expect(momentFor(AT, ['guyane'])).toBe('27/11/2026 à 00:34 (heure de Cayenne)');
    expect(momentFor(AT, ['martinique', 'guadeloupe'])).toBe('26/11/2026 à 23:34');
    expect(momentFor(AT, ['guadeloupe'], { as: 'long' })).toBe('26 novembre 2026 à 23:34');
    expect(momentFor(AT, ['martinique', 'guyane'])).toBe('26/11/2026 à 23:34 (heure de la Martinique)');
    expect(momentFor(AT, [])).toBe('26/11/2026 à 23:34 (heure de la Martinique)');
    expect(momentFor(null, ['guyane'])).toBe('');
  });
});

describe('the local day and time of an instant', () => {
  test('is the territory’s calendar day, the head office’s by default', () => {
    expect(localDay(new Date(AT))).toBe('2026-11-26');
    expect(localDay(new Date(AT), 'guyane')).toBe('2026-11-27');
    expect(localDateTime(new Date('2026-05-21T20:30:05.123Z'))).toBe('2026-05-21T16:30:05.123');
  });
});

describe('a calendar day', () => {
  test('writes the day, the month in words and the year: « 11 avril 2019 »', () => {
    expect(calendarDay(day('2019-04-11'))).toBe('11 avril 2019');
    expect(calendarDay(day('2019-02-25'))).toBe('25 février 2019');
    expect(calendarDay('2019-02-25')).toBe('25 février 2019');
  });

  test('writes the first day of a month « 1er »', () => {
    expect(calendarDay(day('2019-03-01'))).toBe('1er mars 2019');
  });

  test('keeps the calendar day of a front matter date whatever the time zone', () => {
    expect(calendarDay(day('2019-12-31'))).toBe('31 décembre 2019');
  });

  test('writes a capitalised month and year: « Février 2019 »', () => {
    expect(calendarDay(day('2019-02-25'), 'month')).toBe('Février 2019');
    expect(calendarDay(day('2019-04-01'), 'month')).toBe('Avril 2019');
  });

  test('writes a day of a month, its month whole or short as French abbreviates it', () => {
    expect(calendarDay('2026-03-01', 'day-month')).toBe('1 mars');
    for (let month = 1; month <= 12; month += 1) {
      const iso = `2026-${String(month).padStart(2, '0')}-02`;
      expect(calendarDay(iso, 'short-month')).toBe(new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(day(iso)));
    }
  });
});
