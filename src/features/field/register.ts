/**
 * Registers the technicians' app's service worker from the ticket screens (and « Mon compte », which needs
 * it to turn push on): scope /admin/tickets, so no other page is ever controlled by it. Where the browser has
 * no service worker, the screens work online as before.
 */
import { FIELD_SERVICE_WORKER } from '../tickets/offline/field-model';

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
