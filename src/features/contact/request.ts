/**
 * A stored contact or quote request, as GET /api/contact returns it (SPEC.md §3 plus updated_at, the
 * kind of request and what became of its notification mail). Shared by the functions and the admin.
 */
import type { RequestStatus } from '../../lib/constants';
import type { TerritoryId } from '../../lib/taxes';

/** What happened to the notification mail of a request. */
export type MailStatus = 'en_attente' | 'envoye' | 'boite_locale' | 'echec';

/** An internal note the administrator took while handling a request. */
export interface RequestNote {
  text: string;
  /** ISO date-time. */
  at: string;
}

/** One status change of a request. */
export interface StatusChange {
  from: RequestStatus;
  to: RequestStatus;
  /** ISO date-time. */
  at: string;
}

export interface ContactRequest {
  id: string;
  /** Short readable reference quoted on the phone and in every e-mail (« DV-2026-00042 »); '' on older records. */
  reference: string;
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
  /** Delivery territory a quote was priced for; '' for a contact message (and older quotes). */
  territory: TerritoryId | '';
  statut: RequestStatus;
  created_at: string;
  updated_at: string;
  mail_status: MailStatus;
  /** Internal notes, oldest first. */
  notes: RequestNote[];
  /** Status changes, oldest first. */
  history: StatusChange[];
}
