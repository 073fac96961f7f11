/**
 * Registers the technicians' app's service worker from the ticket screens (and « Mon compte », which needs
 * it to turn push on): scope /admin/tickets, so no other page is ever controlled by it. Where the browser has
 * no service worker, the screens work online as before.
 * The first opening leaves the phone ready: once the worker is active, a ticket screen it does not control
 * yet asks it to take control (the worker claims it at activation too). An installation that failed (a
 * precached file the network did not give) is tried again by the next opening's registration.
 */
import { FIELD_CLAIM_MESSAGE, FIELD_SERVICE_WORKER } from '../tickets/offline/field-model';

/** The app's registration, registered if needed; undefined where the browser has no service worker. */
export async function fieldRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  try {
    return await navigator.serviceWorker.register(FIELD_SERVICE_WORKER.script, { scope: FIELD_SERVICE_WORKER.scope });
  } catch (error) {
    console.error('field: the service worker could not be registered', error);
    return undefined;
  }
}

/** From a ticket screen: registers the worker and sees that it controls this screen (see the module's comment). */
export async function controlThisScreen(): Promise<void> {
  const registration = await fieldRegistration();
  if (!registration) return;
  const ready = await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) ready.active?.postMessage({ type: FIELD_CLAIM_MESSAGE });
}
