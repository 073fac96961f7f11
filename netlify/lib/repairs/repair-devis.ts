/**
 * A repair's devis, made with the devis machinery (netlify/lib/devis/devis.ts): the repair gets one quote
 * request of its company — « Devis de réparation RP-… », addressed to the repair's contact person, linked to
 * the company so that it shows in « Mes devis » and « Mes réparations » and is answered there or through its
 * link (the same answer path) — and each send freezes the draft (catalogue lines and labour) as a
 * version whose PDF is made once and fingerprinted, e-mailed with its link. The request's id is derived
 * from the repair's, so two first sends racing store one request. A send after the diagnosis moves the
 * repair to « Devis envoyé »; the customer's answer moves it on by itself (repair-devis-answer.ts). Only the devis route imports this module (the PDF code with it).
 */
import type { DevisDraft } from '../../../src/features/devis/devis.ts';
import type { Repair } from '../../../src/features/repairs/model.ts';
import { DEVIS_FROM_STATES } from '../../../src/features/repairs/states.ts';
import type { StaffMember } from '../auth/permissions.ts';
import { getCompany } from '../customers/companies.ts';
import { sendDevis } from '../devis/devis.ts';
import { allocateReference } from '../requests/references.ts';
import { indexNewRequest } from '../requests/request-index.ts';
import { getRequest, newRequest, storeNewRequest, type ContactRequest } from '../requests/requests.ts';
import { repairDevisRequestId } from './repair-devis-answer.ts';
import { applyRepairMove, changeRepair, repairRefusal, type RepairOutcome, type RepairWriteOptions } from './repairs.ts';
import { staffRepairAuthor } from './staff-repairs.ts';
import { apiErrorMessage } from '../http/errors.ts';

/** The repair's quote request, stored (and indexed) the first time. */
async function devisRequestOf(repair: Repair, person: { id: string; name: string; email: string; phone: string }, company: { id: string; name: string; clientCode: string }, now: Date): Promise<ContactRequest> {
  const id = repairDevisRequestId(repair.id);
  const known = await getRequest(id);
  if (known) return known;
  const device = repair.device.serial ? `${repair.device.model} (n° de série ${repair.device.serial})` : repair.device.model;
  const request = newRequest(
    {
      kind: 'devis',
      name: person.name,
      email: person.email,
      phone: person.phone,
      company: company.name,
      subject: `Devis de réparation ${repair.reference}`,
      delai: '',
      message: `Réparation ${repair.reference} : ${device}.\nPanne signalée : ${repair.fault}\nDiagnostic : ${repair.diagnosis || '—'}`,
      clientCode: company.clientCode,
      reference: await allocateReference('devis', now),
      territory: repair.territory,
      customer: { companyId: company.id, personId: person.id },
    },
    now,
    id,
  );
  const { stored, created } = await storeNewRequest(request);
  if (created) await indexNewRequest(stored.request, stored.rev);
  return stored.request;
}

/**
 * Sends the repair's devis (the draft validated by the caller): after the diagnosis, or again while one
 * awaits an answer (the new version replaces it). Refused before the diagnosis or after, when the company
 * has nobody with an address, or while an acceptance stands.
 */
export async function sendRepairDevis(
  staff: StaffMember,
  repair: Repair,
  draft: DevisDraft,
  { site, sendKey, ...options }: RepairWriteOptions & { site: string; sendKey?: string },
): Promise<RepairOutcome & { link?: string }> {
  if (!DEVIS_FROM_STATES.includes(repair.state)) return repairRefusal('repair_devis_refused');
  const now = options.now ?? new Date();
  const company = await getCompany(repair.companyId);
  if (!company) return repairRefusal('company_not_found');
  const person = company.people.find((one) => one.id === repair.contactPersonId && one.email) ?? company.people.find((one) => one.email);
  if (!person) return repairRefusal('repair_no_contact');
  const request = await devisRequestOf(repair, person, company, now);
  const sent = await sendDevis(request, draft, { site, now, ...(sendKey ? { sendKey } : {}) });
  if (!sent.ok) return repairRefusal('repair_devis_accepted', apiErrorMessage('repair_devis_accepted', { number: sent.number }));
  const by = staffRepairAuthor(staff);
  const outcome = await changeRepair(
    repair.id,
    (current) => {
      const linked: Repair = { ...current, devis: { requestId: request.id, number: sent.version.number } };
      return current.state === 'diagnostic' ? applyRepairMove(linked, 'devis_envoye', by, { devis: 'envoye' }, now) : { ok: true, repair: linked };
    },
    { ...options, now },
  );
  return outcome.ok ? { ...outcome, link: sent.link } : outcome;
}
