/**
 * POST /api/atelier/{id}/reception (repairs.write) — the device handed over at the counter: a multipart form
 * with `condition` (its visible state), `accessories`, `signedBy`, `signature` (the pad's PNG data URL) and
 * up to 5 `photos` (tickets' rules). Makes the deposit slip and the label once, moves the repair to « Reçu à
 * l'atelier » and e-mails the customer. 409 when already received, 400 without a signature or with a bad
 * field, 415/413 for a refused photo — nothing kept then. The photo and PDF code load only here.
 */
import { validate } from '../../../src/features/contact/schema.ts';
import { receptionInputSchema } from '../../../src/features/repairs/model.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { apiError, json } from '../../lib/http/http.ts';
import { siteAddress } from '../../lib/http/site-url.ts';
import { onVisibleRepair, repairAnswer } from '../../lib/repairs/repair-http.ts';
import { signatureFromDataUrl } from '../../lib/tickets/signature.ts';
import { readTicketForm } from '../../lib/tickets/ticket-form.ts';

export default endpoint({
  name: 'repair-reception',
  params: { id: 'repair_not_found' },
  methods: {
    POST: {
      permission: 'repairs.write',
      input: receptionInputSchema,
      handle: onVisibleRepair(async ({ request, staff, context }, repair) => {
        if (repair.reception) return apiError('repair_already_received');
        const read = await readTicketForm(request);
        if (!read.ok) return read.response;
        const { fields, photos } = read.form;
        const checked = validate(receptionInputSchema, fields);
        if (!checked.ok) return json(checked.failure, 400);
        if (!fields.signature) return apiError('signature_missing');
        const signaturePng = signatureFromDataUrl(fields.signature);
        if (!signaturePng) return apiError('signature_invalid');
        const { receiveRepair } = await import('../../lib/repairs/reception.ts');
        const outcome = await receiveRepair(staff, repair, { ...checked.data, signaturePng, photos }, { site: siteAddress(), waitUntil: context?.waitUntil?.bind(context) });
        return 'response' in outcome ? outcome.response : repairAnswer(staff, outcome);
      }),
    },
  },
});

