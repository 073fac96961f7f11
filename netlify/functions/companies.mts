/**
 * Customer companies, for the staff: the list, one company, its people, shops and equipment, and the invitation of a person to the space.
 * Each route's module is loaded on its first call (netlify/lib/api/router.ts); `config.path` lists the
 * same patterns as the table, literally (Netlify reads it without running the file; tests/unit/api-routes.test.ts).
 */
import type { Config } from '@netlify/functions';
import { API } from '../../src/lib/api-routes.ts';
import { routes } from '../lib/api/router.ts';

export default routes({
  [API.companies]: () => import('../routes/companies/customers.ts'),
  [API.company]: () => import('../routes/companies/customer.ts'),
  [API.companyPeople]: () => import('../routes/companies/customer-people.ts'),
  [API.companyPerson]: () => import('../routes/companies/customer-people.ts'),
  [API.companyPersonInvitation]: () => import('../routes/companies/clients-invitation.ts'),
  [API.companyShops]: () => import('../routes/companies/customer-shops.ts'),
  [API.companyShop]: () => import('../routes/companies/customer-shops.ts'),
  [API.companyEquipment]: () => import('../routes/companies/customer-equipment.ts'),
  [API.companyEquipmentItem]: () => import('../routes/companies/customer-equipment.ts'),
});

export const config: Config = {
  path: [
    '/api/clients',
    '/api/clients/:id',
    '/api/clients/:id/personnes',
    '/api/clients/:id/personnes/:personId',
    '/api/clients/:id/personnes/:personId/invitation',
    '/api/clients/:id/boutiques',
    '/api/clients/:id/boutiques/:shopId',
    '/api/clients/:id/equipements',
    '/api/clients/:id/equipements/:equipmentId',
  ],
};
