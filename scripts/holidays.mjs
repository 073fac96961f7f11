/**
 * Writes src/features/tickets/public-holidays.json, the public holidays the tickets' clock counts, from
 * date-holidays (src/features/tickets/holiday-table.ts says why the clock reads a table).
 *
 *   npm run holidays
 */
import { writeFileSync } from 'node:fs';
import { computeHolidayTable } from '../src/features/tickets/holiday-table.ts';

const file = new URL('../src/features/tickets/public-holidays.json', import.meta.url);
const table = computeHolidayTable();
writeFileSync(file, `${JSON.stringify(table, null, 1)}\n`);
const count = Object.values(table.days).reduce((sum, days) => sum + Object.keys(days).length, 0);
console.log(`Jours fériés écrits : ${count} jours, de ${table.years.first} à ${table.years.last}, dans src/features/tickets/public-holidays.json`);
