/**
 * The public holidays the tickets' clock counts, computed by `date-holidays` (France's regions MQ, GP, GF; the
 * days it types « public » only, not observances nor optional days) for a span of years, and kept as
 * public-holidays.json beside the clock. The library takes a seventh of a second to load: every call of the
 * tickets' functions would pay it, while the table is read in a millisecond. `npm run holidays` writes the
 * table again; a unit test fails when it differs from what the library computes (after an update of it).
 */
import Holidays from 'date-holidays';
import { TERRITORIES, type TerritoryId } from '../../lib/territories.ts';

/** The region of France whose public holidays apply in each territory (date-holidays' state codes), from the territories' table. */
const HOLIDAY_REGIONS = Object.fromEntries(TERRITORIES.map((territory) => [territory.id, territory.holidayRegion])) as Record<TerritoryId, string>;

/** The years kept: from the first tickets to far beyond any contract signed today. */
export const HOLIDAY_YEARS = { first: 2020, last: 2075 } as const;

export interface HolidayTable {
  years: { first: number; last: number };
  /** Per territory, local date « YYYY-MM-DD » → French name, in date order. */
  days: Record<TerritoryId, Record<string, string>>;
}

/** The table as date-holidays computes it today. */
export function computeHolidayTable(): HolidayTable {
  const days = {} as HolidayTable['days'];
  for (const [territory, region] of Object.entries(HOLIDAY_REGIONS) as [TerritoryId, string][]) {
    const calendar = new Holidays('FR', region, { languages: ['fr'], types: ['public'] });
    days[territory] = {};
    for (let year = HOLIDAY_YEARS.first; year <= HOLIDAY_YEARS.last; year++) {
      for (const day of calendar.getHolidays(year).filter((holiday) => holiday.type === 'public')) days[territory][day.date.slice(0, 10)] = day.name;
    }
  }
  return { years: { ...HOLIDAY_YEARS }, days };
}
