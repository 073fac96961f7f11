/**
 * GET /api/contact/{id}/devis/{version}/pdf — the PDF of a sent version, for the back office: the kept
 * document — as sent, or as answered once the customer answered — never rendered again.
 * 404 « Devis introuvable. ».
 */
import { getVisibleRequest } from '../../lib/requests/scope.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { servedPdf } from '../../lib/devis/devis.ts';
import { devisPdfName } from '../../lib/devis/devis-pdf.ts';
import { getDevis } from '../../lib/devis/devis-records.ts';
import { apiError } from '../../lib/http/http.ts';
import { isRequestId } from '../../lib/requests/requests.ts';
import { pdfResponse } from '../../lib/devis/devis-http.ts';

export default endpoint({
  name: 'devis-admin-pdf',
  params: { id: 'devis_not_found', version: 'devis_not_found' },
  methods: {
    GET: {
      permission: 'devis.read',
      handle: async ({ params, staff }) => {
        const number = Number(params.version);
        // A request of a territory the person does not see is not found, its devis with it.
        const visible = isRequestId(params.id) ? await getVisibleRequest(staff, params.id) : undefined;
        const record = visible ? await getDevis(visible.id) : undefined;
        const version = record?.versions.find((candidate) => candidate.version === number);
        if (!version) return apiError('devis_not_found');
        return pdfResponse(await servedPdf(version), devisPdfName(version));
      },
    },
  },
});
