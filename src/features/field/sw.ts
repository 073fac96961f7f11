/// <reference lib="webworker" />
/**
 * The technicians' app's service worker (built by serwist, served at /admin/sw.js, scope /admin/tickets:
 * the ticket screens only; the public pages, the CMS and the other staff screens have none).
 * - The ticket screens (the list, the one page that shows any ticket by `?id=`) and the scripts and styles
 *   they load are precached at install (the list is made at build: field-build.server.ts), so they open
 *   without network; the kept tickets come from IndexedDB (src/features/tickets/offline/), never from this cache. The API
 *   is never cached here.
 * - A push shows its notification (reference, company, impact) and a click opens the ticket.
 * - Background Sync (`sync` with the queue's tag) has the open ticket screens send what waits; with none
 *   open, the browser fires it again later, and the queue is sent at the next opening anyway.
 */
import { Serwist, type PrecacheEntry } from 'serwist';
import { FIELD_CLAIM_MESSAGE, FIELD_SYNC_TAG } from '../tickets/offline/field-model';
import type { PushNotice } from './on-call';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] };

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // One page shows every ticket: /admin/tickets/ticket?id=… is the precached /admin/tickets/ticket.
  precacheOptions: { ignoreURLParametersMatching: [/.*/], cleanupOutdatedCaches: true },
  skipWaiting: true,
  clientsClaim: true,
  disableDevLogs: true,
});
serwist.addEventListeners();

// The first opening leaves the phone ready: once installed (its precache complete) the worker takes control
// of the ticket screen already open, inside the activation (serwist's `clientsClaim` does not wait for it),
// and again whenever an open screen finds itself without a controller (FIELD_CLAIM_MESSAGE).
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === FIELD_CLAIM_MESSAGE) event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const notice = (event.data?.json() ?? null) as PushNotice | null;
  if (!notice) return;
  event.waitUntil(self.registration.showNotification(notice.title, { body: notice.body, tag: notice.tag, data: { url: notice.url }, icon: '/app/icon-192.png', badge: '/app/icon-192.png' }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(String(event.notification.data?.url ?? '/admin/tickets'), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) return void (await open.focus());
      await self.clients.openWindow(url);
    })(),
  );
});

/** How long an open screen has to answer that it sent the queue. */
const SCREEN_ANSWER_MS = 60_000;

/** Asks one open ticket screen to send what waits; its answer (how many still wait), or undefined if it said nothing in time. */
function askScreen(client: Client): Promise<{ waiting: number } | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(undefined), SCREEN_ANSWER_MS);
    channel.port1.onmessage = (event: MessageEvent<{ waiting: number }>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    client.postMessage({ type: FIELD_SYNC_TAG }, [channel.port2]);
  });
}

/**
 * Background Sync: the browser fires the queue's tag once the network is back (registered when an action
 * was queued, field-sync.ts). The open ticket screens hold the session, so they send, in order, and answer
 * how many still wait; none open, or something still waiting, fails the event, which the browser fires
 * again later (and the next opening sends anyway).
 */
self.addEventListener('sync', (event: Event & { tag?: string; waitUntil?: (promise: Promise<unknown>) => void }) => {
  if (event.tag !== FIELD_SYNC_TAG) return;
  event.waitUntil?.(
    (async () => {
      const answers = await Promise.all((await self.clients.matchAll({ type: 'window' })).map(askScreen));
      if (!answers.some((answer) => answer?.waiting === 0)) throw new Error('field: the queue still waits (no screen open, no network or no session)');
    })(),
  );
});
