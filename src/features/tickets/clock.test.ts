import { describe, expect, it } from 'vitest';
import type { TerritoryId } from '../../lib/territories.ts';
import {
  addBusinessMinutes,
  businessMinutesBetween,
  dueTimes,
  formatLocalIso,
  isBusinessTime,
  parseLocalDateTime,
  publicHolidays,
  timeLeft,
  weekdayHolidaysBetween,
  type TicketClockInput,
} from './clock.ts';
import type { PausedInterval, TicketImpact } from './states.ts';

/** A wall time of the territory (« 2026-03-06T16:30 ») as an instant. */
const local = (territory: TerritoryId, text: string): Date => {
  const instant = parseLocalDateTime(text, territory);
  if (!instant) throw new Error(`bad fixture ${text}`);
  return instant;
};

const ticket = (territory: TerritoryId, impact: TicketImpact, opened: string, paused: readonly PausedInterval[] = []): TicketClockInput => ({
  territory,
  impact,
  openedAt: local(territory, opened),
  paused,
});

/** The due times in the territory's ISO 8601 with its offset. */
const dues = (input: TicketClockInput) => {
  const { priseEnCharge, resolution } = dueTimes(input);
  return {
    priseEnCharge: priseEnCharge && formatLocalIso(priseEnCharge, input.territory),
    resolution: resolution && formatLocalIso(resolution, input.territory),
  };
};

describe('business time', () => {
  it('an evening ticket opens on the next business morning at 8 h', () => {
    // Tuesday 19:45: the clock starts Wednesday 8:00.
    expect(dues(ticket('martinique', 'bloquant', '2026-03-03T19:45'))).toEqual({
      priseEnCharge: '2026-03-04T10:00:00-04:00',
      resolution: '2026-03-04T16:00:00-04:00',
    });
    // Dégradé: 8 h on Wednesday; 24 h = 9 h Wednesday + 9 h Thursday + 6 h Friday.
    expect(dues(ticket('martinique', 'degrade', '2026-03-03T19:45'))).toEqual({
      priseEnCharge: '2026-03-04T16:00:00-04:00',
      resolution: '2026-03-06T14:00:00-04:00',
    });
  });

  it('a ticket of the early morning also starts at 8 h', () => {
    expect(dues(ticket('guadeloupe', 'bloquant', '2026-03-04T06:10')).priseEnCharge).toBe('2026-03-04T10:00:00-04:00');
  });

  it('a Friday 16:30 Bloquant: 30 min on Friday, 1 h 30 on Monday', () => {
    expect(dues(ticket('martinique', 'bloquant', '2026-03-06T16:30'))).toEqual({
      priseEnCharge: '2026-03-09T09:30:00-04:00',
      resolution: '2026-03-09T15:30:00-04:00',
    });
  });

  it('a target met exactly at 17 h falls due at 17 h, not the next morning', () => {
    expect(formatLocalIso(addBusinessMinutes(local('martinique', '2026-03-04T09:00'), 8 * 60, 'martinique'), 'martinique')).toBe(
      '2026-03-04T17:00:00-04:00',
    );
  });

  it('a business week holds 45 hours', () => {
    expect(businessMinutesBetween(local('guyane', '2026-03-02T00:00'), local('guyane', '2026-03-09T00:00'), 'guyane')).toBe(45 * 60);
  });

  it('no business time passes between an instant and an earlier one', () => {
    expect(businessMinutesBetween(local('guyane', '2026-03-03T12:00'), local('guyane', '2026-03-02T12:00'), 'guyane')).toBe(0);
  });

  it('refuses a negative or endless number of minutes and an invalid instant, rather than walk forever', () => {
    expect(() => addBusinessMinutes(new Date(), -1, 'martinique')).toThrow(RangeError);
    expect(() => addBusinessMinutes(new Date(), Infinity, 'martinique')).toThrow(RangeError);
    expect(() => addBusinessMinutes(new Date('demain'), 10, 'martinique')).toThrow(RangeError);
    const broken = { ...ticket('guyane', 'bloquant', '2026-03-02T10:00'), paused: [{ start: new Date('hier'), end: null }] };
    expect(() => dueTimes(broken)).toThrow(RangeError);
  });
});

