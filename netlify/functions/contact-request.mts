/**
 * /api/contact/{id} — GET: the whole request (notes and history) with its mails,
 * { success: true, data, mails }; DELETE: erases the request, its index entry and its mail records,
 * { success: true }. 404 « Demande introuvable. » for an unknown id.
 */
import type { Config, Context } from '@netlify/functions';
import { authenticate } from '../lib/auth/auth.ts';
import { json, jsonError, methodNotAllowed, pathParam, serverError } from '../lib/http/http.ts';
import { listMails } from '../lib/mail/outbox.ts';
import { deleteDevis } from '../lib/devis/devis-records.ts';
import { deleteRequest, getRequest } from '../lib/requests/requests.ts';

const notFound = () => jsonError(404, 'Demande introuvable.');

export default async (request: Request, context?: Context): Promise<Response> => {
  if (request.method !== 'GET' && request.method !== 'DELETE') return methodNotAllowed(['GET', 'DELETE']);
  try {
    const auth = await authenticate(request, 'contact-request');
    if (!auth.ok) return auth.response;
    const id = pathParam(request, context, 'id', 1);
    if (id === undefined) return notFound();
    if (request.method === 'DELETE') {
      const existed = await deleteRequest(id);
      // Its devis (drafts, versions, answers) go with it.
      if (existed) await deleteDevis(id);
      return existed ? json({ success: true }) : notFound();
    }
    const [stored, mails] = await Promise.all([getRequest(id), listMails(id)]);
    if (!stored) return notFound();
    return json({ success: true, data: stored, mails });
  } catch (error) {
    return serverError('contact-request', error);
  }
};

export const config: Config = {
  path: '/api/contact/:id',
};
