/**
 * /api/contact/{id} — GET: the whole request (notes and history) with its mails,
 * { success: true, data, mails }; DELETE: erases the request with everything derived from it
 * (netlify/lib/retention/erase.ts), { success: true }, and records the deletion in the journal. 404 « Demande introuvable. » for an unknown id.
 */
import type { Config } from '@netlify/functions';
import type { RequestAnswer } from '../../src/features/contact/request.ts';
import { endpoint, type Call } from '../lib/api/endpoint.ts';
import { apiError, json } from '../lib/http/http.ts';
import { listMails } from '../lib/mail/outbox.ts';
import { getRequest } from '../lib/requests/requests.ts';
import { eraseRequest } from '../lib/retention/erase.ts';
import { recordDeletion } from '../lib/team/team-http.ts';

/** Erases a request, then records who deleted it in the journal. */
async function eraseAndRecord({ params, staff }: Call<'id'>): Promise<Response> {
  const stored = await getRequest(params.id);
  if (!stored || !(await eraseRequest(params.id))) return apiError('request_not_found');
  await recordDeletion(staff, { kind: 'demande', id: params.id, label: stored.reference || params.id });
  return json({ success: true });
}

export default endpoint({
  name: 'contact-request',
  params: { id: 'request_not_found' },
  methods: {
    GET: {
      permission: 'requests.read',
      handle: async ({ params }) => {
        const [stored, mails] = await Promise.all([getRequest(params.id), listMails(params.id)]);
        if (!stored) return apiError('request_not_found');
        return json({ success: true, data: stored, mails } satisfies RequestAnswer);
      },
    },
    DELETE: {
      permission: 'requests.delete',
      handle: eraseAndRecord,
    },
  },
});

export const config: Config = {
  path: '/api/contact/:id',
};
