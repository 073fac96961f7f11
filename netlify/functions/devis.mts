/**
 * The staff's devis of a request: the draft, its sending, a sent version's PDF, its link revoked or its acceptance cancelled, and the catalogue product lookup of the editor.
 * Each route's module is loaded on its first call (netlify/lib/api/router.ts); `config.path` lists the
 * same patterns as the table, literally (Netlify reads it without running the file; tests/unit/api-routes.test.ts).
 */
import type { Config } from '@netlify/functions';
import { API } from '../../src/lib/api-routes.ts';
import { routes } from '../lib/api/router.ts';

export default routes({
  [API.devisAdmin]: () => import('../routes/devis/devis-admin.ts'),
  [API.devisSend]: () => import('../routes/devis/devis-send.ts'),
  [API.devisAdminPdf]: () => import('../routes/devis/devis-admin-pdf.ts'),
  [API.devisRevocation]: () => import('../routes/devis/devis-admin-action.ts'),
  [API.devisCancellation]: () => import('../routes/devis/devis-admin-action.ts'),
  [API.devisProduct]: () => import('../routes/devis/devis-product.ts'),
});

export const config: Config = {
  path: [
    '/api/contact/:id/devis',
    '/api/contact/:id/devis/envoi',
    '/api/contact/:id/devis/:version/pdf',
    '/api/contact/:id/devis/:version/revocation',
    '/api/contact/:id/devis/:version/annulation',
    '/api/admin/produits/:reference',
  ],
};
