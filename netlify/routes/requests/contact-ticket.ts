/**
 * POST /api/contact/{id}/ticket — { companyId, impact, equipmentId?, shopId? }: a contact request turned
 * into a ticket of that company (its text the description, its phone the call-back number); the request
 * gets a note naming the ticket. 201 { success, data: { id, reference } } (200 with the same ticket for a
 * repeated click). 404 for a request or company the person may not see, 409 for a quote request or a
 * request already turned into a ticket, 400 for a bad body.
 */
import type { z } from '../../../src/records/zod.ts';
import { ticketFromRequestBodySchema, type ticketFromRequestAnswerSchema } from '../../../src/features/tickets/staff.ts';
import { endpoint, withJsonBody, type StaffCall } from '../../lib/api/endpoint.ts';
import { getCompany } from '../../lib/customers/companies.ts';
import { apiError, json } from '../../lib/http/http.ts';
import { getVisibleRequest, maySee } from '../../lib/requests/scope.ts';
import { invalidBody, ticketFromRequest } from '../../lib/tickets/staff-tickets.ts';

export default endpoint({
  name: 'contact-ticket',
  params: { id: 'request_not_found' },
  methods: {
    POST: {
      permission: 'tickets.write',
      input: ticketFromRequestBodySchema,
      handle: withJsonBody<StaffCall<'id'>>(async ({ params, staff, context }, body) => {
        const parsed = ticketFromRequestBodySchema.safeParse(body);
        if (!parsed.success) return invalidBody(parsed.error);
        const request = await getVisibleRequest(staff, params.id);
        if (!request) return apiError('request_not_found');
        const company = await getCompany(parsed.data.companyId);
        if (!company || !maySee(staff, { territory: company.territory })) return apiError('company_not_found');
        const made = await ticketFromRequest(staff, request, company, parsed.data, { waitUntil: context?.waitUntil?.bind(context) });
        if (!made.ok) return apiError(made.code);
        return json({ success: true, data: { id: made.ticket.id, reference: made.ticket.reference } } satisfies z.infer<typeof ticketFromRequestAnswerSchema>, made.created ? 201 : 200);
      }),
    },
  },
});
