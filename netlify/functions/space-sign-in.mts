/**
 * The customers' space sign-in: a sign-in link spent, a passkey (rate limited per client; the two share this function's window of 30 calls a minute).
 * Each route's module is loaded on its first call (netlify/lib/api/router.ts); `config.path` lists the
 * same patterns as the table, literally (Netlify reads it without running the file; tests/unit/api-routes.test.ts).
 */
import type { Config } from '@netlify/functions';
import { API } from '../../src/lib/api-routes.ts';
import { routes } from '../lib/api/router.ts';

export default routes({
  [API.spaceSignIn]: () => import('../routes/space-sign-in/espace-client-connexion.ts'),
  [API.spacePasskeySignIn]: () => import('../routes/space-sign-in/espace-client-cle.ts'),
});

export const config: Config = {
  path: [
    '/api/espace-client/connexion',
    '/api/espace-client/cle',
  ],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
