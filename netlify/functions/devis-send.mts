/**
 * POST /api/contact/{id}/devis/envoi { draft } — « Envoyer le devis » (bearer token): validates the draft,
 * freezes it as a new version (DV-2026-00042, then -2…; the previous one's link stops working), and e-mails
 * the customer the PDF and the personal link through the outbox. Answers the admin's view of the devis.
 * An optional `idempotencyKey` makes a retry answer the version it sent. 409 while an acceptance stands
 * (the administrator voids it first, with a reason).
 */
import type { Config, Context } from '@netlify/functions';
import { validateDraft } from '../../src/features/devis/devis.ts';
import { API_BODY_LIMIT_BYTES } from '../../src/lib/constants.ts';
import { authenticate } from '../lib/auth/auth.ts';
import { sendDevis } from '../lib/devis/devis.ts';
import { adminDevis } from '../lib/devis/devis-admin.ts';
import { siteAddress } from '../lib/http/site-url.ts';
import { json, jsonError, methodNotAllowed, pathParam, readJsonBody, serverError } from '../lib/http/http.ts';
import { getRequest } from '../lib/requests/requests.ts';

const SEND_KEY = /^[A-Za-z0-9-]{8,100}$/;

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
    const body = read.body as { draft?: unknown; idempotencyKey?: unknown } | null;
    const checked = validateDraft(body?.draft);
    if (!checked.ok) return json(checked.failure, 400);
    const key = body?.idempotencyKey;
    if (key !== undefined && (typeof key !== 'string' || !SEND_KEY.test(key))) return jsonError(400, 'Clé d’idempotence invalide : 8 à 100 lettres, chiffres ou tirets.');
    const site = siteAddress(request);
    const sent = await sendDevis(stored, checked.draft, { site, ...(key ? { sendKey: key } : {}) });
    if (!sent.ok) return jsonError(409, `Le devis ${sent.number} a été accepté : annulez d’abord son acceptation (avec un motif) pour envoyer une nouvelle version.`);
    return json({ success: true, data: await adminDevis(stored, sent.record, site), link: sent.link, number: sent.version.number });
  } catch (error) {
    return serverError('devis-send', error);
  }
};

export const config: Config = {
  path: '/api/contact/:id/devis/envoi',
};
