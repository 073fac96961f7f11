/**
 * POST /api/atelier/{id}/devis (repairs.write) { draft, idempotencyKey? } — the repair's devis, made with the
 * devis machinery: the draft (catalogue lines and labour, as the devis editor makes them) is validated,
 * frozen as a version of the repair's quote request, its PDF made once and fingerprinted, and e-mailed with
 * its link to the repair's contact; the repair goes to « Devis envoyé ». 409 before the diagnosis, without a
 * contact, or while an acceptance stands. The PDF code loads only here.
 */
import type { StaffCall } from '../../lib/api/endpoint.ts';
import { endpoint } from '../../lib/api/endpoint.ts';
import { readDevisSend } from '../../lib/devis/devis-http.ts';
import { siteAddress } from '../../lib/http/site-url.ts';
import { onVisibleRepair, repairAnswer } from '../../lib/repairs/repair-http.ts';
import type { Repair } from '../../../src/features/repairs/model.ts';
import { draftBodySchema } from '../../../src/features/devis/devis.ts';

/** Reads the send, then sends with the devis machinery (loaded only now) and answers the repair. */
async function send({ body, staff, context }: StaffCall<'id'>, repair: Repair): Promise<Response> {
  const sent = await readDevisSend(body);
  if (!sent.ok) return sent.response;
  const { sendRepairDevis } = await import('../../lib/repairs/repair-devis.ts');
  const options = { site: siteAddress(), ...(sent.sendKey ? { sendKey: sent.sendKey } : {}), waitUntil: context?.waitUntil?.bind(context) };
  return repairAnswer(staff, await sendRepairDevis(staff, repair, sent.draft, options));
}

export default endpoint({ name: 'repair-devis', params: { id: 'repair_not_found' }, methods: { POST: { permission: 'repairs.write', input: draftBodySchema, handle: onVisibleRepair(send) } } });

