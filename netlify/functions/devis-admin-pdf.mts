/**
 * GET /api/contact/{id}/devis/{version}/pdf — the PDF of a sent version, for the administrator (bearer
 * token): the kept document — as sent, or as answered once the customer answered — never rendered again.
 * 404 « Devis introuvable. ».
 */
import type { Config, Context } from '@netlify/functions';
import { authenticate } from '../lib/auth/auth.ts';
import { servedPdf } from '../lib/devis/devis.ts';
import { devisPdfName } from '../lib/devis/devis-pdf.ts';
import { getDevis } from '../lib/devis/devis-records.ts';
import { jsonError, methodNotAllowed, pathParam, serverError } from '../lib/http/http.ts';
import { isRequestId } from '../lib/requests/requests.ts';
import { pdfResponse } from '../lib/devis/devis-http.ts';

export default async (request: Request, context?: Context): Promise<Response> => {
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  try {
    const auth = await authenticate(request, 'devis-admin-pdf');
    if (!auth.ok) return auth.response;
    const id = pathParam(request, context, 'id', 4) ?? '';
    const number = Number(pathParam(request, context, 'version', 2));
    const record = isRequestId(id) ? await getDevis(id) : undefined;
    const version = record?.versions.find((candidate) => candidate.version === number);
    if (!version) return jsonError(404, 'Devis introuvable.');
    return pdfResponse(await servedPdf(version), devisPdfName(version));
  } catch (error) {
    return serverError('devis-admin-pdf', error);
  }
};

export const config: Config = {
  path: '/api/contact/:id/devis/:version/pdf',
};
