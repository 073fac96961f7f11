/**
 * The company's devis in the customers' space (no PDF code here):
 * - GET /api/espace-client/devis: every version of every devis of the company, newest first;
 * - GET /api/espace-client/devis/{requestId}/{version}: one version as the devis page shows it.
 * A version of another company's devis answers 404, as one that does not exist.
 */
import type { PublicDevis } from '../../../src/features/devis/public-devis.ts';
import type { SpaceDevisListAnswer } from '../../../src/features/space/answers.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { publicDevis } from '../../lib/devis/devis-public.ts';
import { apiError, json, routeParam } from '../../lib/http/http.ts';
import { companyDevis, companyVersion } from '../../lib/space/space-devis.ts';

export default endpoint({
  name: 'space-devis',
  methods: {
    GET: {
      permission: 'customer',
      handle: async ({ customer, context }) => {
        const requestId = routeParam(context, 'requestId');
        const version = routeParam(context, 'version');
        if (requestId === undefined || version === undefined) return json({ success: true, data: await companyDevis(customer.company) } satisfies SpaceDevisListAnswer);
        const found = await companyVersion(customer.company, requestId, version);
        return found ? json({ success: true, data: publicDevis(found.version) } satisfies { success: true; data: PublicDevis }) : apiError('devis_not_found');
      },
    },
  },
});
