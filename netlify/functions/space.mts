/**
 * The customers' space, once signed in (and its sign-in link's request): the person, sessions and passkeys, the summary, devis, requests, equipment and tickets.
 * Each route's module is loaded on its first call (netlify/lib/api/router.ts); `config.path` lists the
 * same patterns as the table, literally (Netlify reads it without running the file; tests/unit/api-routes.test.ts).
 */
import type { Config } from '@netlify/functions';
import { API } from '../../src/lib/api-routes.ts';
import { routes } from '../lib/api/router.ts';

export default routes({
  [API.spaceLink]: () => import('../routes/space/espace-client-lien.ts'),
  [API.spaceMe]: () => import('../routes/space/espace-client-moi.ts'),
  [API.spaceSignOut]: () => import('../routes/space/espace-client-deconnexion.ts'),
  [API.spaceSessions]: () => import('../routes/space/espace-client-sessions.ts'),
  [API.spaceSession]: () => import('../routes/space/espace-client-session.ts'),
  [API.spacePasskeys]: () => import('../routes/space/espace-client-cles.ts'),
  [API.spacePasskey]: () => import('../routes/space/espace-client-cle-suppression.ts'),
  [API.spaceSummary]: () => import('../routes/space/space-summary.ts'),
  [API.spaceDevisList]: () => import('../routes/space/space-devis.ts'),
  [API.spaceDevis]: () => import('../routes/space/space-devis.ts'),
  [API.spaceDevisPdf]: () => import('../routes/space/space-devis-document.ts'),
  [API.spaceDevisAnswer]: () => import('../routes/space/space-devis-document.ts'),
  [API.spaceRequests]: () => import('../routes/space/space-requests.ts'),
  [API.spaceRequest]: () => import('../routes/space/space-requests.ts'),
  [API.spaceEquipmentList]: () => import('../routes/space/space-equipment.ts'),
  [API.spaceEquipment]: () => import('../routes/space/space-equipment.ts'),
  [API.spaceTickets]: () => import('../routes/space/space-tickets.ts'),
  [API.spaceTicket]: () => import('../routes/space/space-ticket.ts'),
  [API.spaceTicketMessages]: () => import('../routes/space/space-ticket.ts'),
  [API.spaceTicketReopen]: () => import('../routes/space/space-ticket.ts'),
  [API.spaceTicketPhoto]: () => import('../routes/space/space-ticket-files.ts'),
  [API.spaceTicketReport]: () => import('../routes/space/space-ticket-files.ts'),
});

export const config: Config = {
  path: [
    '/api/espace-client/lien',
    '/api/espace-client/moi',
    '/api/espace-client/deconnexion',
    '/api/espace-client/sessions',
    '/api/espace-client/sessions/:id',
    '/api/espace-client/cles',
    '/api/espace-client/cles/:id',
    '/api/espace-client/resume',
    '/api/espace-client/devis',
    '/api/espace-client/devis/:requestId/:version',
    '/api/espace-client/devis/:requestId/:version/pdf',
    '/api/espace-client/devis/:requestId/:version/reponse',
    '/api/espace-client/demandes',
    '/api/espace-client/demandes/:id',
    '/api/espace-client/equipements',
    '/api/espace-client/equipements/:id',
    '/api/espace-client/tickets',
    '/api/espace-client/tickets/:id',
    '/api/espace-client/tickets/:id/messages',
    '/api/espace-client/tickets/:id/rouvrir',
    '/api/espace-client/tickets/:id/photos/:photoId',
    '/api/espace-client/tickets/:id/rapport',
  ],
};
