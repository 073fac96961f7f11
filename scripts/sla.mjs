/**
 * The two due times of a ticket opened at a given local time, so that anyone can check the service-level
 * rule:
 *
 *   npm run sla -- martinique bloquant 2026-05-21T16:30
 *
 * TERRITOIRE: martinique, guadeloupe or guyane; IMPACT: bloquant, degrade or question; DATE: the
 * territory's local time, « AAAA-MM-JJTHH:MM ». It prints a short explanation, then as its last two lines
 * `prise en charge: <ISO 8601>` and `résolution: <ISO 8601>`, with the territory's offset. Bad arguments:
 * a French error and the usage on stderr, exit status 1. The rules live in src/features/tickets/.
 */
import { dueTimes, formatLocalIso, parseLocalDateTime, weekdayHolidaysBetween } from '../src/features/tickets/clock.ts';
import { TERRITORY_TIME_ZONES } from '../src/lib/time-zones.ts';
import { isTicketImpact, TICKET_IMPACTS, ticketImpactOf } from '../src/features/tickets/states.ts';
import { isTerritoryId, TERRITORIES, territoryOf } from '../src/lib/territories.ts';

const USAGE = `Usage : npm run sla -- TERRITOIRE IMPACT DATE
  TERRITOIRE : ${TERRITORIES.map((territory) => territory.id).join(', ')}
  IMPACT     : ${TICKET_IMPACTS.map((impact) => impact.id).join(', ')}
  DATE       : heure locale du territoire, AAAA-MM-JJTHH:MM (par exemple 2026-05-21T16:30)`;

/** Stops with a French error and the usage. */
function fail(message) {
  console.error(`Erreur : ${message}\n\n${USAGE}`);
  process.exit(1);
}

/** « Dégradé » → « degrade »: ids are typed without accents or capitals. */
const normalise = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const args = process.argv.slice(2);
if (args.length !== 3) fail(`3 arguments attendus, ${args.length} reçu${args.length > 1 ? 's' : ''}.`);
const [territoryArg, impactArg, dateArg] = args;
const territory = normalise(territoryArg);
if (!isTerritoryId(territory)) fail(`territoire inconnu : « ${territoryArg} ».`);
const impact = normalise(impactArg);
if (!isTicketImpact(impact)) fail(`impact inconnu : « ${impactArg} ».`);
const openedAt = parseLocalDateTime(dateArg, territory);
if (!openedAt) fail(`date invalide : « ${dateArg} » (attendu AAAA-MM-JJTHH:MM, heure locale).`);

const { label: place } = territoryOf(territory);
const { label, targets } = ticketImpactOf(impact);
const due = dueTimes({ openedAt, territory, impact, paused: [] });
const longDate = new Intl.DateTimeFormat('fr-FR', { timeZone: TERRITORY_TIME_ZONES[territory], dateStyle: 'full', timeStyle: 'short' });
const dayName = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
const hours = (minutes) => `${minutes / 60} h`;

console.log(`Ticket « ${label} » ouvert le ${longDate.format(openedAt)} (${place}, UTC${formatLocalIso(openedAt, territory).slice(-6).replace('-', '−')}).`);
console.log('Heures ouvrées : du lundi au vendredi, de 8 h à 17 h (heure locale), hors jours fériés.');
const holidays = weekdayHolidaysBetween(openedAt, due.resolution, territory);
if (holidays.length > 0) {
  console.log(`Jours fériés sautés : ${holidays.map(({ date, name }) => `${dayName.format(new Date(`${date}T00:00:00Z`))} (${name})`).join(', ')}.`);
}
console.log(`Objectifs : prise en charge en ${hours(targets.priseEnCharge)} ouvrées, résolution en ${hours(targets.resolution)} ouvrées.`);
console.log(`prise en charge: ${formatLocalIso(due.priseEnCharge, territory)}`);
console.log(`résolution: ${formatLocalIso(due.resolution, territory)}`);
