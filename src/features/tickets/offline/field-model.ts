/**
 * The technicians' app on the phone, its seams in one place (shared by the screens, the service worker and
 * the functions): what the phone keeps in IndexedDB, what waits there to be sent, and the French words of
 * both. The rules:
 * - Kept for reading: the tickets assigned to the person and the open ones of their territories (the staff
 *   view: thread with internal notes, company, shop, equipment with its documents, report draft), the
 *   files they name (the equipment's PDF documents, the thread's photos: at most FIELD_FILES_MAX), the
 *   catalogue's references for parts, and one meta record saying from when to when the copy was taken and
 *   under which session. A copy taken under another session (signed in again, another person) is never
 *   shown (every read the screens make checks the session) and is cleared at opening, its files with it.
 * - Waiting to be sent: every action written on the phone, in the order written, each with its own
 *   idempotency key (the server applies a key once, so a resend after a lost answer changes nothing). An
 *   action belongs to the account that wrote it: it is shown and sent only under that account's session.
 *   It is sent by one pass at a time, at opening, when the network returns, when the screen comes back to
 *   the front, on a retry timer that backs off (FIELD_RETRY) and on Background Sync.
 * - The end of a session (« Se déconnecter », the 8 hours, an administrator or another device ending it, a
 *   401) erases everything the app keeps on the device, the queue with it, before the next screen shows.
 * - A refusal (the ticket was closed, or given to someone else, since it was written) keeps the action with
 *   the server's French sentence: its text and signature stay on the phone, to copy or send again.
 */

import { STORAGE_KEYS } from '../../../lib/constants';
import type { TerritoryId } from '../../../lib/territories';
import { momentFor } from '../../../records/moment';

/** The phone's database and its stores. */
export const FIELD_DB = {
  name: STORAGE_KEYS.fieldDatabase,
  version: 2,
  stores: {
    /** KeptTicket, keyed by the ticket's id. */
    tickets: 'tickets',
    /** KeptPart, keyed by the catalogue reference. */
    catalogue: 'catalogue',
    /** KeptMeta, one record keyed `copie`. */
    meta: 'meta',
    /** QueuedAction, keyed by `seq` (auto-increment: the order written), index `ticketId`. */
    queue: 'queue',
    /** KeptFile, keyed by its address: the kept tickets' equipment documents and thread photos (version 2). */
    files: 'files',
  },
} as const;

/**
 * The most files the phone keeps (the kept tickets' equipment documents and thread photos, in the copy's
 * order: the person's own tickets first, then the soonest due): a few tens of megabytes at most.
 */
export const FIELD_FILES_MAX = 150;

/** A file kept for reading offline: its address (a document's public path, a photo's API path) and its bytes. */
export interface KeptFile {
  url: string;
  blob: Blob;
  keptAt: string;
}

/** The meta record's key. */
export const KEPT_META_KEY = 'copie';

/** What an action does on the ticket (each is one call of the ticket's API). */
export type QueuedKind = 'reply' | 'note' | 'state' | 'resolution';

/** Where a waiting action stands. */
export type QueuedState = 'waiting' | 'sending' | 'sent' | 'refused';

/** What the phone shows of each state. */
export const QUEUED_STATE_LABELS: Record<QueuedState, string> = {
  waiting: 'En attente d’envoi',
  sending: 'Envoi en cours…',
  sent: 'Envoyé',
  refused: 'Refusé',
};

/** What the phone shows of each kind. */
export const QUEUED_KIND_LABELS: Record<QueuedKind, string> = {
  reply: 'Réponse au client',
  note: 'Note interne',
  state: 'Changement d’état',
  resolution: 'Résolution avec rapport',
};

/** A part of a report (a catalogue reference, or typed: reference null). */
export interface QueuedPart {
  reference: string | null;
  name: string;
  quantity: number;
}

/** What each kind carries: the text and photos (Blobs, already resized on the phone), the state, the report with its signature. */
export type QueuedPayload =
  | { kind: 'reply'; text: string; photos: Blob[] }
  | { kind: 'note'; text: string; photos: Blob[] }
  | { kind: 'state'; state: string }
  | { kind: 'resolution'; workDone: string; minutes: number; parts: QueuedPart[]; signedBy: string; signature: string | null };

/** One action written on the phone, waiting or done. */
export interface QueuedAction {
  /** Its place in the order written (IndexedDB's auto-increment key; absent before it is stored). */
  seq?: number;
  /** Sent with the call: the server applies one key once. */
  idempotencyKey: string;
  /** The staff account that wrote it (sent only under its session). */
  accountId: string;
  ticketId: string;
  /** For the screens (« TK-2026-00012 »). */
  ticketReference: string;
  /**
   * Who held the ticket when it was written (an account's id, or null: nobody), sent with it: a ticket given
   * to someone else since refuses it (seenAssigneeSchema). Dropped when a refused action is sent again.
   */
  seenAssignee?: string | null;
  payload: QueuedPayload;
  createdAt: string;
  state: QueuedState;
  /** The server's refusal, in French (state `refused`): the text and signature stay, to resend or copy. */
  reason?: string;
  sentAt?: string;
}

/** A ticket kept for reading (the staff view as the API answers it, `StaffTicket`, kept as received). */
export interface KeptTicket<View = unknown> {
  id: string;
  view: View;
  keptAt: string;
  /** Its place in the copy as the server ordered it (the person's own first, then the soonest due). */
  rank?: number;
}

/** A catalogue reference kept for the report's parts. */
export interface KeptPart {
  reference: string;
  name: string;
}

/** When the kept copy was last refreshed (« données du … à … ») and under which session and account. */
export interface KeptMeta {
  key: typeof KEPT_META_KEY;
  /** The session's token id (`jti`): another session clears the copy. */
  sessionId: string;
  accountId: string;
  /** The last refresh of the copy (ISO). */
  refreshedAt: string;
}

/**
 * The banner of a screen shown from the kept copy: « Hors ligne — données du 27/11/2026 à 10:05 », in the
 * time of the tickets shown (the technician's territory), « (heure de Cayenne) » in Guyane; tickets on
 * two clocks, or none: the head office's time, its zone named.
 */
export function offlineBanner(refreshedAt: string, territories: readonly TerritoryId[]): string {
  return `Hors ligne — données du ${momentFor(refreshedAt, territories)}`;
}

/**
 * While actions wait (or the network did not answer), the screen tries again after FIELD_RETRY.firstMs,
 * then twice as long each time, at most FIELD_RETRY.maxMs; the network's return or the screen's focus try
 * at once and start again from the first delay.
 */
export const FIELD_RETRY = { firstMs: 5_000, maxMs: 120_000 } as const;

/** The delay before the retry that follows `failed` passes in a row (0: the first retry). */
export const retryDelay = (failed: number): number => Math.min(FIELD_RETRY.maxMs, FIELD_RETRY.firstMs * 2 ** Math.max(0, failed));

/** The Background Sync tag (and the message to the open screens) that sends what waits. */
export const FIELD_SYNC_TAG = 'envoi-interventions';

/** What an open ticket screen without a controller asks the active worker: to take control of it. */
export const FIELD_CLAIM_MESSAGE = 'prendre-le-controle';

/** Where the service worker is served and what it controls: the ticket screens only. */
export const FIELD_SERVICE_WORKER = { script: '/admin/sw.js', scope: '/admin/tickets' } as const;

/** The app's manifest (linked from the staff pages only). */
export const FIELD_MANIFEST = '/app/interventions.webmanifest';
