/**
 * GET /api/tickets/{id} — the whole ticket for the staff (internal notes included), its due times and time
 * left, its company and equipment, who it can be given to and the moves allowed now.
 * PATCH /api/tickets/{id} — { state?, impact?, assignedTo? } in one write, each change in the history with
 * its author: a state by the state table (actor staff; « Résolu » goes through /resolution, with the
 * report); an impact (the due times follow, paused time kept); an active technician of the territory, or
 * null; optionally `idempotencyKey` (a UUID: sent again with the same change, it is not applied twice; with
 * another change, or on another route of the ticket, 422 and nothing applied) and `seenAssignee`
 * (who held the ticket when the phone wrote the change: see seenAssigneeSchema). 400 for a bad body, 404 for
 * an unknown id or another territory’s ticket, 409 for a refused move or a ticket given to someone else since.
 */
import { ticketChangeBodySchema } from '../../../src/features/tickets/staff.ts';
import { endpoint, withJsonBody, type StaffCall } from '../../lib/api/endpoint.ts';
import { apiError } from '../../lib/http/http.ts';
import { changeAsStaff, changeKeyOf, getVisibleTicket, invalidBody, staffAnswer } from '../../lib/tickets/staff-tickets.ts';

export default endpoint({
  name: 'ticket-staff',
  params: { id: 'ticket_not_found' },
  methods: {
    GET: {
      permission: 'tickets.read',
      handle: async ({ params, staff }) => {
        const ticket = await getVisibleTicket(staff, params.id);
        return ticket ? staffAnswer({ ok: true, ticket }) : apiError('ticket_not_found');
      },
    },
    PATCH: {
      permission: 'tickets.write',
      input: ticketChangeBodySchema,
      handle: withJsonBody<StaffCall<'id'>>(async ({ request, params, staff, context }, body) => {
        const parsed = ticketChangeBodySchema.safeParse(body);
        if (!parsed.success) return invalidBody(parsed.error);
        const changeKey = changeKeyOf(request, parsed.data);
        return staffAnswer(await changeAsStaff(staff, params.id, parsed.data, { waitUntil: context?.waitUntil?.bind(context), ...(changeKey ? { changeKey } : {}) }));
      }),
    },
  },
});
