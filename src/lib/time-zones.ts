/**
 * The time zone of each territory (from the territories' table, `territories.ts`), and how a moment of a territory's record (a ticket, a sign-in link) is
 * written on every screen, e-mail and PDF: in that territory's local time, the zone named where two could
 * be meant (Guyane is an hour ahead of the Antilles, where the head office and most staff are). None of the
 * zones has summer time.
 */
import { TERRITORIES, territoryOf, type TerritoryId } from './territories.ts';

/** The time zone of each territory, from the territories' table. */
export const TERRITORY_TIME_ZONES = Object.fromEntries(TERRITORIES.map((territory) => [territory.id, territory.timeZone])) as Record<TerritoryId, string>;

const formats = new Map<TerritoryId, Intl.DateTimeFormat>();
const formatOf = (territory: TerritoryId): Intl.DateTimeFormat => {
  let format = formats.get(territory);
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', { timeZone: TERRITORY_TIME_ZONES[territory], day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(territory, format);
  }
  return format;
};

/**
 * A moment in the territory's local time, « 21/05/2026 à 16:30 », followed by « (heure de Cayenne) » in
 * Guyane. The same text on the staff's page, the customer's page, the report PDF and the e-mails. With
 * `zone: 'always'` every territory's zone is named (« (heure de la Martinique) »), for a deadline promised
 * to someone who may read it elsewhere. Empty for a missing or bad date.
 */
export function formatTerritoryMoment(at: string | number | Date | null | undefined, territory: TerritoryId, { zone: naming = 'where-ambiguous' }: { zone?: 'always' | 'where-ambiguous' } = {}): string {
  if (at === undefined || at === null || at === '') return '';
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const parts = formatOf(territory).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const { zoneName, zoneNamedByDefault } = territoryOf(territory);
  const zone = naming === 'always' || zoneNamedByDefault ? zoneName : '';
  return `${part('day')}/${part('month')}/${part('year')} à ${part('hour')}:${part('minute')}${zone ? ` (${zone})` : ''}`;
}
