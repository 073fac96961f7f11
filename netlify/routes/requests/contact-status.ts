/**
 * PUT /api/contact/{id}/status — { statut } one of nouveau, en_cours, traite, archive; the history line
 * names who changed it. 400 for another value, 404 for an unknown id or another territory's request, 409 when the request keeps changing underneath (conditional writes).
 */
import { REQUEST_STATUSES } from '../../../src/lib/constants.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { apiError, json } from '../../lib/http/http.ts';
import { isRequestStatus, updateRequestStatus } from '../../lib/requests/requests.ts';
import { actorOf, changeAnswer, getVisibleRequest } from '../../lib/requests/scope.ts';

export default endpoint({
  name: 'contact-status',
  params: { id: 'request_not_found' },
  methods: {
    PUT: {
      permission: 'requests.write',
      handle: async ({ params, body, staff }) => {
        const read = await body();
        if (!read.ok) return read.response;
        const statut = (read.body as { statut?: unknown } | null)?.statut;
        if (!isRequestStatus(statut)) {
          const message = `Statut invalide : choisissez parmi ${REQUEST_STATUSES.join(', ')}.`;
          return json({ success: false, error: message, fields: { statut: message } }, 400);
        }
        if (!(await getVisibleRequest(staff, params.id))) return apiError('request_not_found');
        return changeAnswer(await updateRequestStatus(params.id, statut, new Date(), { by: actorOf(staff) }), { conflict: 'request_changed_in_list' });
      },
    },
  },
});
