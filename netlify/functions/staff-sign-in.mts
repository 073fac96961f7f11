/**
 * Staff sign-in: password, second factor, passkey (rate limited per client; the three share this function's window of 20 calls a minute).
 * Each route's module is loaded on its first call (netlify/lib/api/router.ts); `config.path` lists the
 * same patterns as the table, literally (Netlify reads it without running the file; tests/unit/api-routes.test.ts).
 */
import type { Config } from '@netlify/functions';
import { API } from '../../src/lib/api-routes.ts';
import { routes } from '../lib/api/router.ts';

export default routes({
  [API.login]: () => import('../routes/staff-sign-in/auth-login.ts'),
  [API.secondFactor]: () => import('../routes/staff-sign-in/auth-second-factor.ts'),
  [API.passkeyLogin]: () => import('../routes/staff-sign-in/auth-passkey.ts'),
});

export const config: Config = {
  path: [
    '/api/auth/login',
    '/api/auth/second-factor',
    '/api/auth/passkey',
  ],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
