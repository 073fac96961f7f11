/**
 * POST /api/contact/{id}/devis/envoi { draft } — « Envoyer le devis » (bearer token): validates the draft,
 * freezes it as a new version (DV-2026-00042, then -2…; the previous one's link stops working), and e-mails
 * the customer the PDF and the personal link through the outbox. Answers the admin's view of the devis.
 */
import type { Config, Context } from '@netlify/functions';
import { validateDraft } from '../../src/features/devis/devis.ts';
import { API_BODY_LIMIT_BYTES } from '../../src/lib/constants.ts';
import { authenticate } from '../lib/auth/auth.ts';
import { adminDevis, sendDevis } from '../lib/devis/devis.ts';
import { json, jsonError, methodNotAllowed, pathParam, readJsonBody, serverError } from '../lib/http/http.ts';
import { getRequest } from '../lib/requests/requests.ts';

export default async (request: Request, context?: Context): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  try {
    const auth = await authenticate(request, 'devis-send');
    if (!auth.ok) return auth.response;
    const id = pathParam(request, context, 'id', 3);
    const stored = id === undefined ? undefined : await getRequest(id);
    if (!stored) return jsonError(404, 'Demande introuvable.');
    if (stored.kind !== 'devis') return jsonError(409, 'Seule une demande de devis peut recevoir un devis.');
    if (!stored.email) return jsonError(409, 'Cette demande n’a pas d’adresse e-mail : le devis ne peut pas être envoyé.');
    const read = await readJsonBody(request, API_BODY_LIMIT_BYTES * 4);
    if (!read.ok) return read.response;
    const checked = validateDraft((read.body as { draft?: unknown } | null)?.draft);
    if (!checked.ok) return json(checked.failure, 400);
    const sent = await sendDevis(stored, checked.draft);
    return json({ success: true, data: await adminDevis(stored, sent.record), link: sent.link, number: sent.version.number });
  } catch (error) {
    return serverError('devis-send', error);
  }
};

export const config: Config = {
  path: '/api/contact/:id/devis/envoi',
};
