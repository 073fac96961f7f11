/**
 * /api/contact/{id} — GET: the whole request (notes and history) with its mails,
 * { success: true, data, mails }; DELETE: erases the request with everything derived from it (retention/erase.ts),
 * { success: true }. 404 « Demande introuvable. » for an unknown id.
 */
import type { Config, Context } from '@netlify/functions';
import { authenticate } from '../lib/auth/auth.ts';
import { json, jsonError, methodNotAllowed, pathParam, serverError } from '../lib/http/http.ts';
import { listMails } from '../lib/mail/outbox.ts';
import { getRequest } from '../lib/requests/requests.ts';
import { eraseRequest } from '../lib/retention/erase.ts';

const notFound = () => jsonError(404, 'Demande introuvable.');

export default async (request: Request, context?: Context): Promise<Response> => {
  if (request.method !== 'GET' && request.method !== 'DELETE') return methodNotAllowed(['GET', 'DELETE']);
  try {
    const auth = await authenticate(request, 'contact-request');
    if (!auth.ok) return auth.response;
    const id = pathParam(request, context, 'id', 1);
    if (id === undefined) return notFound();
    if (request.method === 'DELETE') {
      return (await eraseRequest(id)) ? json({ success: true }) : notFound();
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
