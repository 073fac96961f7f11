/**
 * The technicians' app's parts of the ticket screens, beside them: the hook that keeps the phone's copy and
 * sends what waits (at opening; on the service worker's Background Sync message where the browser has it,
 * otherwise on `online`), the
 * « Hors ligne — données du … » banner, the list of kept tickets shown offline, and the actions waiting on
 * the phone with their state (« En attente d'envoi », « Envoyé », a refusal with the server's sentence and
 * the text kept to resend or copy), and the equipment's documents as kept on the phone.
 */
import { useCallback, useEffect, useState } from 'react';
import { ticketPages } from '../ticket-paths';
import { ImpactBadge, StateBadge } from '../StaffTicketBadges';
import type { GateSignal } from '../../team/StaffGate';
import { ticketStateOf, type TicketState } from '../states';
import { FIELD_SYNC_TAG, offlineBanner, QUEUED_KIND_LABELS, QUEUED_STATE_LABELS, type QueuedAction } from './field-model';
import { forgetQueued, keptFile, keptMeta, keptTicket, keptTickets, queuedActions, queuedFor, saveQueued } from './field-store';
import { fieldEvents, flushQueue, openCopy, refreshCopy, syncPending, type FlushOutcome } from './field-sync';
import type { FieldTicket } from './field-bundle';
import type { TerritoryId } from '../../../lib/territories';
import './FieldApp.css';

/** Keeps the copy fresh and sends what waits, for as long as the screen is open; `onSent` after a pass that sent something. */
export function useFieldSync(token: string, signal: (what: GateSignal) => void, onSent?: () => void): void {
  useEffect(() => {
    let stopped = false;
    const sync = async (): Promise<FlushOutcome> => {
      const flushed = await flushQueue(token);
      if (stopped) return flushed;
      if (flushed.sent > 0) onSent?.();
      // The session ended with actions still waiting: sign in again, then they are sent.
      if (flushed.signedOut) {
        signal('unauthorized');
        return flushed;
      }
      if ((await refreshCopy(token)) === 'signed-out' && !stopped) signal('unauthorized');
      return flushed;
    };
    // The service worker's Background Sync: send, then answer how many still wait (it fires again if any).
    // The browser may fire it a moment before this screen hears that the network is back: it waits for it.
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type !== FIELD_SYNC_TAG) return;
      void networkBack()
        .then(sync)
        .then((flushed) => event.ports[0]?.postMessage({ waiting: flushed.waiting }));
    };
    // Without Background Sync (or none pending): the `online` event sends.
    const onOnline = () =>
      void syncPending().then((pending) => {
        if (!pending) void sync();
      });
    void openCopy(token).then(sync);
    window.addEventListener('online', onOnline);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      stopped = true;
      window.removeEventListener('online', onOnline);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [token, signal, onSent]);
}

/** How long a Background Sync's message waits for the screen to hear that the network is back. */
const NETWORK_BACK_MS = 10_000;

/** Resolves once the screen says it has network (at once if it does), or after NETWORK_BACK_MS. */
function networkBack(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, NETWORK_BACK_MS);
    window.addEventListener('online', done);
  });
}

/** Reads something of the phone's database again whenever the queue or the copy changes. */
function useFieldData<T>(read: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let current = true;
    const load = () => void read().then((next) => current && setValue(next));
    load();
    fieldEvents.addEventListener('change', load);
    return () => {
      current = false;
      fieldEvents.removeEventListener('change', load);
    };
  }, [read]);
  return value;
}

/** « Hors ligne — données du 27/11/2026 à 10:05 », in the time of the tickets' territory. */
export function OfflineBanner({ refreshedAt, territories }: { refreshedAt: string; territories: readonly TerritoryId[] }) {
  return (
    <p className="field-offline" role="status">
      {offlineBanner(refreshedAt, territories)}
    </p>
  );
}

/** The kept tickets, shown when the list cannot be loaded: theirs first, as kept. */
export function KeptTicketList() {
  const read = useCallback(async () => ({ meta: await keptMeta(), tickets: await keptTickets(), queued: await queuedActions() }), []);
  const kept = useFieldData(read);
  if (!kept) return null;
  if (!kept.meta) return <p className="admin-alert" role="alert">Hors ligne, et aucun ticket n’est gardé sur ce téléphone&nbsp;: ouvrez l’application une fois avec du réseau.</p>;
  const waiting = (id: string) => kept.queued.filter((action) => action.ticketId === id && action.state !== 'sent').length;
  return (
    <>
      <OfflineBanner refreshedAt={kept.meta.refreshedAt} territories={kept.tickets.map(({ view }) => view.view.ticket.territory)} />
      <ul className="field-tickets" aria-label="Tickets gardés sur le téléphone">
        {kept.tickets.map(({ id, view }) => (
          <li key={id}>
            <KeptTicketRow kept={view} waiting={waiting(id)} />
          </li>
        ))}
      </ul>
    </>
  );
}

function KeptTicketRow({ kept, waiting }: { kept: FieldTicket; waiting: number }) {
  const { ticket } = kept.view;
  return (
    <a className="field-ticket" href={ticketPages.view(ticket.id)}>
      <span>
        <strong>{ticket.reference}</strong>&nbsp;· {ticket.companyName}
      </span>
      <span className="field-ticket-badges">
        <ImpactBadge impact={ticket.impact} /> <StateBadge state={ticket.state} />
      </span>
      <span>
        {ticket.equipment.model}
        {kept.shop ? ` — ${kept.shop.name}, ${kept.shop.address}` : ''}
      </span>
      {waiting > 0 && <span className="field-waiting">{waiting > 1 ? `${waiting} actions en attente d’envoi` : '1 action en attente d’envoi'}</span>}
    </a>
  );
}

