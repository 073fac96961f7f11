/**
 * /api/clients/{id}/atelier — a company's workshop, for its page: GET (repairs.read) its repairs, newest
 * first, and its loan pool (model, serial, state, loans with their dates); POST (repairs.write) { model,
 * serial } adds a device to the pool (201). A company of another territory is « not found ».
 */
import { loanDeviceInputSchema } from '../../../src/features/repairs/model.ts';
import { endpoint, withValidBody, type StaffCall } from '../../lib/api/endpoint.ts';
import { apiError, json } from '../../lib/http/http.ts';
import { addLoanDevice, companyPool } from '../../lib/repairs/loans.ts';
import { companyRepairs, visibleCompany } from '../../lib/repairs/staff-repairs.ts';

export default endpoint({
  name: 'company-workshop',
  params: { id: 'company_not_found' },
  methods: {
    GET: {
      permission: 'repairs.read',
      handle: async ({ params, staff }) => {
        const company = await visibleCompany(staff, params.id);
        if (!company) return apiError('company_not_found');
        const [repairs, pool] = await Promise.all([companyRepairs(company.id), companyPool(company.id)]);
        return json({ success: true, data: { repairs, pool } });
      },
    },
    POST: {
      permission: 'repairs.write',
      handle: withValidBody(loanDeviceInputSchema, async ({ params, staff }: StaffCall<'id'>, input) => {
        const company = await visibleCompany(staff, params.id);
        if (!company) return apiError('company_not_found');
        return json({ success: true, data: { pool: await addLoanDevice(company.id, input) } }, 201);
      }),
    },
  },
});

