/**
 * /api/contact/{id} — GET: the whole request (notes and history) with its mails,
 * { success: true, data, mails }; DELETE: erases the request with everything derived from it
 * (netlify/lib/retention/erase.ts) and records who did it in the journal, { success: true }. 404
 * « Demande introuvable. » for an unknown id, and for a request of a territory the person does not see.
 */
import type { Config } from '@netlify/functions';
import type { RequestAnswer } from '../../src/features/contact/request.ts';
import { endpoint } from '../lib/api/endpoint.ts';
import { apiError, json } from '../lib/http/http.ts';
import { listMails } from '../lib/mail/outbox.ts';
import { getRequest } from '../lib/requests/requests.ts';
import { actorOf, getVisibleRequest, maySee } from '../lib/requests/scope.ts';
import { eraseRequest } from '../lib/retention/erase.ts';
import { recordEvent } from '../lib/team/journal.ts';

export default endpoint({
  name: 'contact-request',
  params: { id: 'request_not_found' },
  methods: {
    GET: {
      permission: 'requests.read',
      handle: async ({ params, staff }) => {
        const [stored, mails] = await Promise.all([getVisibleRequest(staff!, params.id), listMails(params.id)]);
        if (!stored) return apiError('request_not_found');
        return json({ success: true, data: stored, mails } satisfies RequestAnswer);
      },
    },
    DELETE: {
      permission: 'requests.delete',
      handle: async ({ params, staff }) => {
        const stored = await getRequest(params.id);
        if (stored && !maySee(staff!, stored)) return apiError('request_not_found');
        // Without a stored request, what a half-finished erase left of it is erased all the same.
        if (!(await eraseRequest(params.id)) || !stored) return apiError('request_not_found');
        const label = stored.reference || stored.id;
        await recordEvent({
          action: 'suppression',
          actor: actorOf(staff!),
          subject: { kind: 'demande', id: stored.id, label },
          detail: `Demande ${label} de ${stored.name || 'sans nom'} supprimée.`,
        });
        return json({ success: true });
      },
    },
  },
});

export const config: Config = {
  path: '/api/contact/:id',
};
