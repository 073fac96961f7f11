/** Answers of the devis functions that are not plain JSON reads: the PDF, and the POST of a customer's answer. */
import { validateAnswer, validateDraft, type AnswerInput, type DevisDraft } from '../../../src/features/devis/devis.ts';
import { API_BODY_LIMIT_BYTES } from '../../../src/lib/constants.ts';
import type { Call } from '../api/endpoint.ts';
import { apiError, apiHeaders, json, methodNotAllowed } from '../http/http.ts';
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

/** The editor's idempotency key of a send: 8 to 100 letters, digits or dashes. */
const SEND_KEY = /^[A-Za-z0-9-]{8,100}$/;

/**
 * The body of a devis send { draft, idempotencyKey? }, for a quote request's devis and a repair's alike: read
 * (a draft of 200 lines is larger than the API's other bodies), the draft checked (400 with each field's
 * French sentence), the key checked; or the answer saying why not.
 */
export async function readDevisSend(body: Call<string>['body']): Promise<{ ok: true; draft: DevisDraft; sendKey?: string } | { ok: false; response: Response }> {
  const read = await body(API_BODY_LIMIT_BYTES * 4);
  if (!read.ok) return read;
  const sent = read.body as { draft?: unknown; idempotencyKey?: unknown } | null;
  const checked = validateDraft(sent?.draft);
  if (!checked.ok) return { ok: false, response: json(checked.failure, 400) };
  const key = sent?.idempotencyKey;
  if (key !== undefined && (typeof key !== 'string' || !SEND_KEY.test(key))) return { ok: false, response: apiError('devis_send_key_invalid') };
  return { ok: true, draft: checked.draft, ...(key ? { sendKey: key } : {}) };
}
