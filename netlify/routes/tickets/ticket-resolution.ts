/**
 * POST /api/tickets/{id}/resolution — « Résoudre »: { workDone, minutes, parts: [{ reference|null, name,
 * quantity }], signedBy, signature (PNG data URL, at most SIGNATURE_SIZE) | null, idempotencyKey?, seenAssignee? }, up to
 * RESOLUTION_BODY_LIMIT_BYTES (413 beyond); a resend with the key of the resolution already applied makes no
 * second report and answers the ticket as it is (the key with another report, or another change's: 422). Makes and keeps the intervention report's PDF,
 * moves the ticket to « Résolu » (the e-mail to the customer attaches the PDF), 200 with the ticket as the
 * staff's view shows it. 400 with the field for a bad body or signature, 404 for an unknown id or another
 * territory's ticket, 409 when the ticket cannot be resolved now or was given to someone else since the
 * phone wrote the report (seenAssigneeSchema). Makes a PDF: listed in PDF_FUNCTIONS.
 */
import { RESOLUTION_BODY_LIMIT_BYTES, resolutionBodySchema } from '../../../src/features/tickets/staff.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { apiError, jsonError } from '../../lib/http/http.ts';
import { resolveAsStaff } from '../../lib/tickets/resolution.ts';
import { changeKeyOf, getVisibleTicket, invalidBody, staffAnswer } from '../../lib/tickets/staff-tickets.ts';

export default endpoint({
  name: 'ticket-resolution',
  params: { id: 'ticket_not_found' },
  methods: {
    POST: {
      permission: 'tickets.write',
      input: resolutionBodySchema,
      handle: async ({ request, params, staff, context, body: readBody }) => {
        // The report's text and a signature image: more than the API's usual 32 KB (413 beyond).
        const read = await readBody(RESOLUTION_BODY_LIMIT_BYTES);
        if (!read.ok) return read.response;
        const parsed = resolutionBodySchema.safeParse(read.body);
        if (!parsed.success) return invalidBody(parsed.error);
        const ticket = await getVisibleTicket(staff, params.id);
        if (!ticket) return apiError('ticket_not_found');
        const changeKey = changeKeyOf(request, parsed.data);
        const outcome = await resolveAsStaff(staff, ticket, parsed.data, { waitUntil: context?.waitUntil?.bind(context), ...(changeKey ? { changeKey } : {}) });
        if (!outcome.ok && 'field' in outcome) return jsonError(outcome.status, outcome.message, { fields: { [outcome.field]: outcome.message } });
        return staffAnswer(outcome);
      },
    },
  },
});
