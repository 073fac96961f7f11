/**
 * GET /api/contact — the administrator's list of requests, newest first: { success: true, data }.
 */
import type { Config } from '@netlify/functions';
import { authenticate } from '../lib/auth.ts';
import { json, methodNotAllowed, serverError } from '../lib/http.ts';
import { listRequests } from '../lib/requests.ts';

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  try {
    const auth = await authenticate(request, 'contact-list');
    if (!auth.ok) return auth.response;
    return json({ success: true, data: await listRequests() });
  } catch (error) {
    return serverError('contact-list', error);
  }
};

export const config: Config = {
  path: '/api/contact',
};
