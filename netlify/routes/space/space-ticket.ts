/**
 * One ticket of the company in the customers' space:
 * - GET /api/espace-client/tickets/{id}: its page (thread without internal notes, newest last; what
 *   happens next; until when « Rouvrir » is offered);
 * - POST /api/espace-client/tickets/{id}/messages: a reply, `multipart/form-data` (text, up to 5 photos):
 *   201 with the ticket; a reply while « En attente client » hands it back to the technician;
 * - POST /api/espace-client/tickets/{id}/rouvrir: « Rouvrir », within 7 days of « Résolu » (409 after).
 * Another company's ticket answers 404, as an unknown one.
 */
import type { SpaceTicketAnswer } from '../../../src/features/tickets/space-answers.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { apiError, json, jsonError } from '../../lib/http/http.ts';
import { acceptPhotos } from '../../lib/tickets/photos.ts';
import { authorOf, ofCompany, readReply, replyFieldsSchema, spaceTicketOf } from '../../lib/tickets/space-tickets.ts';
import { readTicketForm } from '../../lib/tickets/ticket-form.ts';
import { addMessage, getTicket, moveTicket, newMessageId, type TicketChangeOutcome } from '../../lib/tickets/tickets.ts';
import { ticketClosed } from '../../../src/features/tickets/states.ts';

/** The answer of a change: the ticket as the customer reads it, or the refusal's sentence. */
const answer = (outcome: TicketChangeOutcome, status = 200): Response =>
  outcome.ok ? json({ success: true, data: spaceTicketOf(outcome.ticket) } satisfies SpaceTicketAnswer, status) : outcome.code === 'ticket_not_found' ? apiError('ticket_not_found') : jsonError(409, outcome.message);

/** What a POST asks, from the path's last segment (`messages`, `rouvrir`); undefined on the ticket's own path. */
const actionOf = (request: Request): string | undefined => /\/tickets\/[^/]+\/(messages|rouvrir)\/?$/.exec(new URL(request.url).pathname)?.[1];

export default endpoint({
  name: 'space-ticket',
  params: { id: 'ticket_not_found' },
  methods: {
    GET: {
      permission: 'customer',
      handle: async ({ customer, params, request }) => {
        const ticket = ofCompany(await getTicket(params.id), customer.company);
        if (!ticket || actionOf(request) !== undefined) return apiError('ticket_not_found');
        return json({ success: true, data: spaceTicketOf(ticket) } satisfies SpaceTicketAnswer);
      },
    },
    POST: {
      permission: 'customer',
      input: replyFieldsSchema,
      handle: async ({ customer, params, context, request }) => {
        const { company, person } = customer;
        const ticket = ofCompany(await getTicket(params.id), company);
        if (!ticket) return apiError('ticket_not_found');
        const action = actionOf(request);
        const options = { waitUntil: context?.waitUntil?.bind(context) };
        if (action === 'rouvrir') return answer(await moveTicket(ticket.id, 'pris_en_charge', authorOf(person), options));
        if (action !== 'messages') return apiError('api_not_found');
        const read = await readTicketForm(request);
        if (!read.ok) return read.response;
        const reply = readReply(read.form.fields, read.form.photos.length);
        if (!reply.ok) return json(reply.failure, 400);
        if (ticketClosed(ticket.state)) return apiError('ticket_closed');
        const accepted = await acceptPhotos(ticket.id, read.form.photos);
        if (!accepted.ok) return accepted.response;
        const message = { id: newMessageId(), kind: 'client' as const, at: new Date().toISOString(), by: authorOf(person), text: reply.text, photos: accepted.photos };
        return answer(await addMessage(ticket.id, message, options), 201);
      },
    },
  },
});
