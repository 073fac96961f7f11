/**
 * The workshop: repair orders (the board, one order, its reception with the deposit slip and label, its devis,
 * its loan, its files), a company's loan pool, and the customer's « Mes réparations ».
 * Each route's module is loaded on its first call (netlify/lib/api/router.ts); `config.path` lists the
 * same patterns as the table, literally (Netlify reads it without running the file; tests/unit/api-routes.test.ts).
 */
import type { Config } from '@netlify/functions';
import { API } from '../../src/lib/api-routes.ts';
import { routes } from '../lib/api/router.ts';

export default routes({
  [API.repairs]: () => import('../routes/repairs/repairs.ts'),
  [API.repair]: () => import('../routes/repairs/repair.ts'),
  [API.repairReception]: () => import('../routes/repairs/repair-reception.ts'),
  [API.repairDevis]: () => import('../routes/repairs/repair-devis.ts'),
  [API.repairLoan]: () => import('../routes/repairs/repair-loan.ts'),
  [API.repairSlip]: () => import('../routes/repairs/repair-files.ts'),
  [API.repairLabel]: () => import('../routes/repairs/repair-files.ts'),
  [API.repairReport]: () => import('../routes/repairs/repair-files.ts'),
  [API.repairPhoto]: () => import('../routes/repairs/repair-files.ts'),
  [API.companyWorkshop]: () => import('../routes/repairs/company-workshop.ts'),
  [API.spaceRepairs]: () => import('../routes/repairs/space-repairs.ts'),
  [API.spaceRepair]: () => import('../routes/repairs/space-repairs.ts'),
  [API.spaceRepairSlip]: () => import('../routes/repairs/space-repairs.ts'),
  [API.spaceRepairReport]: () => import('../routes/repairs/space-repairs.ts'),
});

export const config: Config = {
  path: [
    '/api/atelier',
    '/api/atelier/:id',
    '/api/atelier/:id/reception',
    '/api/atelier/:id/devis',
    '/api/atelier/:id/pret',
    '/api/atelier/:id/bon-de-depot',
    '/api/atelier/:id/etiquette',
    '/api/atelier/:id/rapport',
    '/api/atelier/:id/photos/:photoId',
    '/api/clients/:id/atelier',
    '/api/espace-client/reparations',
    '/api/espace-client/reparations/:id',
    '/api/espace-client/reparations/:id/bon-de-depot',
    '/api/espace-client/reparations/:id/rapport',
  ],
};
