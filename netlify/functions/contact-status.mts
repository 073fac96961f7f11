/**
 * PUT /api/contact/{id}/status — { statut } one of nouveau, en_cours, traite, archive. 400 for another
 * value, 404 for an unknown id, 409 when the request keeps changing underneath (conditional writes).
 */
import type { Config } from '@netlify/functions';
import { REQUEST_STATUSES } from '../../src/lib/constants.ts';
import type { RequestChangeAnswer } from '../../src/features/contact/request.ts';
import { endpoint } from '../lib/api/endpoint.ts';
import { apiError, json } from '../lib/http/http.ts';
import { isRequestStatus, updateRequestStatus } from '../lib/requests/requests.ts';

export default endpoint({
  name: 'contact-status',
  params: { id: 'request_not_found' },
  methods: {
    PUT: {
      permission: 'requests.write',
      handle: async ({ params, body }) => {
        const read = await body();
        if (!read.ok) return read.response;
        const statut = (read.body as { statut?: unknown } | null)?.statut;
        if (!isRequestStatus(statut)) {
          const message = `Statut invalide : choisissez parmi ${REQUEST_STATUSES.join(', ')}.`;
          return json({ success: false, error: message, fields: { statut: message } }, 400);
        }
        const updated = await updateRequestStatus(params.id, statut);
        if (updated === 'not_found') return apiError('request_not_found');
        if (updated === 'conflict') return apiError('request_changed_in_list');
        return json({ success: true, data: updated } satisfies RequestChangeAnswer);
      },
    },
  },
});

export const config: Config = {
  path: '/api/contact/:id/status',
};
