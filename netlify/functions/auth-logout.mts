/**
 * POST /api/auth/logout — revokes the bearer token: it is refused afterwards. { success: true }.
 */
import type { Config } from '@netlify/functions';
import { authenticate, revokeToken } from '../lib/auth/auth.ts';
import { json, methodNotAllowed, serverError } from '../lib/http/http.ts';

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  try {
    const auth = await authenticate(request, 'auth-logout');
    if (!auth.ok) return auth.response;
    await revokeToken(auth.claims.jti, auth.claims.exp);
    return json({ success: true });
  } catch (error) {
    return serverError('auth-logout', error);
  }
};

export const config: Config = {
  path: '/api/auth/logout',
};
