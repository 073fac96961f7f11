/**
 * POST /api/auth/login — { username, password } → { success: true, token } (an 8-hour HS256 token).
 * Wrong credentials: 401 { success: false }. Too many tries: 429 with Retry-After (netlify/lib/auth/auth.ts).
 * No credentials configured, or a password in clear in production: 503, and the log says why.
 */
import type { Config, Context } from '@netlify/functions';
import { handleLogin } from '../lib/auth/login.ts';

export default (request: Request, context: Context): Promise<Response> => handleLogin(request, context);

export const config: Config = {
  path: '/api/auth/login',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
