import { describe, expect, it } from 'vitest';
import { company, officeOf } from '../../lib/site';
import { isBusinessTime } from './clock';
import { urgencyLine } from './urgency-line';

/** 02:00 in Cayenne (05:00 UTC) on a Wednesday, then 10:00 the same day; a Saturday noon. */
const NIGHT = new Date('2026-12-02T05:00:00Z');
const MORNING = new Date('2026-12-02T13:00:00Z');
const SATURDAY = new Date('2026-12-05T15:00:00Z');

describe('the urgency line of a customer’s ticket page', () => {
  it('promises the 2 hours, with the office, while the office is open', () => {
    expect(isBusinessTime(MORNING, 'guyane')).toBe(true);
    expect(urgencyLine({ territory: 'guyane', impact: 'bloquant', officeOpen: isBusinessTime(MORNING, 'guyane') })).toBe(`${company.emergencyPromise}\u00a0: agence de ${officeOf('guyane').region}`);
  });

  it('at night or on a week-end, never the promise: the office is closed, a « Bloquant » ticket has woken the on-call technician', () => {
    for (const at of [NIGHT, SATURDAY]) {
      const officeOpen = isBusinessTime(at, 'guyane');
      expect(officeOpen).toBe(false);
      const blocking = urgencyLine({ territory: 'guyane', impact: 'bloquant', officeOpen });
      expect(blocking).not.toContain(company.emergencyPromise);
      expect(blocking).toContain('L’agence de Guyane est fermée à cette heure (ouverte du lundi au vendredi, de 8\u00a0h à 17\u00a0h');
      expect(blocking).toContain('Votre ticket bloquant a prévenu le technicien d’astreinte, à toute heure');
      expect(blocking).toMatch(/Agence, aux heures d’ouverture\u00a0:$/);
      const other = urgencyLine({ territory: 'guyane', impact: 'degrade', officeOpen });
      expect(other).not.toContain(company.emergencyPromise);
      expect(other).toContain('Votre ticket est pris en charge à l’ouverture.');
    }
  });
});
