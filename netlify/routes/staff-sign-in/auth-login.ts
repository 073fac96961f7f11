/**
 * POST /api/auth/login — { username, password }. The owner (ADMIN_USERNAME) gets { success: true, token }
 * (an 8-hour HS256 token); a staff account (its e-mail) gets { success: true, secondFactor: { pending,
 * passkey, totp } }, to finish at /api/auth/second-factor (netlify/lib/team/sign-in.ts).
 * Wrong credentials: 401 { success: false }. Too many tries: 429 with Retry-After (netlify/lib/auth/auth.ts).
 * No credentials configured, or a password in clear in production: 503, and the log says why.
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { handleLogin } from '../../lib/auth/login.ts';
import { staffPasswordStep } from '../../lib/team/sign-in.ts';

export default endpoint({
  name: 'auth-login',
  methods: { POST: { permission: 'public', handle: ({ request, context }) => handleLogin(request, context, Date.now, staffPasswordStep) } },
});
