/**
 * The requests a company sent from the customers' space (« Mes demandes »): only those whose `customer`
 * names the company, set by the session of the person who sent them, never a request that merely
 * carries one of its addresses (anyone can type an address in a public form).
 */
import { statusOf } from '../../../src/lib/statuses.ts';
import type { Company } from '../../../src/features/customers/model.ts';
import type { ContactRequest } from '../../../src/features/contact/request.ts';
import { formatDay, martiniqueDay } from '../../../src/features/devis/devis.ts';
import type { SpaceRequest, SpaceRequestDetail } from '../../../src/features/space/answers.ts';
import { excerpt } from '../requests/request-index.ts';
import { getRequest } from '../requests/requests.ts';
import { requestIdsOfCompany } from '../requests/request-owners.ts';

/** What each kind of request is called in the space. */
const KIND_LABELS: Record<ContactRequest['kind'], string> = { contact: 'Message', devis: 'Demande de devis' };

/** Whether a request was sent from this company's space. */
const sentFromSpaceOf = (company: Company, request: ContactRequest): boolean => request.customer?.companyId === company.id;

function rowOf(request: ContactRequest): SpaceRequest {
  const status = statusOf(request.statut);
  return {
    id: request.id,
    reference: request.reference,
    kind: request.kind,
    kindLabel: KIND_LABELS[request.kind],
    date: formatDay(martiniqueDay(new Date(request.created_at))),
    statusLabel: status.label,
    tone: status.tone,
    subject: request.subject,
    excerpt: excerpt(request.message),
  };
}

/** The company's requests, newest first. */
export async function companyRequests(company: Company): Promise<SpaceRequest[]> {
  const requests = await Promise.all((await requestIdsOfCompany(company.id)).map(getRequest));
  return requests
    .filter((request): request is ContactRequest => request !== undefined && sentFromSpaceOf(company, request))
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map(rowOf);
}

/** One of the company's requests, whole, or undefined (unknown, or not sent from its space). */
export async function companyRequest(company: Company, id: string): Promise<SpaceRequestDetail | undefined> {
  const request = await getRequest(id);
  return request && sentFromSpaceOf(company, request) ? { ...rowOf(request), message: request.message } : undefined;
}
