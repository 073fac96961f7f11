/**
 * POST /api/contact/{id}/notes — { text }: adds an internal note to a request, 201 { success: true, data }
 * with the whole request. 400 with `fields.text` for an empty, too long or unprintable text, 404 for an
 * unknown id.
 */
import type { Config, Context } from '@netlify/functions';
import { API_BODY_LIMIT_BYTES } from '../../src/lib/constants.ts';
import { noteError } from '../../src/features/contact/request.ts';
import { authenticate } from '../lib/auth/auth.ts';
import { json, jsonError, methodNotAllowed, pathParam, readJsonBody, serverError } from '../lib/http/http.ts';
import { addNote } from '../lib/requests/requests.ts';

export default async (request: Request, context?: Context): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  try {
    const auth = await authenticate(request, 'contact-notes');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request, API_BODY_LIMIT_BYTES);
    if (!read.ok) return read.response;
    const text = (read.body as { text?: unknown } | null)?.text;
    const error = noteError(text);
    if (error) return jsonError(400, error, { fields: { text: error } });
    const id = pathParam(request, context, 'id', 2);
    const updated = id === undefined ? 'not_found' : await addNote(id, text as string);
    if (updated === 'not_found') return jsonError(404, 'Demande introuvable.');
    if (updated === 'conflict') return jsonError(409, 'La demande a été modifiée entre-temps. Rechargez-la et réessayez.');
    return json({ success: true, data: updated }, 201);
  } catch (error) {
    return serverError('contact-notes', error);
  }
};

export const config: Config = {
  path: '/api/contact/:id/notes',
};
