/**
 * The back office's actions on one sent version:
 * - POST /api/contact/{id}/devis/{version}/revocation — « Révoquer le lien »: the version's link answers
 *   410 from now on;
 * - POST /api/contact/{id}/devis/{version}/annulation { reason } — « Annuler l'acceptation »: the reason is
 *   required (400 in French otherwise); afterwards a new version can be sent.
 * Both are recorded in the devis' history with who and when, and answer the admin's view of the devis.
 * 404 « Demande introuvable. » or « Devis introuvable. », 409 when the version is not in a state for it.
 */
import { validateVoidReason, voidSchema } from '../../../src/features/devis/devis.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { adminDevisResponse, revokeLink, voidAcceptance } from '../../lib/devis/devis-admin.ts';
import { getVisibleRequest } from '../../lib/requests/scope.ts';
import { apiError, json } from '../../lib/http/http.ts';

export default endpoint({
  name: 'devis-admin-action',
  params: { id: 'request_not_found', version: 'devis_not_found' },
  methods: {
    POST: {
      permission: 'devis.write',
      // The void's reason (« annulation »); a revocation reads no body.
      input: voidSchema,
      handle: async ({ request, params, staff, body }) => {
        // A request of a territory the person does not see is not found, its devis with it.
        const stored = await getVisibleRequest(staff, params.id);
        if (!stored) return apiError('request_not_found');
        const version = Number(params.version);
        if (!Number.isInteger(version)) return apiError('devis_not_found');
        const by = staff.name;
        let outcome;
        if (new URL(request.url).pathname.endsWith('/annulation')) {
          const read = await body();
          if (!read.ok) return read.response;
          const checked = validateVoidReason(read.body);
          if (!checked.ok) return json(checked.failure, 400);
          outcome = await voidAcceptance(stored.id, version, checked.reason, by);
        } else outcome = await revokeLink(stored.id, version, by);
        if ('refused' in outcome) return apiError(outcome.refused);
        return adminDevisResponse(request, stored, outcome);
      },
    },
  },
});
