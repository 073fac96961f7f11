/**
 * The administrator's actions on one sent version (bearer token):
 * - POST /api/contact/{id}/devis/{version}/revocation — « Révoquer le lien »: the version's link answers
 *   410 from now on;
 * - POST /api/contact/{id}/devis/{version}/annulation { reason } — « Annuler l'acceptation »: the reason is
 *   required (400 in French otherwise); afterwards a new version can be sent.
 * Both are recorded in the devis' history with who and when, and answer the admin's view of the devis.
 * 404 « Devis introuvable. », 409 when the version is not in a state for it.
 */
import type { Config, Context } from '@netlify/functions';
import { validateVoidReason } from '../../src/features/devis/devis.ts';
import { API_BODY_LIMIT_BYTES } from '../../src/lib/constants.ts';
import { authenticate } from '../lib/auth/auth.ts';
import { adminDevis, revokeLink, voidAcceptance } from '../lib/devis/devis-admin.ts';
import { getRequest } from '../lib/requests/requests.ts';
import { json, jsonError, methodNotAllowed, pathParam, readJsonBody, serverError } from '../lib/http/http.ts';
import { siteAddress } from '../lib/http/site-url.ts';

export default async (request: Request, context?: Context): Promise<Response> => {
  const action = new URL(request.url).pathname.endsWith('/annulation') ? 'annulation' : 'revocation';
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  try {
    const auth = await authenticate(request, 'devis-admin-action');
    if (!auth.ok) return auth.response;
    const stored = await getRequest(pathParam(request, context, 'id', 4) ?? '');
    if (!stored) return jsonError(404, 'Demande introuvable.');
    const version = Number(pathParam(request, context, 'version', 2));
    if (!Number.isInteger(version)) return jsonError(404, 'Devis introuvable.');
    // Today the one administrator; staff accounts will name the person.
    const by = typeof auth.claims.sub === 'string' && auth.claims.sub ? auth.claims.sub : 'l’administrateur';
    let outcome;
    if (action === 'annulation') {
      const read = await readJsonBody(request, API_BODY_LIMIT_BYTES);
      if (!read.ok) return read.response;
      const checked = validateVoidReason(read.body);
      if (!checked.ok) return json(checked.failure, 400);
      outcome = await voidAcceptance(stored.id, version, checked.reason, by);
    } else outcome = await revokeLink(stored.id, version, by);
    if ('status' in outcome) return jsonError(outcome.status, outcome.error);
    return json({ success: true, data: await adminDevis(stored, outcome, siteAddress(request)) });
  } catch (error) {
    return serverError('devis-admin-action', error);
  }
};

export const config: Config = {
  path: ['/api/contact/:id/devis/:version/revocation', '/api/contact/:id/devis/:version/annulation'],
};
