/**
 * The requests the company sent from the customers' space (« Mes demandes »):
 * - GET /api/espace-client/demandes: newest first (SpaceRequest[]);
 * - GET /api/espace-client/demandes/{id}: one of them, whole (SpaceRequestDetail).
 * A request not sent from this company's space answers 404, as one that does not exist.
 */
import { endpoint } from '../../lib/api/endpoint.ts';
import { listOrOne } from '../../lib/space/space-http.ts';
import { companyRequest, companyRequests } from '../../lib/space/space-requests.ts';

export default endpoint({
  name: 'space-requests',
  methods: { GET: { permission: 'customer', handle: listOrOne(companyRequests, companyRequest, 'request_not_found') } },
});
