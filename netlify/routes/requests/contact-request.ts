/**
 * /api/contact/{id} — GET: the whole request (notes and history) with its mails,
 * { success: true, data, mails }; DELETE: erases the request with everything derived from it and records
 * who did it in the journal (netlify/lib/retention/erase.ts), { success: true }. 404 « Demande
 * introuvable. » for an unknown id, and for a request of a territory the person does not see.
 */
import type { RequestAnswer } from '../../../src/features/contact/request.ts';
import { endpoint, type Call } from '../../lib/api/endpoint.ts';
import { apiError, json } from '../../lib/http/http.ts';
import { listMails } from '../../lib/mail/outbox.ts';
import { getVisibleRequest } from '../../lib/requests/scope.ts';
import { eraseRequestAs } from '../../lib/retention/erase.ts';

export default endpoint({
  name: 'contact-request',
  params: { id: 'request_not_found' },
  methods: {
    GET: {
      permission: 'requests.read',
      handle: async ({ params, staff }) => {
        const [stored, mails] = await Promise.all([getVisibleRequest(staff, params.id), listMails(params.id)]);
        if (!stored) return apiError('request_not_found');
        return json({ success: true, data: stored, mails } satisfies RequestAnswer);
      },
    },
    DELETE: {
      permission: 'requests.delete',
      handle: async ({ params, staff }) => ((await eraseRequestAs(staff, params.id)) ? json({ success: true }) : apiError('request_not_found')),
    },
  },
});
