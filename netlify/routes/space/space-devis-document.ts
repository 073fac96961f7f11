/**
 * A devis version of the company, from the customers' space (the PDF code: the kept documents, the answer):
 * - GET /api/espace-client/devis/{requestId}/{version}/pdf: the kept PDF, the answered one once there is one;
 * - POST /api/espace-client/devis/{requestId}/{version}/reponse { decision: 'accepte', name, role,
 *   bonPourAccord: true } or { decision: 'refuse', reason }: the same answer, records, PDF and e-mails as
 *   the devis' link, recorded with the person whose session gave it (a repair's devis moves its repair);
 *   the same answer again, the same result.
 * Another company's version answers 404, as one that does not exist.
 */
import { answerSchema } from '../../../src/features/devis/devis.ts';
import type { PublicDevis } from '../../../src/features/devis/public-devis.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { answerHandler, isAnswerPath, pdfResponse } from '../../lib/devis/devis-http.ts';
import { apiError, json, methodNotAllowed } from '../../lib/http/http.ts';
import { answerFromSpace, spaceDevisPdf } from '../../lib/space/space-devis-answer.ts';

export default endpoint({
  name: 'space-devis-document',
  params: { requestId: 'devis_not_found', version: 'devis_not_found' },
  methods: {
    GET: {
      permission: 'customer',
      handle: async ({ customer, params, request }) => {
        if (isAnswerPath(request)) return methodNotAllowed(['POST']);
        const document = await spaceDevisPdf(customer, params.requestId, params.version);
        return document ? pdfResponse(document.pdf, document.fileName) : apiError('devis_not_found');
      },
    },
    POST: {
      permission: 'customer',
      input: answerSchema,
      handle: answerHandler(async ({ customer, params }, answer, origin) => {
        // The workshop follows the answers to its repairs' devis (it registers as it loads).
        await import('../../lib/repairs/repair-devis-answer.ts');
        const outcome = await answerFromSpace(customer!, params.requestId, params.version, answer, origin);
        return outcome.ok ? json({ success: true, data: outcome.devis } satisfies { success: true; data: PublicDevis }) : apiError(outcome.error);
      }),
    },
  },
});
