/**
 * The technicians' app between the phone and the server:
 * - `openCopy`: at opening, the kept copy is cleared when it was kept under another session than the one
 *   signed in now (signed out, signed in again, another person), or when there is no session at all.
 * - `refreshCopy`: online, the copy is replaced by a fresh one (GET /api/terrain/tickets), then the files it
 *   names (equipment documents, thread photos) are fetched once each; a 401 (the session ended: its 8
 *   hours, or an administrator ended it) clears it.
 * - `act`: an action written on a ticket is sent at once when nothing of its author waits before it and
 *   the network answers; otherwise (offline, or a send that got no answer) it joins the queue.
 * - `flushQueue`: the queue, in the order written, under the author's session only: each action is sent
 *   with its idempotency key (a resend of an action whose answer was lost changes nothing on the server),
 *   then marked « Envoyé »; a refusal (the ticket was closed, or given to someone else than who held it when
 *   the action was written: `seenAssignee`) is marked with the
 *   server's French sentence and keeps its text and signature; no answer, a 5xx or a 401 stops the pass
 *   (the rest waits: Background Sync where the browser has it, otherwise the next `online`, and the next
 *   opening send it; a 401 asks to sign in again).
 *   One pass at a time, across the app's open screens (Web Locks).
 */
import { decodeJwt } from 'jose/jwt/decode';
import type { Result } from '../../../lib/api-client';
import { call, checked, fetchFile } from '../../../lib/api-client';
import type { StaffTicket } from '../staff';
import type { TicketState } from '../states';
import { changeTicket, loadTicket, resolveTicket, sendMessage } from '../staff-client';
import { ticketApi } from '../ticket-paths';
import { FIELD_BUNDLE_API, fieldBundleAnswerSchema, type FieldBundle } from './field-bundle';
import { FIELD_FILES_MAX, FIELD_SERVICE_WORKER, FIELD_SYNC_TAG, type QueuedAction, type QueuedPayload } from './field-model';
import { clearKept, enqueue, forgetFiles, forgetQueued, keepBundle, keepFile, keepTicket, keptFileUrls, keptMeta, keptTicket, queuedActions, saveQueued, type FieldSession } from './field-store';

/** The session a token stands for (its id and account), read from the token itself; undefined if unreadable. */
export function sessionOf(token: string): FieldSession | undefined {
  try {
    const payload = decodeJwt(token);
    return typeof payload.jti === 'string' && typeof payload.sub === 'string' ? { sessionId: payload.jti, accountId: payload.sub } : undefined;
  } catch {
    return undefined;
  }
}

/** Told when the queue or the copy changed (the screens read them again). */
export const fieldEvents = new EventTarget();
const changed = () => fieldEvents.dispatchEvent(new Event('change'));

/** At opening: the copy kept under another session (or with none signed in) is cleared. */
export async function openCopy(token: string | undefined): Promise<void> {
  const meta = await keptMeta();
  if (meta && (!token || sessionOf(token)?.sessionId !== meta.sessionId)) {
    await clearKept();
    changed();
  }
}

/** What a refresh did: kept, offline (the copy stays), or signed out (the copy is cleared). */
export type RefreshOutcome = 'kept' | 'offline' | 'signed-out' | 'failed';

/** Replaces the copy with a fresh one from the server. */
export async function refreshCopy(token: string): Promise<RefreshOutcome> {
  const session = sessionOf(token);
  if (!session) return 'failed';
  const answer = checked(await call(token, FIELD_BUNDLE_API), fieldBundleAnswerSchema);
  if (!answer.ok) {
    if (answer.unauthorized) {
      await clearKept();
      changed();
      return 'signed-out';
    }
    return answer.status === 0 ? 'offline' : 'failed';
  }
  await keepBundle(answer.value.data, session);
  changed();
  await keepFiles(token, answer.value.data);
  return 'kept';
}

