/**
 * A stored contact or quote request, as GET /api/contact returns it (SPEC.md §3 plus updated_at, the
 * kind of request and what became of its notification mail). Shared by the functions and the admin.
 */
import type { RequestStatus } from '../../lib/constants';

/** What happened to the notification mail of a request. */
export type MailStatus = 'en_attente' | 'envoye' | 'boite_locale' | 'echec';

export interface ContactRequest {
  id: string;
  /** `devis` for a quote from the store, `contact` for the contact form. */
  kind: 'contact' | 'devis';
  name: string;
  email: string;
  phone: string;
  company: string;
  subject: string;
  delai: string;
  message: string;
  clientCode: string;
  statut: RequestStatus;
  created_at: string;
  updated_at: string;
  mail_status: MailStatus;
}
