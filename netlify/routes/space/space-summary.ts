/** GET /api/espace-client/resume — the space's home page: devis awaiting an answer, equipment under contract, open tickets. */
import type { SpaceSummaryAnswer } from '../../../src/features/space/answers.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { json } from '../../lib/http/http.ts';
import { companySummary } from '../../lib/space/space-summary.ts';

export default endpoint({
  name: 'space-summary',
  methods: {
    GET: {
      permission: 'customer',
      handle: async ({ customer }) => json({ success: true, data: await companySummary(customer.company) } satisfies SpaceSummaryAnswer),
    },
  },
});
