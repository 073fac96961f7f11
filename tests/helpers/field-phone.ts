/**
 * The technicians' app's browser tests, their shared steps: a ticket declared straight into the e2e
 * server's Blobs, a phone signed in (for good, or once: a test that signs out must not be signed in again
 * at its next page), waiting for the service worker and the phone's copy, reading the phone's database, and
 * drawing a signature.
 */
import { expect, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/constants';
import { apiPaths } from '../../src/lib/paths';
import { FIELD_DB, KEPT_META_KEY } from '../../src/features/tickets/offline/field-model';
import { openTicket } from '../../netlify/lib/tickets/tickets';
import type { Company } from '../../src/features/customers/model';
import { e2eAdmin } from './e2e-admin';
import { drawSignature } from './signature';

/** A wait that spans calls to the local functions (each a new worker thread, slow on a loaded machine). */
export const SERVER = { timeout: 60_000 };

/** A « Bloquant » ticket of the company, declared by its person (written straight into the e2e server's Blobs). */
export async function declare(company: Company, description: string) {
  const person = company.people[0]!;
  const equipment = company.equipment[0]!;
  const { ticket } = await openTicket({
    company,
    openedBy: { kind: 'client', id: person.id, name: person.name },
    equipment: { equipmentId: equipment.id, model: equipment.model, serial: equipment.serial },
    shop: { shopId: company.shops[0]?.id ?? null, name: company.shops[0]?.name ?? '' },
    impact: 'bloquant',
    description,
    phone: '0696 00 00 01',
    photos: [],
  });
  return ticket;
}

/** A fresh session of the owner's account (its own: a test that signs out revokes it). */
export async function ownerSession(page: Page): Promise<string> {
  const answer = await page.request.post(apiPaths.login, { data: { username: e2eAdmin.username, password: e2eAdmin.password } });
  return ((await answer.json()) as { token: string }).token;
}

/** The phone of the owner's account, signed in as the sign-in form leaves it, at every page it opens. */
export async function staffPhone(page: Page): Promise<void> {
  const token = await ownerSession(page);
  await page.context().addInitScript(
    ({ tokenKey, timeKey, value }) => {
      if (!localStorage.getItem(tokenKey)) {
        localStorage.setItem(tokenKey, value);
        localStorage.setItem(timeKey, String(Date.now()));
      }
    },
    { tokenKey: STORAGE_KEYS.adminToken, timeKey: STORAGE_KEYS.adminLoginTime, value: token },
  );
}

/** Stores a session on the page's origin as the sign-in form does, once (the page must be of the site). */
export async function signInOnce(page: Page, token: string): Promise<void> {
  await page.evaluate(
    ({ tokenKey, timeKey, value }) => {
      localStorage.setItem(tokenKey, value);
      localStorage.setItem(timeKey, String(Date.now()));
    },
    { tokenKey: STORAGE_KEYS.adminToken, timeKey: STORAGE_KEYS.adminLoginTime, value: token },
  );
}

/** Waits until the service worker controls the page and the phone's copy holds the ticket. */
export async function waitForCopy(page: Page, ticketId: string): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, SERVER);
  await waitForKept(page, FIELD_DB.stores.tickets, ticketId);
}

/** A record of a store of the phone's database, its plain fields (null when absent), read from the page. */
function keptRecord(page: Page, store: string, key: string): Promise<Record<string, unknown> | null> {
  return page.evaluate(
    async ({ name, store, key }) =>
      new Promise<Record<string, unknown> | null>((resolve) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) return resolve(null);
          const read = db.transaction(store).objectStore(store).get(key);
          read.onsuccess = () => resolve(read.result === undefined ? null : Object.fromEntries(Object.entries(read.result as object).filter(([, value]) => typeof value !== 'object')));
          read.onerror = () => resolve(null);
        };
        open.onerror = () => resolve(null);
      }),
    { name: FIELD_DB.name, store, key },
  );
}

/** Waits until a store of the phone's database holds the key (polled: waitForFunction does not await a page function's promise). */
export async function waitForKept(page: Page, store: string, key: string): Promise<void> {
  await expect.poll(async () => (await keptRecord(page, store, key)) !== null, SERVER).toBe(true);
}

/** Waits until the phone's copy is the one kept under that session's token (its account and session id). */
export async function keptFor(page: Page, token: string): Promise<void> {
  const { sub, jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string; jti: string };
  const meta = async () => {
    const record = await keptRecord(page, FIELD_DB.stores.meta, KEPT_META_KEY);
    return record && `${String(record.accountId)}/${String(record.sessionId)}`;
  };
  await expect.poll(meta, SERVER).toBe(`${sub}/${jti}`);
}

/**
 * Everything the app's database holds, store by store (records counted), read from the page without
 * creating it: an absent database holds nothing.
 */
export function phoneDatabase(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async (name) => {
    if (!(await indexedDB.databases()).some((database) => database.name === name)) return {};
    return new Promise<Record<string, number>>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => {
        const db = open.result;
        const stores = [...db.objectStoreNames];
        const counts: Record<string, number> = {};
        if (stores.length === 0) return resolve(counts);
        const tx = db.transaction(stores);
        for (const store of stores) {
          const count = tx.objectStore(store).count();
          count.onsuccess = () => (counts[store] = count.result);
        }
        tx.oncomplete = () => {
          db.close();
          resolve(counts);
        };
        tx.onerror = () => reject(tx.error);
      };
      open.onerror = () => reject(open.error);
    });
  }, FIELD_DB.name);
}

/** Draws a signature on the dialog's pad. */
export const sign = (page: Page): Promise<void> => drawSignature(page, page.getByRole('dialog').locator('canvas'));
