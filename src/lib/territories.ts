/**
 * The territories the company serves, one row each: everything the site knows of a territory lives in its
 * row, so adding a territory is adding one row (the unit test walks every row and every field).
 *
 * - VAT (Code général des impôts): Martinique and Guadeloupe 8,5 % (CGI art. 296); Guyane: VAT
 *   provisionally not applicable (CGI art. 294-1), a sale from the Antilles to Guyane is an export. The
 *   amounts are computed in `taxes.ts`.
 * - Time: each territory's IANA zone, none with summer time; Guyane is an hour ahead of the Antilles, so its
 *   moments are written with the zone's name (the rule is in `src/records/moment.ts`).
 * - Public holidays: date-holidays' region of France (MQ, GP, GF), read by the tickets' clock.
 * - Phone: the international code and the national prefixes (landline, mobile) a contact's number starts
 *   with, which decide the territory of a contact request.
 * - Mail: the environment variable holding the address the territory's notifications go to.
 *
 * The offices' addresses and phones are in `site.ts` (a territory may have no office: Guyane).
 */

/** One territory. */
export interface Territory {
  id: 'martinique' | 'guadeloupe' | 'guyane';
  /** Name shown to visitors. */
  label: string;
  /** VAT rate in basis points (hundredths of a percent), integer; null: VAT not applicable. */
  vatBasisPoints: number | null;
  /** The article of the CGI the rate (or its absence) rests on. */
  legalReference: string;
  /** IANA time zone of the territory's clocks. */
  timeZone: string;
  /** The zone's name as a reader says it, written after a moment where two times could be meant. */
  zoneName: string;
  /** The region of France whose public holidays apply (date-holidays' state code). */
  holidayRegion: string;
  /** International dialling code, without « + ». */
  diallingCode: string;
  /** National prefixes of its numbers (landline, mobile). */
  phonePrefixes: readonly string[];
  /** The environment variable holding the address of the territory's notifications. */
  mailVariable: string;
}

/** The territories, in the order the selectors offer them. Adding one is one row. */
export const TERRITORIES = [
  {
    id: 'martinique',
    label: 'Martinique',
    vatBasisPoints: 850,
    legalReference: 'art. 296 du CGI',
    timeZone: 'America/Martinique',
    zoneName: 'heure de la Martinique',
    holidayRegion: 'MQ',
    diallingCode: '596',
    phonePrefixes: ['0596', '0696'],
    mailVariable: 'MAIL_TO_MARTINIQUE',
  },
  {
    id: 'guadeloupe',
    label: 'Guadeloupe',
    vatBasisPoints: 850,
    legalReference: 'art. 296 du CGI',
    timeZone: 'America/Guadeloupe',
    zoneName: 'heure de la Guadeloupe',
    holidayRegion: 'GP',
    diallingCode: '590',
    phonePrefixes: ['0590', '0690'],
    mailVariable: 'MAIL_TO_GUADELOUPE',
  },
  {
    id: 'guyane',
    label: 'Guyane',
    vatBasisPoints: null,
    legalReference: 'art. 294 du CGI',
    timeZone: 'America/Cayenne',
    zoneName: 'heure de Cayenne',
    holidayRegion: 'GF',
    diallingCode: '594',
    phonePrefixes: ['0594', '0694'],
    mailVariable: 'MAIL_TO_GUYANE',
  },
] as const satisfies readonly Territory[];

export type TerritoryId = (typeof TERRITORIES)[number]['id'];

/** The head office's territory: what a visitor who has chosen nothing sees, and the static HTML shows. */
export const DEFAULT_TERRITORY: TerritoryId = 'martinique';

/** Whether a value is a territory id (for browser storage and the APIs). */
export const isTerritoryId = (value: unknown): value is TerritoryId => TERRITORIES.some((territory) => territory.id === value);

/** « en Martinique, en Guadeloupe et en Guyane »: the territories (all by default) in one French phrase, in the table's order. */
export const inTerritories = (territories: readonly Territory[] = TERRITORIES): string =>
  new Intl.ListFormat('fr-FR', { type: 'conjunction' }).format(territories.map((territory) => `en ${territory.label}`));

/** The territory of an id. */
export const territoryOf = (id: TerritoryId): Territory => TERRITORIES.find((territory) => territory.id === id)!;

/**
 * The head office's time zone, the company's calendar (`localDay` of src/records/moment.ts): the year of a
 * reference, a devis' validity day, a news article's publication day, an export's file name. A record's own
 * moments are written in its territory's zone.
 */
export const HEAD_OFFICE_TIME_ZONE = territoryOf(DEFAULT_TERRITORY).timeZone;
