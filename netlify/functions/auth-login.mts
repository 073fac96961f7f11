/**
 * POST /api/auth/login — { username, password } → { success: true, token } (an 8-hour HS256 token).
 * Wrong credentials: 401 { success: false }. Too many tries: 429 with Retry-After (netlify/lib/auth/auth.ts).
 * No credentials configured, or a password in clear in production: 503, and the log says why.
 */
import type { Config } from '@netlify/functions';
import { endpoint } from '../lib/api/endpoint.ts';
import { handleLogin } from '../lib/auth/login.ts';

export default endpoint({
  name: 'auth-login',
  methods: { POST: { permission: 'public', handle: ({ request, context }) => handleLogin(request, context) } },
});

export const config: Config = {
  path: '/api/auth/login',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
