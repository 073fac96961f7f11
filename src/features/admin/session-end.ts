/**
 * The end of a staff session on this device, whatever ends it (« Se déconnecter », its 8 hours, an
 * administrator or another device ending it, a 401 from the API): the token is forgotten, then what the
 * device keeps of the staff's data — the technicians' app's database (kept tickets, their files, the queue)
 * and any cache of the service worker other than the app's own screens — is erased, and only then does the
 * next screen show. The admin bar hears it (ADMIN_SESSION_EVENT) and hides the signed-in links.
 */
import { STORAGE_KEYS } from '../../lib/constants';
import { authHeader } from '../../lib/api-client';
import { apiPaths, paths } from '../../lib/paths';
import { ADMIN_SESSION_EVENT, clearSession, readSession } from './session';

/** How long a blocked erase waits for another screen of the app to let its database go. */
const ERASE_WAIT_MS = 3_000;

/** Deletes the app's database; resolves once deleted (or, a screen holding it open, after ERASE_WAIT_MS: the browser deletes it once that screen lets go). */
function deleteFieldDatabase(): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(STORAGE_KEYS.fieldDatabase);
    const timer = setTimeout(resolve, ERASE_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    request.onsuccess = done;
    request.onerror = () => {
      console.error('admin: the device’s field data could not be erased', request.error);
      done();
    };
  });
}

/** The service worker's caches but its precache (the app's screens and scripts, no staff data). */
async function deleteStaffCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) if (!name.includes('precache')) await caches.delete(name);
}

/** Erases what the device keeps of the staff's data (see the module's comment). */
export async function eraseStaffData(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await Promise.all([deleteFieldDatabase(), deleteStaffCaches().catch(() => undefined)]);
}

/** Ends the session on this device: the token forgotten, the staff's data erased (awaited), the admin bar told. */
export async function endStaffSession(): Promise<void> {
  clearSession(localStorage);
  await eraseStaffData();
  window.dispatchEvent(new Event(ADMIN_SESSION_EVENT));
}

/** How long « Se déconnecter » waits for the server's answer before the sign-in page (the call goes on: `keepalive`). */
const REVOKE_WAIT_MS = 5_000;

/** Tells the server to revoke the token; failures are ignored (the device's session ends anyway, and the token on its own hours). */
async function revoke(token: string): Promise<void> {
  try {
    await fetch(apiPaths.logout, { method: 'POST', headers: authHeader(token), keepalive: true });
  } catch {
    // No network: nothing more to do here.
  }
}

/**
 * « Se déconnecter »: the server is asked to revoke the token while the session ends on this device (the
 * staff's data erased); then the sign-in page, once the server answered or after REVOKE_WAIT_MS.
 */
export async function signOut(): Promise<void> {
  const token = readSession(localStorage);
  const revoking = token ? revoke(token) : Promise.resolve();
  await Promise.all([Promise.race([revoking, new Promise((resolve) => setTimeout(resolve, REVOKE_WAIT_MS))]), endStaffSession()]);
  window.location.assign(paths.admin);
}

/** What « Se déconnecter » says before it erases actions not sent yet. */
export function unsentSentence(count: number): string {
  const what = count > 1 ? `${count} actions écrites sur cet appareil n’ont pas encore été envoyées` : '1 action écrite sur cet appareil n’a pas encore été envoyée';
  return `${what}\u00a0: vous déconnecter ${count > 1 ? 'les efface' : 'l’efface'} de l’appareil. Restez connecté pour ${count > 1 ? 'les ' : 'l’'}envoyer dès le retour du réseau.`;
}