/** The files a copy names, in its order (the person's tickets first): each ticket's equipment documents, then its thread's photos. */
export function filesOf(bundle: FieldBundle): string[] {
  const urls = bundle.tickets.flatMap(({ view, equipment }) => [
    ...(equipment?.documents ?? []).map((document) => document.href),
    ...view.ticket.messages.flatMap((message) => message.photos.map((photo) => ticketApi.photo(view.ticket.id, photo.id))),
  ]);
  return [...new Set(urls)].slice(0, FIELD_FILES_MAX);
}

/**
 * Keeps the files the fresh copy names and forgets those it no longer names. A file is fetched once: a
 * photo never changes under its address; a product document replaced under the same address keeps its
 * first copy on the phone until no kept ticket names it. Stops at the first call without answer (the next refresh
 * goes on); a file the server refuses is left out.
 */
async function keepFiles(token: string, bundle: FieldBundle): Promise<void> {
  const wanted = filesOf(bundle);
  const kept = new Set(await keptFileUrls());
  await forgetFiles([...kept].filter((url) => !wanted.includes(url)));
  for (const url of wanted.filter((one) => !kept.has(one))) {
    const file = await fetchFile(token, url);
    if (file.ok) await keepFile(url, file.value);
    else if (file.status === 0 || file.unauthorized) break;
  }
  changed();
}

/** One action's call, with its idempotency key. */
async function send(token: string, action: QueuedAction): Promise<Result<StaffTicket>> {
  const { payload, ticketId, idempotencyKey, seenAssignee } = action;
  if (payload.kind === 'reply' || payload.kind === 'note') {
    const form = new FormData();
    form.set('kind', payload.kind === 'note' ? 'note' : 'reponse');
    form.set('text', payload.text);
    form.set('idempotencyKey', idempotencyKey);
    // The form's empty field stands for nobody.
    if (seenAssignee !== undefined) form.set('seenAssignee', seenAssignee ?? '');
    payload.photos.forEach((photo, index) => form.append('photos', photo, `photo-${index + 1}.jpg`));
    return sendMessage(token, ticketId, form);
  }
  if (payload.kind === 'state') return changeTicket(token, ticketId, { state: payload.state as TicketState, idempotencyKey, seenAssignee });
  const { workDone, minutes, parts, signedBy, signature } = payload;
  return resolveTicket(token, ticketId, { workDone, minutes, parts, signedBy: signedBy || null, signature, idempotencyKey, seenAssignee });
}

/** Keeps the server's newer view of a ticket (its shop and equipment as kept). */
async function keepAnswer(view: StaffTicket): Promise<void> {
  const kept = await keptTicket(view.ticket.id);
  await keepTicket({ view, shop: kept?.view.shop ?? null, equipment: kept?.view.equipment ?? null }, new Date().toISOString());
}

/** What sending one action came to. */
type SendOutcome = { state: 'sent'; view: StaffTicket } | { state: 'refused'; reason: string } | { state: 'stop'; signedOut: boolean };

async function sendOne(token: string, action: QueuedAction): Promise<SendOutcome> {
  await saveQueued({ ...action, state: 'sending' });
  const result = await send(token, action);
  if (result.ok) {
    await saveQueued({ ...action, state: 'sent', sentAt: new Date().toISOString(), reason: undefined });
    await keepAnswer(result.value);
    return { state: 'sent', view: result.value };
  }
  // No answer, the server's own trouble, or no session: the action waits, unchanged, for the next pass.
  if (result.status === 0 || result.status >= 500 || result.unauthorized) {
    await saveQueued({ ...action, state: 'waiting' });
    return { state: 'stop', signedOut: result.unauthorized };
  }
  await saveQueued({ ...action, state: 'refused', reason: result.message });
  return { state: 'refused', reason: result.message };
}

/** What a pass over the queue did. */
export interface FlushOutcome {
  sent: number;
  refused: number;
  /** Still waiting (no network, or the session ended). */
  waiting: number;
  /** A 401 stopped the pass: sign in again, then it sends. */
  signedOut: boolean;
}

/** Runs `task` alone across the app's screens (Web Locks where the browser has them). */
function alone<T>(task: () => Promise<T>): Promise<T> {
  return navigator.locks ? (navigator.locks.request('envoi-interventions', task) as Promise<T>) : task();
}

