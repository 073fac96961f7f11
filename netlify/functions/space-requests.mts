/**
 * The requests the company sent from the customers' space (« Mes demandes »):
 * - GET /api/espace-client/demandes: newest first;
 * - GET /api/espace-client/demandes/{id}: one of them, whole.
 * A request not sent from this company's space answers 404, as one that does not exist.
 */
import type { Config } from '@netlify/functions';
import type { SpaceRequestDetail, SpaceRequestListAnswer } from '../../src/features/space/answers.ts';
import { endpoint } from '../lib/api/endpoint.ts';
import { apiError, json, routeParam } from '../lib/http/http.ts';
import { companyRequest, companyRequests } from '../lib/space/space-requests.ts';

export default endpoint({
  name: 'space-requests',
  methods: {
    GET: {
      permission: 'customer',
      handle: async ({ customer, context }) => {
        const id = routeParam(context, 'id');
        if (id === undefined) return json({ success: true, data: await companyRequests(customer!.company) } satisfies SpaceRequestListAnswer);
        const found = await companyRequest(customer!.company, id);
        return found ? json({ success: true, data: found } satisfies { success: true; data: SpaceRequestDetail }) : apiError('request_not_found');
      },
    },
  },
});

export const config: Config = { path: ['/api/espace-client/demandes', '/api/espace-client/demandes/:id'] };
