/**
 * A company's devis in the customers' space, with no PDF code (the list and the summary import it): the
 * versions of every request whose devis went to an address of one of its people, or that one of them sent
 * from the space. Ownership is decided on the request itself, never on an id the browser sent: a version
 * of another company's request is « not found », exactly as an id that does not exist (no existence leak).
 */
import { devisStateOf } from '../../../src/lib/devis-states.ts';
import { formatCents } from '../../../src/lib/price.ts';
import { normalEmail, type Company } from '../../../src/features/customers/model.ts';
import { devisTotals, essentialTotalRows, expiresAt, formatDay, martiniqueDay, type DevisVersion } from '../../../src/features/devis/devis.ts';
import type { SpaceDevis } from '../../../src/features/space/answers.ts';
import type { ContactRequest } from '../../../src/features/contact/request.ts';
import { getDevis, readDevisIndex, type DevisRecord } from '../devis/devis-records.ts';
import { publicDevis } from '../devis/devis-public.ts';
import { getRequest } from '../requests/requests.ts';
import { requestIdsOfAddresses, requestIdsOfCompany } from '../requests/request-owners.ts';

/** Whether a request's devis is the company's: sent to one of its people's addresses, or asked from its space. */
export const ownsRequestDevis = (company: Company, request: ContactRequest): boolean =>
  request.customer?.companyId === company.id || company.people.some((person) => person.email === normalEmail(request.email));

/** Whether a version can still be answered: awaiting an answer and within its validity. */
export const isAnswerable = (version: DevisVersion, now = new Date()): boolean => version.state === 'envoye' && now <= expiresAt(version.validUntil);

/** A version as « Mes devis » lists it. */
function rowOf(requestId: string, version: DevisVersion, now: Date): SpaceDevis {
  const state = devisStateOf(version.state);
  const answer = version.answer ? publicDevis(version).answer : undefined;
  return {
    requestId,
    version: version.version,
    number: version.number,
    date: formatDay(martiniqueDay(new Date(version.sentAt))),
    validUntil: formatDay(version.validUntil),
    totalTTC: formatCents(devisTotals(version.draft).totalTTCCents),
    totals: essentialTotalRows(devisTotals(version.draft)),
    state: version.state,
    stateLabel: state.label,
    tone: state.tone,
    answerable: isAnswerable(version, now),
    ...(answer ? { answerText: answer.text } : {}),
  };
}

/**
 * The company's requests that carry a devis, each with its record (read in parallel, checked one by one).
 * Only the requests the devis index lists are read: a version is indexed before its e-mail is queued, so
 * a devis the customer was sent is there, and a request without a devis costs no Blobs call.
 */
async function companyRecords(company: Company): Promise<Array<{ request: ContactRequest; record: DevisRecord }>> {
  const [byAddress, byCompany, index] = await Promise.all([requestIdsOfAddresses(company.people.map((person) => person.email)), requestIdsOfCompany(company.id), readDevisIndex()]);
  const ids = [...new Set([...byAddress, ...byCompany])].filter((id) => Object.hasOwn(index, id));
  const found = await Promise.all(
    ids.map(async (id) => {
      const [request, record] = await Promise.all([getRequest(id), getDevis(id)]);
      return request && record && ownsRequestDevis(company, request) ? [{ request, record }] : [];
    }),
  );
  return found.flat();
}

/** Every devis version of the company, newest first. */
export async function companyDevis(company: Company, now = new Date()): Promise<SpaceDevis[]> {
  const rows = (await companyRecords(company)).flatMap(({ request, record }) => record.versions.map((version) => ({ sentAt: version.sentAt, row: rowOf(request.id, version, now) })));
  return rows.sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.row.version - a.row.version).map(({ row }) => row);
}

/** A version of one of the company's devis, or undefined (unknown, or another company's). */
export async function companyVersion(company: Company, requestId: string, versionText: string): Promise<{ request: ContactRequest; version: DevisVersion } | undefined> {
  const number = /^[1-9]\d{0,3}$/.test(versionText) ? Number(versionText) : undefined;
  if (number === undefined) return undefined;
  const request = await getRequest(requestId);
  if (!request || !ownsRequestDevis(company, request)) return undefined;
  const version = (await getDevis(requestId))?.versions.find((candidate) => candidate.version === number);
  return version ? { request, version } : undefined;
}