describe('public holidays of each territory', () => {
  it('22 May in Martinique vs the same day in Guadeloupe', () => {
    // Thursday 21 May 2026, 16:30. Martinique: Friday 22 May (abolition), the weekend and Whit Monday are
    // closed, the clock resumes on Tuesday. Guadeloupe works on 22 May.
    expect(dues(ticket('martinique', 'bloquant', '2026-05-21T16:30'))).toEqual({
      priseEnCharge: '2026-05-26T09:30:00-04:00',
      resolution: '2026-05-26T15:30:00-04:00',
    });
    expect(dues(ticket('guadeloupe', 'bloquant', '2026-05-21T16:30'))).toEqual({
      priseEnCharge: '2026-05-22T09:30:00-04:00',
      resolution: '2026-05-22T15:30:00-04:00',
    });
    expect(isBusinessTime(local('martinique', '2026-05-22T10:00'), 'martinique')).toBe(false);
    expect(isBusinessTime(local('guadeloupe', '2026-05-22T10:00'), 'guadeloupe')).toBe(true);
  });

  it('27 May closes Guadeloupe and 10 June closes Guyane, each alone', () => {
    expect(isBusinessTime(local('guadeloupe', '2026-05-27T10:00'), 'guadeloupe')).toBe(false);
    expect(isBusinessTime(local('martinique', '2026-05-27T10:00'), 'martinique')).toBe(true);
    expect(isBusinessTime(local('guyane', '2026-06-10T10:00'), 'guyane')).toBe(false);
    expect(isBusinessTime(local('martinique', '2026-06-10T10:00'), 'martinique')).toBe(true);
  });

  it('a holiday falling on a Monday: Good Friday and Easter Monday in the Antilles, Easter Monday alone in Guyane', () => {
    // Guyane works on Good Friday (3 April 2026): 30 min that Friday, Easter Monday closed, 1 h 30 on Tuesday.
    expect(dues(ticket('guyane', 'bloquant', '2026-04-03T16:30')).priseEnCharge).toBe('2026-04-07T09:30:00-03:00');
    // Martinique: a Thursday 16:30 ticket skips Good Friday, the weekend and Easter Monday.
    expect(dues(ticket('martinique', 'bloquant', '2026-04-02T16:30')).priseEnCharge).toBe('2026-04-07T09:30:00-04:00');
    expect(isBusinessTime(local('martinique', '2026-04-03T10:00'), 'martinique')).toBe(false);
    expect(isBusinessTime(local('guyane', '2026-04-03T10:00'), 'guyane')).toBe(true);
  });

  it('lists the holidays a ticket skips: those on weekdays, by name', () => {
    // 1 November 2026 (Toussaint) is a Sunday: nothing to skip; 11 November is a Wednesday.
    const skipped = weekdayHolidaysBetween(local('martinique', '2026-10-30T12:00'), local('martinique', '2026-11-12T12:00'), 'martinique');
    expect(skipped.map(({ date }) => date)).toEqual(['2026-11-11']);
    expect(skipped[0]?.name).toMatch(/Armistice/);
  });

  it('the holiday lookups are read once per territory and year', () => {
    const first = publicHolidays('guyane', 2031);
    for (let day = 1; day <= 28; day += 1) dueTimes(ticket('guyane', 'question', `2031-02-${String(day).padStart(2, '0')}T11:00`));
    expect(publicHolidays('guyane', 2031)).toBe(first);
  });
});

describe('the territory’s own time', () => {
  it('the Guyane offset: the same wall time is an hour earlier in Guyane than in the Antilles', () => {
    expect(local('guyane', '2026-03-10T10:00').toISOString()).toBe('2026-03-10T13:00:00.000Z');
    expect(local('martinique', '2026-03-10T10:00').toISOString()).toBe('2026-03-10T14:00:00.000Z');
    expect(formatLocalIso(new Date('2026-03-10T13:00:00Z'), 'guyane')).toBe('2026-03-10T10:00:00-03:00');
  });

  it('the Guyane offset: one instant is 16:30 in Martinique, after closing in Guyane', () => {
    const instant = new Date('2026-03-10T20:30:00Z');
    expect(isBusinessTime(instant, 'martinique')).toBe(true);
    expect(isBusinessTime(instant, 'guyane')).toBe(false);
    const martinique = dueTimes({ openedAt: instant, territory: 'martinique', impact: 'bloquant', paused: [] });
    const guyane = dueTimes({ openedAt: instant, territory: 'guyane', impact: 'bloquant', paused: [] });
    expect(martinique.priseEnCharge?.toISOString()).toBe('2026-03-11T13:30:00.000Z'); // 9:30 in Martinique
    expect(guyane.priseEnCharge?.toISOString()).toBe('2026-03-11T13:00:00.000Z'); // 10:00 in Guyane
  });

  it('reads only real local wall times', () => {
    for (const text of ['2026-02-30T10:00', '2026-05-21', '2026-05-21T24:00', '21/05/2026 16:30', '2026-05-21T16:30Z']) {
      expect(parseLocalDateTime(text, 'martinique'), text).toBeNull();
    }
    expect(parseLocalDateTime('2026-05-21 16:30:15', 'martinique')?.toISOString()).toBe('2026-05-21T20:30:15.000Z');
  });
});

