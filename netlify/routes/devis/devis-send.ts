/**
 * POST /api/contact/{id}/devis/envoi { draft } — « Envoyer le devis »: validates the draft, freezes it as a
 * new version (DV-2026-00042, then -2…; the previous one's link stops working), and e-mails the customer
 * the PDF and the personal link through the outbox. Answers the admin's view of the devis. An optional
 * `idempotencyKey` makes a retry answer the version it sent. 409 while an acceptance stands (the
 * administrator voids it first, with a reason).
 */
import type { DevisSendAnswer } from '../../../src/features/devis/admin-answer.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { sendDevis } from '../../lib/devis/devis.ts';
import { draftBodySchema } from '../../../src/features/devis/devis.ts';
import { adminDevis } from '../../lib/devis/devis-admin.ts';
import { readDevisSend } from '../../lib/devis/devis-http.ts';
import { siteAddress } from '../../lib/http/site-url.ts';
import { apiError, json } from '../../lib/http/http.ts';
import { getVisibleRequest } from '../../lib/requests/scope.ts';

export default endpoint({
  name: 'devis-send',
  params: { id: 'request_not_found' },
  methods: {
    POST: {
      permission: 'devis.write',
      input: draftBodySchema,
      handle: async ({ params, body, staff }) => {
        const stored = await getVisibleRequest(staff, params.id); // another territory's: not found
        if (!stored) return apiError('request_not_found');
        if (stored.kind !== 'devis') return apiError('devis_not_a_quote');
        if (!stored.email) return apiError('devis_no_email');
        const sent = await readDevisSend(body);
        if (!sent.ok) return sent.response;
        const site = siteAddress();
        const outcome = await sendDevis(stored, sent.draft, { site, ...(sent.sendKey ? { sendKey: sent.sendKey } : {}) });
        if (!outcome.ok) return apiError('devis_accepted_cancel_first', {}, {}, { number: outcome.number });
        return json({ success: true, data: await adminDevis(stored, outcome.record, site), link: outcome.link, number: outcome.version.number } satisfies DevisSendAnswer);
      },
    },
  },
});
