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
 *   the action was written: `seenAssignee`) is marked with the server's French sentence and keeps its text
 *   and signature; no answer, a 5xx or a 401 stops the pass (the rest waits for the next one: the network's
 *   return, the screen's focus, the retry timer, Background Sync, the next opening; a 401 ends the session).
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
import { clearKept, copyOf, enqueue, forgetFiles, forgetQueued, keepBundle, keepFile, keepTicket, keptFileUrls, keptMeta, keptPlace, keptTicket, queuedAction, queuedActions, saveQueued, type FieldSession } from './field-store';

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
  const kept = await keptPlace(view.ticket.id);
  await keepTicket({ view, shop: kept?.shop ?? null, equipment: kept?.equipment ?? null }, new Date().toISOString());
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

/** Where Web Locks are missing, the passes of this screen still run one after the other. */
let lastPass: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` alone: one sender at a time across the app's open screens (Web Locks), whatever asked for it
 * (the opening, `online`, focus, the retry timer, Background Sync's message, an action just written), so
 * two of them never send one action.
 */
function alone<T>(task: () => Promise<T>): Promise<T> {
  if (navigator.locks) return navigator.locks.request(FIELD_SYNC_TAG, task) as Promise<T>;
  const run = lastPass.then(task, task);
  lastPass = run.catch(() => undefined);
  return run;
}

/** Sends the author's waiting actions, in the order written (see the module's comment). */
export function flushQueue(token: string): Promise<FlushOutcome> {
  return alone(async () => {
    const outcome: FlushOutcome = { sent: 0, refused: 0, waiting: 0, signedOut: false };
    const session = sessionOf(token);
    // `sending`: a pass stopped by the app's closing; sent again with the same key, it is applied once.
    const due = (await queuedActions(session?.accountId)).filter((action) => action.state === 'waiting' || action.state === 'sending');
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
    // No Background Sync: `online`, focus, the retry timer and the next opening send it.
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
  const before = (await queuedActions(action.accountId)).some((queued) => queued.state === 'waiting' || queued.state === 'sending');
  const stored = await enqueue(action);
  changed();
  if (!before && navigator.onLine) {
    // Read again once alone: a pass that started meanwhile may have sent it already.
    const result = await alone(async (): Promise<SendOutcome | undefined> => ((await queuedAction(stored.seq!))?.state === 'waiting' ? sendOne(token, stored) : undefined));
    if (!result) return { state: 'queued' };
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
  const session = sessionOf(token);
  if (result.ok) {
    const kept = await keptTicket(id, session);
    if (kept) await keepAnswer(result.value);
    return { result };
  }
  if (result.status !== 0) return { result };
  const [kept, meta] = await Promise.all([keptTicket(id, session), copyOf(session)]);
  return kept && meta ? { result: { ok: true, value: kept.view.view }, keptAt: meta.refreshedAt } : { result };
}
