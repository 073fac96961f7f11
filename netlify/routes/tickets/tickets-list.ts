/**
 * GET /api/tickets?etat=&impact=&territoire=&dossiers=miens&retard=1&cursor=&limit= — the staff's list:
 * { success, data, counts, territories, nextCursor }. The least time left first (late tickets on top);
 * `etat` empty lists the open tickets (neither « Résolu » nor « Clos »), `resolu` and `clos` those opened in
 * the last 12 months. Someone who is not an administrator only ever gets their territories' tickets. 400
 * with the field for a bad filter, limit or cursor.
 */
import { readTicketFilter, TICKET_PAGE_MAX, type TicketListAnswer } from '../../../src/features/tickets/staff.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { API_ERRORS } from '../../lib/http/errors.ts';
import { apiError, json, jsonError } from '../../lib/http/http.ts';
import { isTicketCursor, ticketPage } from '../../lib/tickets/staff-list.ts';
import { listedSummaries } from '../../lib/tickets/staff-tickets.ts';

export default endpoint({
  name: 'tickets-list',
  methods: {
    GET: {
      permission: 'tickets.read',
      handle: async ({ request, staff }) => {
        const params = new URL(request.url).searchParams;
        const read = readTicketFilter(params);
        if (!read.ok) return jsonError(400, read.error, { fields: { [read.field]: read.error } });
        const rawLimit = params.get('limit') ?? '';
        const limit = rawLimit === '' ? undefined : Number(rawLimit);
        if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > TICKET_PAGE_MAX)) {
          const error = `Le nombre de tickets par page doit être un entier entre 1 et ${TICKET_PAGE_MAX}.`;
          return jsonError(400, error, { fields: { limit: error } });
        }
        const cursor = params.get('cursor') || undefined;
        if (cursor && !isTicketCursor(cursor)) return apiError('invalid_cursor', { fields: { cursor: API_ERRORS.invalid_cursor.message } });
        const page = ticketPage(await listedSummaries(read.filter.state, new Date()), staff, read.filter, { cursor, limit });
        return json({ success: true, ...page } satisfies TicketListAnswer);
      },
    },
  },
});
