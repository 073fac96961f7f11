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
 * The prefixes and the variables are in the territories' table (`territories.ts`). Pure functions: the
 * environment values are passed in, so the browser and the server share them.
 */
import { company } from '../../lib/site.ts';
import { DEFAULT_TERRITORY, TERRITORIES, territoryOf, type TerritoryId } from '../../lib/territories.ts';

/** The territory a phone number names by its prefix; Martinique when it names none. */
export function territoryFromPhone(phone: string | undefined | null): TerritoryId {
  // Separators people type between digits; « 00 » is the written form of « + ».
  const compact = (phone ?? '').trim().replace(/[\s.\-()/]+/g, '').replace(/^00/, '+');
  for (const { id, diallingCode, phonePrefixes } of TERRITORIES) {
    if (compact.startsWith(`+${diallingCode}`)) return id;
    if (phonePrefixes.some((prefix) => compact.startsWith(prefix))) return id;
  }
  return DEFAULT_TERRITORY;
}

/** The address the company's notification of a territory's request goes to. */
export function notificationAddress(territory: TerritoryId, env: Record<string, string | undefined>): string {
  return env[territoryOf(territory).mailVariable]?.trim() || env.MAIL_TO?.trim() || company.email;
}
