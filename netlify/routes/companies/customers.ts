/**
 * /api/clients — GET (customers.read) `?q=&territoire=&page=`: one page of the companies by name, the
 * search over names, client codes, people's names and addresses, serial numbers (companyListAnswerSchema);
 * POST (customers.write) « Nouvelle société » { name, clientCode, territory, contractEndsOn }: 201 with the
 * company; 400 with `fields` for a bad or taken value (client_code_taken). Recorded in the journal.
 */
import { companyFilterSchema, companyInputSchema, type CompanyListAnswer } from '../../../src/features/customers/admin-api.ts';
import { can } from '../../lib/auth/permissions.ts';
import { endpoint, withValid, withValidBody, type StaffCall } from '../../lib/api/endpoint.ts';
import { createCompany } from '../../lib/customers/company-admin.ts';
import { companyAnswer, recordCustomerChange } from '../../lib/customers/customer-admin-http.ts';
import { searchCompanies } from '../../lib/customers/company-list.ts';
import { json } from '../../lib/http/http.ts';

export default endpoint({
  name: 'customers',
  methods: {
    GET: {
      permission: 'customers.read',
      input: companyFilterSchema,
      handle: async ({ request, staff }) =>
        withValid(companyFilterSchema, Object.fromEntries(new URL(request.url).searchParams), async (filter) =>
          json({ success: true, ...(await searchCompanies(filter)), mayCreate: can(staff.role, 'customers.write') } satisfies CompanyListAnswer & { success: true }),
        ),
    },
    POST: {
      permission: 'customers.write',
      handle: withValidBody(companyInputSchema, async ({ staff }: StaffCall<never>, input) => {
        const company = await createCompany(input, staff);
        await recordCustomerChange(staff, company, 'Société créée');
        return companyAnswer(company, staff, 201);
      }),
    },
  },
});
