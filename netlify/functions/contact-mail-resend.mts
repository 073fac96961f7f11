/**
 * POST /api/contact/{id}/mails/{mailId}/resend — « Renvoyer » in the admin (bearer token): puts one
 * e-mail of a request (`entreprise` or `visiteur`) back in the outbox and sends it now. Answers
 * { success: true, mail } with the e-mail's new status; 404 for an unknown request or e-mail, 409 while
 * it is being sent.
 */
import type { Config, Context } from '@netlify/functions';
import { authenticate } from '../lib/auth/auth.ts';
import { json, jsonError, methodNotAllowed, pathParam, serverError } from '../lib/http/http.ts';
import { isMailId, resendMail, summarise } from '../lib/mail/outbox.ts';
import { isRequestId } from '../lib/requests/requests.ts';

export default async (request: Request, context?: Context): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  try {
    const auth = await authenticate(request, 'contact-mail-resend');
    if (!auth.ok) return auth.response;
    const id = pathParam(request, context, 'id', 4);
    const mailId = pathParam(request, context, 'mailId', 2);
    if (!id || !mailId || !isRequestId(id) || !isMailId(mailId)) return jsonError(404, 'E-mail introuvable.');
    const result = await resendMail(id, mailId);
    if (result === 'not_found') return jsonError(404, 'E-mail introuvable.');
    if (result === 'busy') return jsonError(409, 'Cet e-mail est en cours d’envoi. Réessayez dans quelques minutes.');
    return json({ success: true, mail: summarise(result) });
  } catch (error) {
    return serverError('contact-mail-resend', error);
  }
};

export const config: Config = {
  path: '/api/contact/:id/mails/:mailId/resend',
};
