/** Answers of the devis functions that are not plain JSON reads: the PDF, and the POST of a customer's answer. */
import { validateAnswer, type AnswerInput } from '../../../src/features/devis/devis.ts';
import type { Call } from '../api/endpoint.ts';
import { apiHeaders, json, methodNotAllowed } from '../http/http.ts';
import { siteAddress } from '../http/site-url.ts';

/** A PDF download with the API's security headers. */
export function pdfResponse(pdf: Buffer, fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): Response {
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      ...apiHeaders,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${disposition}; filename="${fileName}"`,
      'Content-Length': String(pdf.length),
    },
  });
}

/** An answer is posted to …/reponse; the devis and its PDF are read at the other paths. */
export const isAnswerPath = (request: Request): boolean => new URL(request.url).pathname.endsWith('/reponse');

/**
 * The POST of a customer's answer, for the devis' link and the customers' space alike: 405 on another
 * path than …/reponse, the body read and checked with the answer's rules (400 with each field's French
 * sentence), then `record` with the answer and where it came from (the client's address, the site's).
 */
export const answerHandler =
  <P extends string>(record: (call: Call<P>, answer: AnswerInput, origin: { ip: string; site: string }) => Promise<Response>) =>
  async (call: Call<P>): Promise<Response> => {
    if (!isAnswerPath(call.request)) return methodNotAllowed(['GET']);
    const read = await call.body();
    if (!read.ok) return read.response;
    const checked = validateAnswer(read.body);
    if (!checked.ok) return json(checked.failure, 400);
    return record(call, checked.answer, { ip: call.context?.ip ?? '', site: siteAddress() });
  };
