/**
 * The technicians' app's parts of the ticket screens, beside them: the hook that keeps the phone's copy and
 * sends what waits (at opening, on `online`, focus, a retry timer and Background Sync), the
 * « Hors ligne — données du … » banner, the list of kept tickets shown offline, the actions waiting on the
 * device (QueuedActions.tsx, loaded when there is one), and the equipment's documents as kept on the phone.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ticketPages } from '../ticket-paths';
import { ImpactBadge, StateBadge } from '../StaffTicketBadges';
import type { GateSignal } from '../../team/StaffGate';
import { FIELD_SYNC_TAG, offlineBanner, retryDelay } from './field-model';
import { copyOf, keptFile, keptTicket, keptTickets, queuedActions, queuedFor } from './field-store';
import { fieldEvents, flushQueue, openCopy, refreshCopy, sessionOf, type FlushOutcome } from './field-sync';
import type { FieldTicket } from './field-bundle';
import type { TerritoryId } from '../../../lib/territories';
import './FieldApp.css';

const QueuedActions = lazy(() => import('./QueuedActions'));

/**
 * Keeps the copy fresh and sends what waits, for as long as the screen is open, without waiting for
 * another page to open: at opening, when the network returns (`online`), when the screen comes back to
 * the front (focus, visible again), on a retry timer that backs off while something waits or the network
 * does not answer, and on the service worker's Background Sync message. Every one of them runs the same
 * pass, one at a time across the screens (flushQueue's lock), so none sends an action another sent.
 * `onFresh` after a pass that sent something or found the network back (the screen loads again what it
 * showed from the kept copy).
 */
export function useFieldSync(token: string, signal: (what: GateSignal) => void, onFresh?: () => void): void {
  useEffect(() => {
    let stopped = false;
    let failed = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unreachable = false;
    const sync = async ({ refresh }: { refresh: boolean }): Promise<FlushOutcome> => {
      clearTimeout(timer);
      const flushed = await flushQueue(token);
      if (stopped) return flushed;
      // The session ended: the frame erases the device's data and asks to sign in again.
      if (flushed.signedOut) {
        signal('unauthorized');
        return flushed;
      }
      let back = flushed.sent > 0 || flushed.refused > 0;
      if (refresh || unreachable || back) {
        const refreshed = await refreshCopy(token);
        if (stopped) return flushed;
        if (refreshed === 'signed-out') {
          signal('unauthorized');
          return flushed;
        }
        back ||= unreachable && refreshed === 'kept';
        unreachable = refreshed === 'offline';
      }
      if (back) onFresh?.();
      // Something still waits, or the server is out of reach: try again later, each time a little later.
      if (flushed.waiting > 0 || unreachable) {
        timer = setTimeout(() => void sync({ refresh: false }), retryDelay(failed));
        failed += 1;
      } else failed = 0;
      return flushed;
    };
    // The service worker's Background Sync: send, then answer how many still wait (it fires again if any).
    // The browser may fire it a moment before this screen hears that the network is back: it waits for it.
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type !== FIELD_SYNC_TAG) return;
      void networkBack()
        .then(() => sync({ refresh: false }))
        .then((flushed) => event.ports[0]?.postMessage({ waiting: flushed.waiting }));
    };
    // The network's return and the screen's return to the front try at once, from the first delay again.
    const now = () => {
      failed = 0;
      void sync({ refresh: false });
    };
    const onVisible = () => document.visibilityState === 'visible' && now();
    void openCopy(token).then(() => sync({ refresh: true }));
    window.addEventListener('online', now);
    window.addEventListener('focus', now);
    document.addEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', now);
      window.removeEventListener('focus', now);
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [token, signal, onFresh]);
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
export function useFieldData<T>(read: () => Promise<T>): T | undefined {
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

/** The kept tickets of this session, shown when the list cannot be loaded: theirs first, as kept. */
export function KeptTicketList({ token }: { token: string }) {
  const read = useCallback(async () => {
    const session = sessionOf(token);
    return { meta: await copyOf(session), tickets: await keptTickets(session), queued: await queuedActions(session?.accountId) };
  }, [token]);
  const kept = useFieldData(read);
  if (!kept) return null;
  if (!kept.meta) return <p className="admin-alert" role="alert">Hors ligne, et aucun ticket n’est gardé sur cet appareil&nbsp;: ouvrez l’application une fois avec du réseau.</p>;
  const waiting = (id: string) => kept.queued.filter((action) => action.ticketId === id && action.state !== 'sent').length;
  return (
    <>
      <OfflineBanner refreshedAt={kept.meta.refreshedAt} territories={kept.tickets.map(({ view }) => view.view.ticket.territory)} />
      <ul className="field-tickets" aria-label="Tickets gardés sur cet appareil">
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

/**
 * The actions the signed-in person wrote on this device for a ticket, with their state (« Sur cet
 * appareil »), loaded only when there is one (QueuedActions.tsx).
 */
export function QueuedActionsIfAny({ token, ticketId }: { token: string; ticketId: string }) {
  const read = useCallback(async () => (await queuedFor(ticketId, sessionOf(token)?.accountId)).length, [token, ticketId]);
  const count = useFieldData(read);
  if (!count) return null;
  return (
    <Suspense fallback={null}>
      <QueuedActions token={token} ticketId={ticketId} />
    </Suspense>
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
export function EquipmentDocuments({ token, ticketId }: { token: string; ticketId: string }) {
  const online = useOnline();
  const [documents, setDocuments] = useState<{ title: string; href: string; kept?: string }[]>([]);
  useEffect(() => {
    let current = true;
    const links: string[] = [];
    void (async () => {
      const session = sessionOf(token);
      const named = (await keptTicket(ticketId, session))?.view.equipment?.documents ?? [];
      const found = await Promise.all(
        named.map(async (document) => {
          const bytes = await keptFile(document.href, session);
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
  }, [token, ticketId]);
  if (documents.length === 0) return null;
  return (
    <>
      <dt>Documents</dt>
      <dd>
        <ul className="field-documents">
          {documents.map((document) => (
            <li key={document.href}>
              <a href={online || !document.kept ? document.href : document.kept} target="_blank" rel={online ? 'noopener' : undefined}>
                {document.title} (PDF{!online && document.kept ? ', gardé sur cet appareil' : ''})
              </a>
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}
