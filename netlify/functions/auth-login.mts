/**
 * POST /api/auth/login — { username, password } → { success: true, token } (an 8-hour HS256 token).
 * Wrong credentials: 401 { success: false }. Too many failures from one IP: 429 for a while.
 * No credentials configured: 503, and the log says why.
 */
import type { Config, Context } from '@netlify/functions';
import { API_BODY_LIMIT_BYTES } from '../../src/lib/constants.ts';
import { checkCredentials, clearLoginFailures, issueToken, loginRetryAfter, readAuthConfig, recordLoginFailure } from '../lib/auth.ts';
import { clientIp, json, jsonError, methodNotAllowed, readJsonBody, serverError } from '../lib/http.ts';

const WRONG_CREDENTIALS = 'Identifiant ou mot de passe incorrect';

export default async (request: Request, context?: Context): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const auth = readAuthConfig();
  if (!auth.ok) {
    console.error(`auth-login: login is disabled: ${auth.reason}`);
    return jsonError(503, 'La connexion administrateur n’est pas configurée sur ce serveur.');
  }
  try {
    const ip = clientIp(request, context);
    const wait = await loginRetryAfter(ip);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000);
      return json(
        { success: false, error: `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.` },
        429,
        { 'Retry-After': String(Math.ceil(wait / 1000)) },
      );
    }
    const read = await readJsonBody(request, API_BODY_LIMIT_BYTES);
    if (!read.ok) return read.response;
    const body = (typeof read.body === 'object' && read.body !== null ? read.body : {}) as Record<string, unknown>;
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!username || !password || username.length > 200 || password.length > 200) {
      const fields: Record<string, string> = {};
      if (!username) fields.username = 'Veuillez saisir votre identifiant.';
      if (!password) fields.password = 'Veuillez saisir votre mot de passe.';
      return json({ success: false, error: 'Identifiant et mot de passe requis.', fields }, 400);
    }
    if (!(await checkCredentials(auth.config, username, password))) {
      await recordLoginFailure(ip);
      return jsonError(401, WRONG_CREDENTIALS);
    }
    await clearLoginFailures(ip);
    return json({ success: true, token: await issueToken(auth.config) });
  } catch (error) {
    return serverError('auth-login', error);
  }
};

export const config: Config = {
  path: '/api/auth/login',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
