/**
 * A ticket's files for the staff who see its territory (tickets.read):
 * - GET /api/tickets/{id}/photos/{photoId}: a photo of the thread (JPEG), internal notes' included;
 * - GET /api/tickets/{id}/rapport: the intervention report (PDF, as kept when resolved).
 * Another territory's ticket answers 404, as an unknown one.
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { apiError, routeParam } from '../../lib/http/http.ts';
import { getVisibleTicket } from '../../lib/tickets/staff-tickets.ts';
import { photoAnswer, reportAnswer } from '../../lib/tickets/ticket-files.ts';

export default endpoint({
  name: 'ticket-staff-files',
  params: { id: 'ticket_not_found' },
  methods: {
    GET: {
      permission: 'tickets.read',
      handle: async ({ staff, params, context }) => {
        const ticket = await getVisibleTicket(staff, params.id);
        if (!ticket) return apiError('ticket_not_found');
        const photoId = routeParam(context, 'photoId');
        return photoId === undefined ? reportAnswer(ticket) : photoAnswer(ticket, photoId, 'staff');
      },
    },
  },
});