/** Sends the author's waiting actions, in the order written (see the module's comment). */
export function flushQueue(token: string): Promise<FlushOutcome> {
  return alone(async () => {
    const outcome: FlushOutcome = { sent: 0, refused: 0, waiting: 0, signedOut: false };
    const session = sessionOf(token);
    // `sending`: a pass stopped by the app's closing; sent again with the same key, it is applied once.
    const due = (await queuedActions()).filter((action) => action.accountId === session?.accountId && (action.state === 'waiting' || action.state === 'sending'));
    if (!navigator.onLine) return { ...outcome, waiting: due.length };
    for (const [index, action] of due.entries()) {
      const result = await sendOne(token, action);
      changed();
      if (result.state === 'stop') {
        outcome.waiting = due.length - index;
        outcome.signedOut = result.signedOut;
        break;
      }
      outcome[result.state] += 1;
    }
    return outcome;
  });
}

/** What an action written on a ticket came to: the ticket's new view, queued, or refused at once with its sentence. */
export type ActOutcome = { state: 'sent'; view: StaffTicket } | { state: 'queued' } | { state: 'refused'; reason: string; fields?: Record<string, string> };

/** The app's registration's Background Sync, where the browser has it. */
type SyncManager = { register: (tag: string) => Promise<void>; getTags: () => Promise<string[]> };
async function syncManager(): Promise<SyncManager | undefined> {
  const registration = await navigator.serviceWorker?.getRegistration(FIELD_SERVICE_WORKER.scope);
  return (registration as (ServiceWorkerRegistration & { sync?: SyncManager }) | undefined)?.sync;
}

/** Asks the browser to wake the app when the network returns (Background Sync, where it exists). */
async function askForSync(): Promise<void> {
  try {
    await (await syncManager())?.register(FIELD_SYNC_TAG);
  } catch {
    // No Background Sync: `online` and the next opening send it.
  }
}

/**
 * Whether the browser holds a Background Sync for the queue: it fires once the network is back, and the
 * service worker has the open screens send (so an `online` event leaves the sending to it).
 */
export async function syncPending(): Promise<boolean> {
  try {
    return (await (await syncManager())?.getTags())?.includes(FIELD_SYNC_TAG) ?? false;
  } catch {
    return false;
  }
}

/** An action written on a ticket (see the module's comment). */
export async function act(token: string, ticket: { id: string; reference: string; assignedTo: { id: string } | null }, payload: QueuedPayload): Promise<ActOutcome> {
  const session = sessionOf(token);
  const action: QueuedAction = {
    idempotencyKey: crypto.randomUUID(),
    accountId: session?.accountId ?? '',
    ticketId: ticket.id,
    ticketReference: ticket.reference,
    seenAssignee: ticket.assignedTo?.id ?? null,
    payload,
    createdAt: new Date().toISOString(),
    state: 'waiting',
  };
  const before = (await queuedActions()).some((queued) => queued.accountId === action.accountId && (queued.state === 'waiting' || queued.state === 'sending'));
  const stored = await enqueue(action);
  changed();
  if (!before && navigator.onLine) {
    const result = await alone(() => sendOne(token, stored));
    changed();
    if (result.state === 'sent') return { state: 'sent', view: result.view };
    if (result.state === 'refused') {
      // Refused at once (a photo, a field): said in the form itself, which still holds what was written.
      await forgetQueued(stored.seq!);
      changed();
      return { state: 'refused', reason: result.reason };
    }
  }
  await askForSync();
  return { state: 'queued' };
}

/** A ticket from the server, or — without network — from the kept copy, with when the copy was refreshed. */
export async function loadTicketOrKept(token: string, id: string): Promise<{ result: Result<StaffTicket>; keptAt?: string }> {
  const result = await loadTicket(token, id);
  if (result.ok) {
    const kept = await keptTicket(id);
    if (kept) await keepAnswer(result.value);
    return { result };
  }
  if (result.status !== 0) return { result };
  const [kept, meta] = await Promise.all([keptTicket(id), keptMeta()]);
  return kept && meta ? { result: { ok: true, value: kept.view.view }, keptAt: meta.refreshedAt } : { result };
}
