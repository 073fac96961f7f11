/**
 * Answering a devis from the customers' space: the same recordAnswer as the devis' link (one code path,
 * so the records, the answered PDF and the e-mails are the same), for a version of the signed-in
 * company only, recorded with the person whose session gave it. Imports the PDF code: only the function
 * that serves the PDF and takes the answer uses it.
 */
import type { AnswerInput } from '../../../src/features/devis/devis.ts';
import type { PublicDevis } from '../../../src/features/devis/public-devis.ts';
import type { SignedInCustomer } from '../customers/customer-session.ts';
import { recordAnswer, servedPdf } from '../devis/devis.ts';
import type { LinkRefusal } from '../devis/devis-links.ts';
import { publicDevis } from '../devis/devis-public.ts';
import { devisPdfName } from '../devis/devis-pdf.ts';
import type { PlainErrorCode } from '../http/errors.ts';
import { companyVersion } from './space-devis.ts';

/** The space's sentence for each reason an answer is not recorded (the link's speak of the link). */
const REFUSALS: Record<LinkRefusal, PlainErrorCode> = {
  invalide: 'devis_not_found',
  introuvable: 'devis_not_found',
  revoque: 'devis_not_found',
  remplace: 'space_devis_replaced',
  expire: 'space_devis_expired',
  repondu: 'space_devis_answered',
};

/** What an answer from the space did. */
export type SpaceAnswerOutcome = { ok: true; devis: PublicDevis } | { ok: false; error: PlainErrorCode };

/** Records a signed-in customer's answer to one of their company's devis versions. */
export async function answerFromSpace(
  customer: SignedInCustomer,
  requestId: string,
  versionText: string,
  answer: AnswerInput,
  origin: { ip: string; site: string; now?: Date },
): Promise<SpaceAnswerOutcome> {
  const found = await companyVersion(customer.company, requestId, versionText);
  if (!found) return { ok: false, error: 'devis_not_found' };
  const outcome = await recordAnswer(requestId, found.version, answer, { ...origin, space: { personId: customer.person.id, personName: customer.person.name } });
  return outcome.ok ? { ok: true, devis: publicDevis(outcome.version) } : { ok: false, error: REFUSALS[outcome.reason] };
}

/** The kept PDF of one of the company's versions (the answered one once there is one) and its file name, or undefined. */
export async function spaceDevisPdf(customer: SignedInCustomer, requestId: string, versionText: string): Promise<{ pdf: Buffer; fileName: string } | undefined> {
  const found = await companyVersion(customer.company, requestId, versionText);
  return found ? { pdf: await servedPdf(found.version), fileName: devisPdfName(found.version) } : undefined;
}
