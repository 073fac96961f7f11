/**
 * The administrator's side of a request's devis, with no PDF code: the view the editor and the section
 * read (the draft to edit, the versions with their totals and links, the events), « Révoquer le lien » and
 * « Annuler l'acceptation » (with a reason; a new version can be sent after it). Each change records who
 * and when in the devis' history.
 */
import { toCents } from '../../../src/lib/price.ts';
import { devisTotals, newDraft, type DevisDraft, type DevisLine, type DevisVersion } from '../../../src/features/devis/devis.ts';
import { requestedLines } from '../../../src/features/quote/quote.ts';
import { findProductByReference } from '../catalogue/catalogue-search.ts';
import type { ContactRequest } from '../../../src/features/contact/request.ts';
import type { AdminDevis, AdminDevisAnswer, AdminDevisVersion } from '../../../src/features/devis/admin-answer.ts';
import type { ApiErrorCode } from '../http/errors.ts';
import { json } from '../http/http.ts';
import { siteAddress } from '../http/site-url.ts';
import { devisLink } from './devis-links.ts';
import { changeVersion, getDevis, indexDevis, type DevisRecord } from './devis-records.ts';

type Env = Record<string, string | undefined>;

/**
 * The draft the editor starts from when nothing was saved: the request's lines with today's catalogue
 * designation and price HT (the price the request stated when the product left the catalogue), the
 * request's territory, the store's shipping rule, the default validity and conditions.
 */
export function startingDraft(request: ContactRequest): DevisDraft {
  const lines: DevisLine[] = requestedLines(request.message).map((line) => {
    const product = findProductByReference(line.reference);
    return {
      reference: line.reference,
      designation: product?.name ?? line.name,
      quantity: line.quantity,
      unitPriceHTCents: product ? toCents(product.priceHT) : line.unitPriceHTCents,
      discountBasisPoints: 0,
    };
  });
  return newDraft(lines, request.territory);
}

/** Whether a version's link still opens something (not replaced, expired, voided or revoked). */
const linkStands = (version: DevisVersion): boolean => !version.linkRevokedAt && (version.state === 'envoye' || version.state === 'accepte' || version.state === 'refuse');

/** The admin's view; the links are written on the site's own address (`site`, from siteAddress). */
export async function adminDevis(request: ContactRequest, record: DevisRecord | undefined, site: string, env: Env = process.env): Promise<AdminDevis> {
  const versions = await Promise.all(
    (record?.versions ?? []).map(async (version): Promise<AdminDevisVersion> => ({
      ...version,
      totalTTCCents: devisTotals(version.draft).totalTTCCents,
      ...(linkStands(version) ? { link: await devisLink(site, request.id, version, env) } : {}),
    })),
  );
  return { draft: record?.draft ?? startingDraft(request), ...(record?.draftSavedAt ? { draftSavedAt: record.draftSavedAt } : {}), versions, events: record?.events ?? [] };
}

/** The answer of the back office's devis endpoints: the devis as it now stands, its links on the site's address. */
export async function adminDevisResponse(request: Request, stored: ContactRequest, record: DevisRecord | undefined): Promise<Response> {
  return json({ success: true, data: await adminDevis(stored, record, siteAddress()) } satisfies AdminDevisAnswer);
}

/** Why an admin action on a version was refused: an error of the API's table (its status and French sentence). */
export interface ActionRefusal {
  refused: Extract<ApiErrorCode, 'devis_not_found' | 'devis_link_already_revoked' | 'devis_not_accepted'>;
}

const NO_VERSION: ActionRefusal = { refused: 'devis_not_found' };

/** One admin action on a version: the changed version and its event, or why not; then the record as it is. */
async function versionAction(
  requestId: string,
  versionNumber: number,
  now: Date,
  change: (version: DevisVersion, at: string) => { version: DevisVersion; text: string } | ActionRefusal,
): Promise<DevisRecord | ActionRefusal> {
  const at = now.toISOString();
  const outcome = await changeVersion<true | ActionRefusal>(
    requestId,
    versionNumber,
    (version) => {
      const changed = change(version, at);
      return 'refused' in changed ? { result: changed } : { version: changed.version, event: { at, text: changed.text }, result: true };
    },
    NO_VERSION,
  );
  if (outcome !== true) return outcome;
  const record = (await getDevis(requestId))!;
  await indexDevis(requestId, record);
  return record;
}

/** « Révoquer le lien »: the version's link answers 410 from now on. Recorded with who and when. */
export async function revokeLink(requestId: string, versionNumber: number, by: string, now = new Date()): Promise<DevisRecord | ActionRefusal> {
  return versionAction(requestId, versionNumber, now, (version, at) =>
    version.linkRevokedAt
      ? { refused: 'devis_link_already_revoked' }
      : { version: { ...version, linkRevokedAt: at }, text: `Lien du devis ${version.number} révoqué par ${by} : il ne s’ouvre plus.` },
  );
}

/**
 * « Annuler l'acceptation », with a reason: the accepted version becomes « Acceptation annulée » (its
 * answer and its documents stay, as proof of what happened), so that a new version can be sent. Recorded
 * in the devis' history with who, when and why.
 */
export async function voidAcceptance(requestId: string, versionNumber: number, reason: string, by: string, now = new Date()): Promise<DevisRecord | ActionRefusal> {
  return versionAction(requestId, versionNumber, now, (version, at) =>
    version.state === 'accepte'
      ? { version: { ...version, state: 'annule', voided: { at, by, reason }, closedAt: at }, text: `Acceptation du devis ${version.number} annulée par ${by} : « ${reason} ».` }
      : { refused: 'devis_not_accepted' },
  );
}
