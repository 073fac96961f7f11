/**
 * Which territory a request belongs to, and where its notification goes.
 *
 * - A contact request takes the territory its phone number names: 0596 / 0696 / +596 Martinique,
 *   0590 / 0690 / +590 Guadeloupe, 0594 / 0694 / +594 Guyane. Spaces, dots, dashes and brackets between the
 *   digits are ignored, and 00 stands for + (00596). Any other number, or none, gives Martinique, the head
 *   office's territory.
 * - The company's notification goes to the territory's address (MAIL_TO_MARTINIQUE, MAIL_TO_GUADELOUPE,
 *   MAIL_TO_GUYANE), each defaulting to MAIL_TO, itself defaulting to the company's address.
 *
 * Pure functions: the environment values are passed in, so the browser and the server share them.
 */
import { company } from '../../lib/site.ts';
import { DEFAULT_TERRITORY, type TerritoryId } from '../../lib/taxes.ts';

/** The dialling codes of each territory: its international code and its two national prefixes (landline, mobile). */
const DIALLING_CODES: ReadonlyArray<{ territory: TerritoryId; international: string; national: readonly string[] }> = [
  { territory: 'martinique', international: '596', national: ['0596', '0696'] },
  { territory: 'guadeloupe', international: '590', national: ['0590', '0690'] },
  { territory: 'guyane', international: '594', national: ['0594', '0694'] },
];

/** The territory a phone number names by its prefix; Martinique when it names none. */
export function territoryFromPhone(phone: string | undefined | null): TerritoryId {
  // Separators people type between digits; « 00 » is the written form of « + ».
  const compact = (phone ?? '').trim().replace(/[\s.\-()/]+/g, '').replace(/^00/, '+');
  for (const { territory, international, national } of DIALLING_CODES) {
    if (compact.startsWith(`+${international}`)) return territory;
    if (national.some((prefix) => compact.startsWith(prefix))) return territory;
  }
  return DEFAULT_TERRITORY;
}

/** The environment variable holding each territory's notification address. */
export const TERRITORY_MAIL_VARIABLES = {
  martinique: 'MAIL_TO_MARTINIQUE',
  guadeloupe: 'MAIL_TO_GUADELOUPE',
  guyane: 'MAIL_TO_GUYANE',
} as const satisfies Record<TerritoryId, string>;

/** The address the company's notification of a territory's request goes to. */
export function notificationAddress(territory: TerritoryId, env: Record<string, string | undefined>): string {
  return env[TERRITORY_MAIL_VARIABLES[territory]]?.trim() || env.MAIL_TO?.trim() || company.email;
}
