/** A ticket as the intervention report's tests render it: Martinique, taken in charge, being worked on. */
import type { Ticket } from '../../src/features/tickets/model.ts';

/** The technician of the samples. */
export const technician = { kind: 'staff' as const, id: 'tech-1', name: 'Marc Édouard' };

/** A Martinique ticket, opened on 21 May 2026 at 16:30 local time, taken in charge the next morning. */
export function sampleTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 'tk-report-1',
    reference: 'TK-2026-00042',
    companyId: 'co-1',
    companyName: 'Supérette du Bourg',
    territory: 'martinique',
    equipment: { equipmentId: 'eq-1', model: 'Zebra TC58e', serial: 'S24123456' },
    shop: { shopId: 'sh-1', name: 'Magasin du Lamentin' },
    impact: 'bloquant',
    phone: '0596 12 34 56',
    state: 'en_intervention',
    openedAt: '2026-05-21T20:30:00.000Z',
    openedBy: { kind: 'client', id: 'p-1', name: 'Marie-Josée Lucien' },
    assignedTo: { id: technician.id, name: technician.name },
    followers: ['p-1'],
    messages: [],
    history: [],
    takenInChargeAt: '2026-05-22T12:05:00.000Z',
    resolvedAt: null,
    report: null,
    sourceRequestId: null,
    updatedAt: '2026-05-22T12:05:00.000Z',
    ...overrides,
  };
}
