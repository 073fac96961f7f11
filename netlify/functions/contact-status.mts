/**
 * PUT /api/contact/{id}/status — { statut } one of nouveau, en_cours, traite, archive. 400 for another
 * value, 404 for an unknown id, 409 when the request keeps changing underneath (conditional writes).
 */
import type { Config, Context } from '@netlify/functions';
import { API_BODY_LIMIT_BYTES, REQUEST_STATUSES } from '../../src/lib/constants.ts';
import { authenticate } from '../lib/auth/auth.ts';
import { json, jsonError, methodNotAllowed, pathParam, readJsonBody, serverError } from '../lib/http/http.ts';
import { isRequestStatus, updateRequestStatus } from '../lib/requests/requests.ts';

export default async (request: Request, context?: Context): Promise<Response> => {
  if (request.method !== 'PUT') return methodNotAllowed(['PUT']);
  try {
    const auth = await authenticate(request, 'contact-status');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request, API_BODY_LIMIT_BYTES);
    if (!read.ok) return read.response;
    const statut = (read.body as { statut?: unknown } | null)?.statut;
    if (!isRequestStatus(statut)) {
      const message = `Statut invalide : choisissez parmi ${REQUEST_STATUSES.join(', ')}.`;
      return json({ success: false, error: message, fields: { statut: message } }, 400);
    }
    const id = pathParam(request, context, 'id', 2);
    const updated = id === undefined ? 'not_found' : await updateRequestStatus(id, statut);
    if (updated === 'not_found') return jsonError(404, 'Demande introuvable.');
    if (updated === 'conflict') return jsonError(409, 'La demande a été modifiée entre-temps. Rechargez la liste et réessayez.');
    return json({ success: true, data: updated });
  } catch (error) {
    return serverError('contact-status', error);
  }
};

export const config: Config = {
  path: '/api/contact/:id/status',
};
