/**
 * Requests and the inbox, for the staff: the list, one request, its notes, territory and assignment, status, e-mails sent again, and the ticket made from it.
 * Each route's module is loaded on its first call (netlify/lib/api/router.ts); `config.path` lists the
 * same patterns as the table, literally (Netlify reads it without running the file; tests/unit/api-routes.test.ts).
 */
import type { Config } from '@netlify/functions';
import { API } from '../../src/lib/api-routes.ts';
import { routes } from '../lib/api/router.ts';

export default routes({
  [API.contactList]: () => import('../routes/requests/contact-list.ts'),
  [API.contactRequest]: () => import('../routes/requests/contact-request.ts'),
  [API.contactNotes]: () => import('../routes/requests/contact-notes.ts'),
  [API.contactRouting]: () => import('../routes/requests/contact-routing.ts'),
  [API.contactStatus]: () => import('../routes/requests/contact-status.ts'),
  [API.contactMailResend]: () => import('../routes/requests/contact-mail-resend.ts'),
  [API.contactTicket]: () => import('../routes/requests/contact-ticket.ts'),
});

export const config: Config = {
  path: [
    '/api/contact',
    '/api/contact/:id',
    '/api/contact/:id/notes',
    '/api/contact/:id/attribution',
    '/api/contact/:id/status',
    '/api/contact/:id/mails/:mailId/resend',
    '/api/contact/:id/ticket',
  ],
};
