/**
 * The company's tickets in the customers' space:
 * - GET /api/espace-client/tickets: « Mes tickets » (open first, then newest, with what happens next) and
 *   what « Déclarer une panne » offers (the company's equipment and shops, the person's phone);
 * - POST /api/espace-client/tickets: a declaration, `multipart/form-data` (equipmentId or model and
 *   serial, shopId, impact, description, phone, idempotencyKey, up to 5 photos): 201 with the ticket, 200
 *   with the same ticket for a retry of the same declaration; 400 with `fields`, 413/415 for the photos.
 */
import type { SpaceTicketAnswer, SpaceTicketListAnswer } from '../../../src/features/tickets/space-answers.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { json } from '../../lib/http/http.ts';
import { acceptPhotos } from '../../lib/tickets/photos.ts';
import { companyTicketRows, declarationFieldsSchema, readDeclaration, spaceTicketOf, ticketChoices } from '../../lib/tickets/space-tickets.ts';
import { readTicketForm } from '../../lib/tickets/ticket-form.ts';
import { openTicket } from '../../lib/tickets/tickets.ts';

/** A photo refused while the ticket was being opened: its answer, as acceptPhotos wrote it. */
class PhotoRefusal extends Error {
  constructor(readonly response: Response) {
    super('photo refusée');
  }
}

export default endpoint({
  name: 'space-tickets',
  methods: {
    GET: {
      permission: 'customer',
      handle: async ({ customer }) => {
        const { company, person } = customer;
        const [tickets, choices] = await Promise.all([companyTicketRows(company), ticketChoices(company, person)]);
        return json({ success: true, data: { tickets, choices } } satisfies SpaceTicketListAnswer);
      },
    },
    POST: {
      permission: 'customer',
      input: declarationFieldsSchema,
      handle: async ({ customer, request, context }) => {
        const { company, person } = customer;
        const read = await readTicketForm(request);
        if (!read.ok) return read.response;
        const declaration = await readDeclaration(read.form.fields, company, person);
        if (!declaration.ok) return json(declaration.failure, 400);
        try {
          const photos = async (ticketId: string) => {
            const accepted = await acceptPhotos(ticketId, read.form.photos);
            if (!accepted.ok) throw new PhotoRefusal(accepted.response);
            return accepted.photos;
          };
          const { ticket, created } = await openTicket({ ...declaration.input, photos }, { idempotencyKey: declaration.idempotencyKey, waitUntil: context?.waitUntil?.bind(context) });
          return json({ success: true, data: spaceTicketOf(ticket) } satisfies SpaceTicketAnswer, created ? 201 : 200);
        } catch (error) {
          if (error instanceof PhotoRefusal) return error.response;
          throw error;
        }
      },
    },
  },
});