describe('the clock stops while the ticket waits for its customer', () => {
  // Dégradé opened Thursday 10:00; paused from Friday 15:00 to Monday 10:00.
  const pause = { start: local('martinique', '2026-03-06T15:00'), end: local('martinique', '2026-03-09T10:00') };

  it('a ticket paused over a weekend loses only the business hours of the pause', () => {
    expect(dues(ticket('martinique', 'degrade', '2026-03-05T10:00'))).toEqual({
      priseEnCharge: '2026-03-06T09:00:00-04:00',
      resolution: '2026-03-09T16:00:00-04:00',
    });
    // Friday 15–17 and Monday 8–10 are paused (4 h), not the weekend: the resolution moves 4 business hours.
    expect(businessMinutesBetween(pause.start, pause.end, 'martinique')).toBe(4 * 60);
    expect(dues(ticket('martinique', 'degrade', '2026-03-05T10:00', [pause]))).toEqual({
      priseEnCharge: '2026-03-06T09:00:00-04:00',
      resolution: '2026-03-10T11:00:00-04:00',
    });
  });

  it('time elapsed deducts the paused business time, overlapping pauses counted once', () => {
    const opened = local('martinique', '2026-03-05T10:00');
    const at = local('martinique', '2026-03-09T12:00');
    const overlapping = { start: local('martinique', '2026-03-06T16:00'), end: local('martinique', '2026-03-07T09:00') };
    // Thursday 7 h + Friday 7 h (8–15) + Monday 2 h (10–12).
    expect(businessMinutesBetween(opened, at, 'martinique', [pause, overlapping])).toBe(16 * 60);
  });

  it('while the pause lasts, the due times are unknown and the time left stands still', () => {
    const open = ticket('martinique', 'degrade', '2026-03-05T10:00', [{ start: pause.start, end: null }]);
    expect(dues(open)).toEqual({ priseEnCharge: '2026-03-06T09:00:00-04:00', resolution: null });
    const onFriday = timeLeft(open, 'resolution', local('martinique', '2026-03-06T16:00'));
    const nextWeek = timeLeft(open, 'resolution', local('martinique', '2026-03-12T16:00'));
    expect(onFriday).toBe((24 - 14) * 60);
    expect(nextWeek).toBe(onFriday);
  });

  it('an impact raised after a pause counts again from the opening, the pause still deducted', () => {
    // Question opened Monday 8:00, waited for the customer from Monday 9:00 to Tuesday 10:00, raised to
    // Bloquant on Tuesday 10:30: 1 h ran on Monday, so taking in charge falls due Tuesday 11:00.
    const waited = [{ start: local('martinique', '2026-03-02T09:00'), end: local('martinique', '2026-03-03T10:00') }];
    const raised = ticket('martinique', 'bloquant', '2026-03-02T08:00', waited);
    expect(dues(raised)).toEqual({
      priseEnCharge: '2026-03-03T11:00:00-04:00',
      resolution: '2026-03-03T17:00:00-04:00',
    });
    expect(timeLeft(raised, 'priseEnCharge', local('martinique', '2026-03-03T10:30'))).toBe(30);
    // Without the pause deducted, it would have been late since Monday 10:00.
    expect(dues(ticket('martinique', 'bloquant', '2026-03-02T08:00')).priseEnCharge).toBe('2026-03-02T10:00:00-04:00');
  });
});

describe('time left', () => {
  const bloquant = ticket('guadeloupe', 'bloquant', '2026-03-04T09:00');

  it('counts down in business minutes and turns negative when late', () => {
    expect(timeLeft(bloquant, 'priseEnCharge', local('guadeloupe', '2026-03-04T09:45'))).toBe(75);
    expect(timeLeft(bloquant, 'priseEnCharge', local('guadeloupe', '2026-03-04T11:00'))).toBe(0);
    expect(timeLeft(bloquant, 'priseEnCharge', local('guadeloupe', '2026-03-04T12:30'))).toBe(-90);
  });

  it('does not run overnight: the evening and the next morning at 8 h show the same time left', () => {
    const evening = timeLeft(bloquant, 'resolution', local('guadeloupe', '2026-03-04T20:00'));
    expect(evening).toBe(0);
    expect(timeLeft(bloquant, 'resolution', local('guadeloupe', '2026-03-05T08:00'))).toBe(evening);
    expect(timeLeft(bloquant, 'resolution', local('guadeloupe', '2026-03-05T09:00'))).toBe(-60);
  });
});
