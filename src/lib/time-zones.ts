/**
 * The time zone of each territory, from the territories' table (`territories.ts`), for the tickets' clock
 * and its command. How a moment is written for a person is `src/records/moment.ts`.
 */
import { TERRITORIES, type TerritoryId } from './territories.ts';

/** The time zone of each territory, from the territories' table. */
export const TERRITORY_TIME_ZONES = Object.fromEntries(TERRITORIES.map((territory) => [territory.id, territory.timeZone])) as Record<TerritoryId, string>;
