/**
 * /api/clients/{id}/personnes (POST: add) and /api/clients/{id}/personnes/{personId} (PUT: change, DELETE:
 * remove), customers.write — a person of the company { name, email, phone }: an address belongs to one
 * person of one company (409 email_taken… answered 400 on the `email` field); a removed person's sessions
 * and passkeys end with them, a changed address ends their sessions. Answers the whole company.
 */
import { personInputSchema } from '../../../src/features/customers/admin-api.ts';
import { savePerson } from '../../lib/customers/company-admin.ts';
import { companyPartEndpoint } from '../../lib/api/company-part-endpoint.ts';

export default companyPartEndpoint({
  name: 'customer-people',
  list: 'people',
  itemParam: 'personId',
  notFound: 'person_not_found',
  permission: 'customers.write',
  schema: personInputSchema,
  save: savePerson,
  done: { added: 'Personne ajoutée', changed: 'Personne modifiée', removed: 'Personne retirée (sessions et clés d’accès supprimées)' },
});
