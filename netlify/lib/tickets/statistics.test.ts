import { describe, expect, it } from 'vitest';
import { parseLocalDateTime } from '../../../src/features/tickets/clock.ts';
import type { TicketImpact } from '../../../src/features/tickets/states.ts';
import { chartMonths, chartWeeks, takenInChargeOnTime, weekOf, weeklyShares, type TakenInChargeInput } from './statistics.ts';

const at = (text: string): Date => parseLocalDateTime(text, 'martinique')!;

const ticket = (opened: string, taken: string | null, impact: TicketImpact = 'bloquant'): TakenInChargeInput => ({
  territory: 'martinique',
  impact,
  openedAt: at(opened),
  takenInChargeAt: taken ? at(taken) : null,
  paused: [],
});

describe('weeks of the chart', () => {
  it('start on Monday, local time of the Antilles (a Sunday 22 h there is still that week)', () => {
    expect(weekOf(at('2026-03-08T22:00'))).toBe('2026-03-02');
    expect(weekOf(at('2026-03-09T00:30'))).toBe('2026-03-09');
  });

  it('are the 12 last, the current one last, and read the months they cover', () => {
    const weeks = chartWeeks(at('2026-03-11T10:00'));
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toBe('2026-03-09');
    expect(weeks[0]).toBe('2025-12-22');
    expect(chartMonths(at('2026-03-11T10:00'))).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
  });
});

describe('taken in charge on time', () => {
  const now = at('2026-03-11T16:00');
  it('is met when taken before the due time of the impact (Bloquant: 2 business hours)', () => {
    expect(takenInChargeOnTime(ticket('2026-03-10T09:00', '2026-03-10T10:59'), now)).toBe(true);
    expect(takenInChargeOnTime(ticket('2026-03-10T09:00', '2026-03-10T11:01'), now)).toBe(false);
  });
  it('counts an evening ticket from the next opening (taken at 9 h 30 the next morning is in time)', () => {
    expect(takenInChargeOnTime(ticket('2026-03-09T20:00', '2026-03-10T09:30'), now)).toBe(true);
  });
  it('is missed when nobody took it and its due time has passed, and undecided while it still runs', () => {
    expect(takenInChargeOnTime(ticket('2026-03-11T09:00', null), now)).toBe(false);
    expect(takenInChargeOnTime(ticket('2026-03-11T15:00', null), now)).toBeUndefined();
  });
});

describe('the weekly share', () => {
  it('counts each decided ticket in the week it was opened and rounds the share', () => {
    const now = at('2026-03-11T16:00');
    const weeks = weeklyShares(
      [
        ticket('2026-03-02T09:00', '2026-03-02T09:30'),
        ticket('2026-03-03T09:00', '2026-03-03T09:30'),
        ticket('2026-03-04T09:00', '2026-03-04T15:00'),
        ticket('2026-03-11T15:00', null),
        ticket('2025-06-01T09:00', '2025-06-01T09:30'),
      ],
      now,
    );
    expect(weeks.find((week) => week.week === '2026-03-02')).toEqual({ week: '2026-03-02', decided: 3, onTime: 2, percent: 67 });
    expect(weeks.at(-1)).toEqual({ week: '2026-03-09', decided: 0, onTime: 0, percent: null });
    expect(weeks.reduce((sum, week) => sum + week.decided, 0)).toBe(3);
  });
});