/** The text an action carries (what is kept to copy or resend). */
const textOf = (action: QueuedAction): string => {
  const { payload } = action;
  if (payload.kind === 'reply' || payload.kind === 'note') return payload.text;
  if (payload.kind === 'resolution') return payload.workDone;
  return '';
};

/** The actions written on this phone for a ticket, with their state. */
export function QueuedActions({ ticketId }: { ticketId: string }) {
  const read = useCallback(() => queuedFor(ticketId), [ticketId]);
  const actions = useFieldData(read);
  if (!actions || actions.length === 0) return null;
  return (
    <section className="field-queue" aria-label="Actions écrites sur ce téléphone">
      <h2>Sur ce téléphone</h2>
      <ul>
        {actions.map((action) => (
          <QueuedRow key={action.seq} action={action} />
        ))}
      </ul>
    </section>
  );
}

function QueuedRow({ action }: { action: QueuedAction }) {
  const [copied, setCopied] = useState(false);
  const text = textOf(action);
  const resend = async () => {
    // A new key: the server refused the first one, and applies this one if the ticket allows it now. Sent
    // again by choice, having read the refusal: the ticket's new holder no longer stops it (seenAssignee).
    await saveQueued({ ...action, idempotencyKey: crypto.randomUUID(), state: 'waiting', reason: undefined, seenAssignee: undefined });
    fieldEvents.dispatchEvent(new Event('change'));
    window.dispatchEvent(new Event('online'));
  };
  const forget = async () => {
    await forgetQueued(action.seq!);
    fieldEvents.dispatchEvent(new Event('change'));
  };
  return (
    <li className={`field-action field-action--${action.state}`}>
      <p className="field-action-head">
        <strong>{QUEUED_KIND_LABELS[action.payload.kind]}</strong>
        <span className="field-action-state">{QUEUED_STATE_LABELS[action.state]}</span>
      </p>
      {action.payload.kind === 'state' && <p>Passer à «\u00a0{ticketStateOf(action.payload.state as TicketState).label}\u00a0»</p>}
      {text && <p className="field-action-text">{text}</p>}
      {action.payload.kind === 'resolution' && action.payload.signature && <img className="field-signature" src={action.payload.signature} alt={`Signature de ${action.payload.signedBy || 'client'}`} />}
      {action.state === 'refused' && (
        <>
          <p className="admin-alert" role="alert">
            Refusé par le serveur&nbsp;: {action.reason}
          </p>
          <p className="field-action-buttons">
            {text && (
              <button type="button" className="btn btn-secondary" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}>
                {copied ? 'Texte copié' : 'Copier le texte'}
              </button>
            )}
            <button type="button" className="btn btn-secondary" onClick={() => void resend()}>
              Renvoyer
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => void forget()}>
              Retirer
            </button>
          </p>
        </>
      )}
      {action.state === 'sent' && (
        <p className="field-action-buttons">
          <button type="button" className="btn btn-secondary" onClick={() => void forget()}>
            Retirer de la liste
          </button>
        </p>
      )}
    </li>
  );
}

/** Whether the browser says it has network now (followed as it changes). */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const follow = () => setOnline(navigator.onLine);
    window.addEventListener('online', follow);
    window.addEventListener('offline', follow);
    return () => {
      window.removeEventListener('online', follow);
      window.removeEventListener('offline', follow);
    };
  }, []);
  return online;
}

/**
 * The ticket's equipment documents (PDF notices and sheets), as the phone's copy names them — `<dt>`/`<dd>`
 * of the ticket's facts, nothing when the copy has none. With network each opens from the site; without,
 * from the bytes kept on the phone (a blob: address: the ticket screens' worker does not serve the public
 * /documents/ pages it does not control).
 */
export function EquipmentDocuments({ ticketId }: { ticketId: string }) {
  const online = useOnline();
  const [documents, setDocuments] = useState<{ title: string; href: string; kept?: string }[]>([]);
  useEffect(() => {
    let current = true;
    const links: string[] = [];
    void (async () => {
      const named = (await keptTicket(ticketId))?.view.equipment?.documents ?? [];
      const found = await Promise.all(
        named.map(async (document) => {
          const bytes = await keptFile(document.href);
          const kept = bytes ? URL.createObjectURL(bytes) : undefined;
          if (kept) links.push(kept);
          return { ...document, ...(kept ? { kept } : {}) };
        }),
      );
      if (current) setDocuments(found);
    })();
    return () => {
      current = false;
      links.forEach((link) => URL.revokeObjectURL(link));
    };
  }, [ticketId]);
  if (documents.length === 0) return null;
  return (
    <>
      <dt>Documents</dt>
      <dd>
        <ul className="field-documents">
          {documents.map((document) => (
            <li key={document.href}>
              <a href={online || !document.kept ? document.href : document.kept} target="_blank" rel={online ? 'noopener' : undefined}>
                {document.title} (PDF{!online && document.kept ? ', gardé sur le téléphone' : ''})
              </a>
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}
