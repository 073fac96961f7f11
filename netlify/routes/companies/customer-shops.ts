/**
 * /api/clients/{id}/boutiques (POST: add) and /api/clients/{id}/boutiques/{shopId} (PUT: change, DELETE:
 * remove), customers.write — a shop of the company { name, address }; its equipment stays when it is
 * removed, without a shop. Answers the whole company.
 */
import { shopInputSchema } from '../../../src/features/customers/admin-api.ts';
import { saveShop } from '../../lib/customers/company-admin.ts';
import { companyPartEndpoint } from '../../lib/api/company-part-endpoint.ts';

export default companyPartEndpoint({
  name: 'customer-shops',
  list: 'shops',
  itemParam: 'shopId',
  notFound: 'shop_not_found',
  permission: 'customers.write',
  schema: shopInputSchema,
  save: saveShop,
  done: { added: 'Boutique ajoutée', changed: 'Boutique modifiée', removed: 'Boutique retirée' },
});
