/**
 * A ticket's files in the customers' space, for the people of its company only:
 * - GET /api/espace-client/tickets/{id}/photos/{photoId}: a photo of the thread (JPEG, never one of an
 *   internal note);
 * - GET /api/espace-client/tickets/{id}/rapport: the intervention report (PDF, as kept when resolved).
 * Another company's ticket, photo or report answers 404, as an unknown one.
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { apiError, routeParam } from '../../lib/http/http.ts';
import { ofCompany } from '../../lib/tickets/space-tickets.ts';
import { photoAnswer, reportAnswer } from '../../lib/tickets/ticket-files.ts';
import { getTicket } from '../../lib/tickets/tickets.ts';

export default endpoint({
  name: 'space-ticket-files',
  params: { id: 'ticket_not_found' },
  methods: {
    GET: {
      permission: 'customer',
      handle: async ({ customer, params, context }) => {
        const ticket = ofCompany(await getTicket(params.id), customer.company);
        if (!ticket) return apiError('ticket_not_found');
        const photoId = routeParam(context, 'photoId');
        return photoId === undefined ? reportAnswer(ticket) : photoAnswer(ticket, photoId, 'client');
      },
    },
  },
});
