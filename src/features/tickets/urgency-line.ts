/**
 * What a customer's ticket page says about urgencies beside the office's phone. During the territory's
 * business hours (the SLA clock's: Monday to Friday, 8 h to 17 h, its public holidays aside) the office
 * answers: the urgency promise and its phone. Outside them the office is closed and the promise would be
 * false, so the page says what happens then instead: a « Bloquant » ticket notifies the territory's on-call
 * technician at any hour (they are woken by a push), any other waits for the office's opening.
 */
import { officeOf, company } from '../../lib/site.ts';
import type { TerritoryId } from '../../lib/territories.ts';
import { BUSINESS_CLOSES_HOUR, BUSINESS_OPENS_HOUR } from './clock.ts';
import type { TicketImpact } from './states.ts';

/** The sentence before the office's phone number, for a ticket of that territory and impact, the office open or not. */
export function urgencyLine({ territory, impact, officeOpen }: { territory: TerritoryId; impact: TicketImpact; officeOpen: boolean }): string {
  const office = `agence de ${officeOf(territory).region}`;
  if (officeOpen) return `${company.emergencyPromise}\u00a0: ${office}`;
  const closed = `L’${office} est fermée à cette heure (ouverte du lundi au vendredi, de ${BUSINESS_OPENS_HOUR}\u00a0h à ${BUSINESS_CLOSES_HOUR}\u00a0h, heure locale, hors jours fériés).`;
  const then =
    impact === 'bloquant'
      ? 'Votre ticket bloquant a prévenu le technicien d’astreinte, à toute heure, de nuit comme le week-end.'
      : 'Votre ticket est pris en charge à l’ouverture. Une panne qui arrête votre activité\u00a0? Déclarez-la «\u00a0Bloquant\u00a0»\u00a0: le technicien d’astreinte est prévenu à toute heure.';
  return `${closed} ${then} Agence, aux heures d’ouverture\u00a0:`;
}
