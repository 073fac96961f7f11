/**
 * The staff's tickets: the list, the statistics, one ticket, its messages, resolution, photos and report, the technicians' app's copy of their tickets, and the people a ticket or a request can be given to.
 * Each route's module is loaded on its first call (netlify/lib/api/router.ts); `config.path` lists the
 * same patterns as the table, literally (Netlify reads it without running the file; tests/unit/api-routes.test.ts).
 */
import type { Config } from '@netlify/functions';
import { API } from '../../src/lib/api-routes.ts';
import { routes } from '../lib/api/router.ts';

export default routes({
  [API.tickets]: () => import('../routes/tickets/tickets-list.ts'),
  [API.ticketStatistics]: () => import('../routes/tickets/tickets-statistics.ts'),
  [API.ticket]: () => import('../routes/tickets/ticket-staff.ts'),
  [API.ticketMessages]: () => import('../routes/tickets/ticket-staff-messages.ts'),
  [API.ticketResolution]: () => import('../routes/tickets/ticket-resolution.ts'),
  [API.ticketPhoto]: () => import('../routes/tickets/ticket-staff-files.ts'),
  [API.ticketReport]: () => import('../routes/tickets/ticket-staff-files.ts'),
  [API.fieldTickets]: () => import('../routes/tickets/field-tickets.ts'),
  [API.assignees]: () => import('../routes/tickets/admin-assignees.ts'),
});

export const config: Config = {
  path: [
    '/api/tickets',
    '/api/tickets/statistiques',
    '/api/tickets/:id',
    '/api/tickets/:id/messages',
    '/api/tickets/:id/resolution',
    '/api/tickets/:id/photos/:photoId',
    '/api/tickets/:id/rapport',
    '/api/terrain/tickets',
    '/api/admin/personnes',
  ],
};
