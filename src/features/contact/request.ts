/**
 * A stored contact or quote request, as GET /api/contact returns it (the form's fields plus updated_at, the
 * kind of request and what became of its notification mail). Shared by the functions and the admin.
 */
import { forbiddenCharacter, forbiddenCharacterMessage } from '../../lib/characters';
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

/** A quote's first lines (product, quantity), how many lines follow, and its total HT, as its card in the inbox shows them. */
export interface QuoteOverview {
  lines: { name: string; quantity: number }[];
  /** Lines of the quote beyond those shown. */
  more: number;
  /** Lines and shipping, excluding tax. */
  totalHTCents: number;
}

/**
 * A request as the admin list shows it: without notes and history, its message cut to about 200 characters
 * (« … » when cut) and, for a quote, the overview of its lines (absent from entries indexed before it existed).
 */
export type RequestSummary = Omit<ContactRequest, 'notes' | 'history'> & { quote?: QuoteOverview };

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

/** Why a note cannot be saved (in French), or undefined when it can; the text is judged trimmed. */
export function noteError(text: unknown): string | undefined {
  if (typeof text !== 'string') return 'La note doit être un texte.';
  const trimmed = text.trim();
  if (trimmed === '') return 'Veuillez écrire la note.';
  if (trimmed.length > NOTE_MAX_LENGTH) return `La note ne doit pas dépasser ${NOTE_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`;
  // A note keeps its line breaks, as every multi-line text does.
  const found = forbiddenCharacter(trimmed, 'lines');
  if (found) return forbiddenCharacterMessage('La note', found);
  return undefined;
}
