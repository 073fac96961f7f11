/**
 * The customer's side of a devis, by the token of its personal link (no account):
 * - GET /api/devis/{jeton}: the devis as the page shows it (JSON), or why the link opens nothing;
 * - GET /api/devis/{jeton}/pdf: the kept PDF (as sent, or as answered);
 * - POST /api/devis/{jeton}/reponse { decision: 'accepte', name, role, bonPourAccord: true } or
 *   { decision: 'refuse', reason }: records the answer once, with the address it came from; both sides get
 *   an e-mail; a repair's devis moves its repair; the same answer sent again gets the same result.
 * A forged, altered, replaced, expired or already answered link gets a French sentence (400, 404, 409 or
 * 410) and the way to ask for a new devis; never a 5xx for what the link says.
 */
import type { Config } from '@netlify/functions';
import { endpoint } from '../lib/api/endpoint.ts';
import { answerDevis, servedPdf } from '../lib/devis/devis.ts';
import { answerSchema } from '../../src/features/devis/devis.ts';
import { LINK_MESSAGES, LINK_STATUS, openLink, type LinkRefusal } from '../lib/devis/devis-links.ts';
import { answerHandler, isAnswerPath, pdfResponse } from '../lib/devis/devis-http.ts';
import { publicDevis } from '../lib/devis/devis-public.ts';
import { devisPdfName } from '../lib/devis/devis-pdf.ts';
import { json, methodNotAllowed } from '../lib/http/http.ts';

const refused = (reason: LinkRefusal, number?: string) =>
  json({ success: false, reason, error: LINK_MESSAGES[reason], ...(number ? { number } : {}) }, LINK_STATUS[reason]);

export default endpoint({
  name: 'devis-public',
  params: { token: 'devis_link_invalid' },
  methods: {
    GET: {
      permission: 'public',
      handle: async ({ request, params }) => {
        if (isAnswerPath(request)) return methodNotAllowed(['POST']);
        const opening = await openLink(params.token);
        if (!opening.ok) return refused(opening.reason, opening.number);
        if (new URL(request.url).pathname.endsWith('/pdf')) return pdfResponse(await servedPdf(opening.version), devisPdfName(opening.version));
        return json({ success: true, data: publicDevis(opening.version) });
      },
    },
    POST: {
      permission: 'public',
      input: answerSchema,
      handle: answerHandler(async ({ params }, answer, origin) => {
        // The workshop follows the answers to its repairs' devis (it registers as it loads).
        await import('../lib/repairs/repair-devis-answer.ts');
        const outcome = await answerDevis(params.token, answer, origin);
        if (!outcome.ok) return refused(outcome.reason, outcome.number);
        return json({ success: true, data: publicDevis(outcome.version) });
      }),
    },
  },
});

export const config: Config = {
  path: ['/api/devis/:token', '/api/devis/:token/pdf', '/api/devis/:token/reponse'],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
