/**
 * /api/clients/{id} — GET (customers.read): the company with its shops, people and equipment, and what
 * the person signed in may change on it (companyAnswerSchema); PUT (customers.write) { name, clientCode,
 * territory, contractEndsOn, updatedAt }: its own fields, only from the version the form showed (409
 * company_changed otherwise); DELETE (customers.write): the company and everything of it, its workshop repairs
 * and loan pool included (netlify/lib/retention/erase-company.ts).
 * 404 for an unknown company. Changes are recorded in the journal.
 */
import { companyChangeSchema } from '../../../src/features/customers/admin-api.ts';
import { endpoint, withValidBody, type StaffCall } from '../../lib/api/endpoint.ts';
import { getCompany } from '../../lib/customers/companies.ts';
import { changeCompany } from '../../lib/customers/company-admin.ts';
import { eraseCompany } from '../../lib/retention/erase-company.ts';
import { companyAnswer, recordCustomerChange } from '../../lib/customers/customer-admin-http.ts';
import { apiError, json } from '../../lib/http/http.ts';

export default endpoint({
  name: 'customer',
  params: { id: 'company_not_found' },
  methods: {
    GET: {
      permission: 'customers.read',
      handle: async ({ params, staff }) => {
        const company = await getCompany(params.id);
        return company ? companyAnswer(company, staff) : apiError('company_not_found');
      },
    },
    PUT: {
      permission: 'customers.write',
      handle: withValidBody(companyChangeSchema, async ({ params, staff }: StaffCall<'id'>, input) => {
        const company = await changeCompany(params.id, input, staff);
        await recordCustomerChange(staff, company, 'Fiche de la société modifiée');
        return companyAnswer(company, staff);
      }),
    },
    DELETE: {
      permission: 'customers.write',
      handle: async ({ params, staff }) => {
        const company = await eraseCompany(params.id, staff);
        await recordCustomerChange(staff, company, `Société supprimée, avec ${company.people.length} personne(s) et ${company.equipment.length} équipement(s)`, 'suppression');
        return json({ success: true });
      },
    },
  },
});
