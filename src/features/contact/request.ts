/**
 * A stored contact or quote request, as GET /api/contact returns it (the form's fields plus updated_at, the
 * kind of request and what became of its notification mail). Shared by the functions and the admin.
 */
import { NOTE_MAX_LENGTH, type RequestStatus } from '../../lib/constants';
import type { MailState } from '../../lib/mail-states';
import type { TerritoryId } from '../../lib/taxes';
import type { ContactPayload } from './fields';

/** What happened to the notification mail of a request (one of the mail states). */
export type MailStatus = MailState;

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
  /** What made the change when it was not a person's click (« Devis DV-2026-00042 accepté en ligne »). */
  because?: string;
}

export interface ContactRequest extends ContactPayload {
  id: string;
  /** Short readable reference quoted on the phone and in every e-mail (« DV-2026-00042 »); '' on older records. */
  reference: string;
  /** `devis` for a quote from the store, `contact` for the contact form. */
  kind: 'contact' | 'devis';
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

/** A request as the admin list shows it: without notes and history, its message cut to about 200 characters (« … » when cut). */
export type RequestSummary = Omit<ContactRequest, 'notes' | 'history'>;

/** Requests of the whole inbox: in all, and by status. */
export type RequestCounts = Record<'total' | RequestStatus, number>;

/** One page of the admin list (GET /api/contact). */
export interface RequestPage {
  data: RequestSummary[];
  counts: RequestCounts;
  /** Opaque; null on the last page. */
  nextCursor: string | null;
  /** Requests by the state of their last devis (the admin list sends them). */
  devisCounts?: Partial<Record<string, number>>;
}

/** Control characters other than line breaks, and the bidirectional overrides and isolates (« Trojan Source »). */
const FORBIDDEN_IN_NOTE = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Why a note cannot be saved (in French), or undefined when it can; the text is judged trimmed. */
export function noteError(text: unknown): string | undefined {
  if (typeof text !== 'string') return 'La note doit être un texte.';
  const trimmed = text.trim();
  if (trimmed === '') return 'Veuillez écrire la note.';
  if (trimmed.length > NOTE_MAX_LENGTH) return `La note ne doit pas dépasser ${NOTE_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`;
  if (FORBIDDEN_IN_NOTE.test(trimmed)) return 'La note contient des caractères non autorisés (caractères de contrôle ou d’inversion du sens du texte).';
  return undefined;
}
