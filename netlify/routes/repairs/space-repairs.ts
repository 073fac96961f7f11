/**
 * « Mes réparations » in the customers' space (the person's cookie):
 * - GET /api/espace-client/reparations: every repair of the company, newest first;
 * - GET /api/espace-client/reparations/{id}: one repair (states and dates, diagnosis, the devis to answer
 *   through the space's devis path, the loan, the final report);
 * - GET /api/espace-client/reparations/{id}/bon-de-depot: the deposit slip as kept (PDF);
 * - GET /api/espace-client/reparations/{id}/rapport: the repair report as kept (PDF, from « Réparé » on).
 * Another company's repair answers 404 on every call, as one that does not exist.
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { apiError, json, routeParam } from '../../lib/http/http.ts';
import { repairDocumentAnswer } from '../../lib/repairs/repair-files.ts';
import { getRepair } from '../../lib/repairs/repairs.ts';
import { companyCustomerRepair, companyCustomerRepairs, repairOfCompany } from '../../lib/repairs/space-repairs.ts';

export default endpoint({
  name: 'space-repairs',
  methods: {
    GET: {
      permission: 'customer',
      handle: async ({ request, customer, context }) => {
        const company = customer.company;
        const id = routeParam(context, 'id');
        if (id === undefined) return json({ success: true, data: await companyCustomerRepairs(company) });
        const last = new URL(request.url).pathname.split('/').at(-1);
        if (last === 'bon-de-depot' || last === 'rapport') {
          const repair = repairOfCompany(await getRepair(id), company);
          return repair ? repairDocumentAnswer(repair, last) : apiError('repair_not_found');
        }
        const found = await companyCustomerRepair(company, id);
        return found ? json({ success: true, data: found }) : apiError('repair_not_found');
      },
    },
  },
});

