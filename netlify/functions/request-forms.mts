/**
 * The public forms: a contact request and a quote request (each rate limited per client; the two share this function's window of 10 calls a minute).
 * Each route's module is loaded on its first call (netlify/lib/api/router.ts); `config.path` lists the
 * same patterns as the table, literally (Netlify reads it without running the file; tests/unit/api-routes.test.ts).
 */
import type { Config } from '@netlify/functions';
import { API } from '../../src/lib/api-routes.ts';
import { routes } from '../lib/api/router.ts';

export default routes({
  [API.contactForm]: () => import('../routes/request-forms/contact-only-email.ts'),
  [API.quote]: () => import('../routes/request-forms/quote.ts'),
});

export const config: Config = {
  path: [
    '/api/contact-only-email',
    '/api/quote',
  ],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
