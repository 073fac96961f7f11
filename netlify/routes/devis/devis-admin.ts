/**
 * /api/contact/{id}/devis — the devis of a quote request, for the back office.
 * GET: the draft to edit (the saved one, or the request's lines at catalogue prices), the sent versions
 * with their state, total and link, and the events; PUT { draft }: saves the draft after validation
 * (400 with a French sentence per field, nothing saved). 404 « Demande introuvable. ».
 */
import { draftBodySchema, validateDraft } from '../../../src/features/devis/devis.ts';
import { API_BODY_LIMIT_BYTES } from '../../../src/lib/constants.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { adminDevisResponse } from '../../lib/devis/devis-admin.ts';
import { getDevis, saveDraft } from '../../lib/devis/devis-records.ts';
import { apiError, json } from '../../lib/http/http.ts';
import { getVisibleRequest } from '../../lib/requests/scope.ts';

export default endpoint({
  name: 'devis-admin',
  params: { id: 'request_not_found' },
  methods: {
    GET: {
      permission: 'devis.read',
      handle: async ({ request, params, staff }) => {
        // A request of a territory the person does not see is not found, its devis with it.
        const stored = await getVisibleRequest(staff, params.id);
        if (!stored) return apiError('request_not_found');
        return adminDevisResponse(request, stored, await getDevis(stored.id));
      },
    },
    PUT: {
      permission: 'devis.write',
      input: draftBodySchema,
      handle: async ({ request, params, body, staff }) => {
        const stored = await getVisibleRequest(staff, params.id); // another territory's: not found
        if (!stored) return apiError('request_not_found');
        // A draft of 200 lines with their designations is larger than the other bodies of the API.
        const read = await body(API_BODY_LIMIT_BYTES * 4);
        if (!read.ok) return read.response;
        const checked = validateDraft((read.body as { draft?: unknown } | null)?.draft);
        if (!checked.ok) return json(checked.failure, 400);
        return adminDevisResponse(request, stored, await saveDraft(stored.id, checked.draft));
      },
    },
  },
});
