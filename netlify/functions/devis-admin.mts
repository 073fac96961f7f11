/**
 * /api/contact/{id}/devis — the devis of a quote request, for the administrator (bearer token).
 * GET: the draft to edit (the saved one, or the request's lines at catalogue prices), the sent versions
 * with their state, total and link, and the events; PUT { draft }: saves the draft after validation
 * (400 with a French sentence per field, nothing saved). 404 « Demande introuvable. ».
 */
import type { Config, Context } from '@netlify/functions';
import { validateDraft } from '../../src/features/devis/devis.ts';
import { API_BODY_LIMIT_BYTES } from '../../src/lib/constants.ts';
import { authenticate } from '../lib/auth/auth.ts';
import { adminDevis } from '../lib/devis/devis-admin.ts';
import { getDevis, saveDraft } from '../lib/devis/devis-records.ts';
import { siteAddress } from '../lib/http/site-url.ts';
import { json, jsonError, methodNotAllowed, pathParam, readJsonBody, serverError } from '../lib/http/http.ts';
import { getRequest } from '../lib/requests/requests.ts';

export default async (request: Request, context?: Context): Promise<Response> => {
  if (request.method !== 'GET' && request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT']);
  try {
    const auth = await authenticate(request, 'devis-admin');
    if (!auth.ok) return auth.response;
    const id = pathParam(request, context, 'id', 2);
    const stored = id === undefined ? undefined : await getRequest(id);
    if (!stored) return jsonError(404, 'Demande introuvable.');
    if (request.method === 'PUT') {
      const read = await readJsonBody(request, API_BODY_LIMIT_BYTES * 4);
      if (!read.ok) return read.response;
      const checked = validateDraft((read.body as { draft?: unknown } | null)?.draft);
      if (!checked.ok) return json(checked.failure, 400);
      const record = await saveDraft(stored.id, checked.draft);
      return json({ success: true, data: await adminDevis(stored, record, siteAddress(request)) });
    }
    return json({ success: true, data: await adminDevis(stored, await getDevis(stored.id), siteAddress(request)) });
  } catch (error) {
    return serverError('devis-admin', error);
  }
};

export const config: Config = {
  path: '/api/contact/:id/devis',
};
