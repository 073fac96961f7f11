/**
 * The phone's database (IndexedDB through idb), its stores as field-model.ts describes them: the kept copy
 * for reading (tickets, catalogue references, its meta record, the files its tickets name) and the queue of actions written on the
 * phone. Nothing here calls the network.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { FieldBundle, FieldTicket } from './field-bundle';
import { FIELD_DB, KEPT_META_KEY, type KeptFile, type KeptMeta, type KeptPart, type KeptTicket, type QueuedAction } from './field-model';

interface FieldSchema extends DBSchema {
  tickets: { key: string; value: KeptTicket<FieldTicket> };
  catalogue: { key: string; value: KeptPart };
  meta: { key: string; value: KeptMeta };
  queue: { key: number; value: QueuedAction; indexes: { ticketId: string } };
  files: { key: string; value: KeptFile };
}

let opened: Promise<IDBPDatabase<FieldSchema>> | undefined;

/** The database, opened once per page. */
export function fieldDb(): Promise<IDBPDatabase<FieldSchema>> {
  opened ??= openDB<FieldSchema>(FIELD_DB.name, FIELD_DB.version, {
    // From any older version to this one, keeping what is there (the queue above all).
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore(FIELD_DB.stores.tickets, { keyPath: 'id' });
        db.createObjectStore(FIELD_DB.stores.catalogue, { keyPath: 'reference' });
        db.createObjectStore(FIELD_DB.stores.meta, { keyPath: 'key' });
        db.createObjectStore(FIELD_DB.stores.queue, { keyPath: 'seq', autoIncrement: true }).createIndex('ticketId', 'ticketId');
      }
      if (oldVersion < 2) db.createObjectStore(FIELD_DB.stores.files, { keyPath: 'url' });
    },
    // A newer version opened in another screen: this one lets go, and opens the new one when next asked.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opened = undefined;
    },
  });
  return opened;
}

/** The session a copy is kept under. */
export interface FieldSession {
  sessionId: string;
  accountId: string;
}

/** Replaces the kept copy with a fresh bundle, in one transaction (never half a copy). */
export async function keepBundle(bundle: FieldBundle, session: FieldSession): Promise<void> {
  const db = await fieldDb();
  const tx = db.transaction([FIELD_DB.stores.tickets, FIELD_DB.stores.catalogue, FIELD_DB.stores.meta], 'readwrite');
  const tickets = tx.objectStore(FIELD_DB.stores.tickets);
  const catalogue = tx.objectStore(FIELD_DB.stores.catalogue);
  await Promise.all([tickets.clear(), catalogue.clear()]);
  await Promise.all([
    ...bundle.tickets.map((kept, rank) => tickets.put({ id: kept.view.ticket.id, view: kept, keptAt: bundle.at, rank })),
    ...bundle.catalogue.map((part) => catalogue.put(part)),
    tx.objectStore(FIELD_DB.stores.meta).put({ key: KEPT_META_KEY, ...session, refreshedAt: bundle.at }),
  ]);
  await tx.done;
}

/** Keeps one ticket's newer view (the answer to an action, or a ticket opened online), in its place in the copy. */
export async function keepTicket(kept: FieldTicket, at: string): Promise<void> {
  const tx = (await fieldDb()).transaction(FIELD_DB.stores.tickets, 'readwrite');
  const rank = (await tx.store.get(kept.view.ticket.id))?.rank;
  await tx.store.put({ id: kept.view.ticket.id, view: kept, keptAt: at, ...(rank === undefined ? {} : { rank }) });
  await tx.done;
}

/** The kept copy's meta record, if any. */
export const keptMeta = async (): Promise<KeptMeta | undefined> => (await fieldDb()).get(FIELD_DB.stores.meta, KEPT_META_KEY);

/** Every kept ticket, in the copy's order (the person's own first, then the soonest due). */
export const keptTickets = async (): Promise<KeptTicket<FieldTicket>[]> =>
  (await (await fieldDb()).getAll(FIELD_DB.stores.tickets)).sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER));

/** One kept ticket. */
export const keptTicket = async (id: string): Promise<KeptTicket<FieldTicket> | undefined> => (await fieldDb()).get(FIELD_DB.stores.tickets, id);

/** The kept catalogue references whose reference is the text (case ignored). */
export async function keptPart(reference: string): Promise<KeptPart | undefined> {
  const wanted = reference.trim().toLowerCase();
  return (await (await fieldDb()).getAll(FIELD_DB.stores.catalogue)).find((part) => part.reference.toLowerCase() === wanted);
}

/** The stores of the copy for reading: cleared together (never the queue: what waits belongs to its author). */
const KEPT_STORES = [FIELD_DB.stores.tickets, FIELD_DB.stores.catalogue, FIELD_DB.stores.meta, FIELD_DB.stores.files] as const;

/** Clears the kept copy for reading, its files included. */
export async function clearKept(): Promise<void> {
  const db = await fieldDb();
  const tx = db.transaction(KEPT_STORES, 'readwrite');
  await Promise.all(KEPT_STORES.map((store) => tx.objectStore(store).clear()));
  await tx.done;
}

/** A kept file's bytes, if the phone has it. */
export const keptFile = async (url: string): Promise<Blob | undefined> => (await (await fieldDb()).get(FIELD_DB.stores.files, url))?.blob;

/** The addresses of the kept files. */
export const keptFileUrls = async (): Promise<string[]> => (await fieldDb()).getAllKeys(FIELD_DB.stores.files);

/** Keeps a file's bytes, unless the copy was cleared meanwhile (signed out while it was fetched). */
export async function keepFile(url: string, blob: Blob): Promise<void> {
  const db = await fieldDb();
  const tx = db.transaction([FIELD_DB.stores.meta, FIELD_DB.stores.files], 'readwrite');
  if (await tx.objectStore(FIELD_DB.stores.meta).get(KEPT_META_KEY)) await tx.objectStore(FIELD_DB.stores.files).put({ url, blob, keptAt: new Date().toISOString() });
  await tx.done;
}

/** Forgets kept files (those no kept ticket names any more). */
export async function forgetFiles(urls: readonly string[]): Promise<void> {
  const tx = (await fieldDb()).transaction(FIELD_DB.stores.files, 'readwrite');
  await Promise.all(urls.map((url) => tx.store.delete(url)));
  await tx.done;
}

/** Stores an action at the end of the queue; answers it with its place. */
export async function enqueue(action: QueuedAction): Promise<QueuedAction> {
  const seq = await (await fieldDb()).add(FIELD_DB.stores.queue, action);
  return { ...action, seq };
}

/** Writes an action's new state. */
export async function saveQueued(action: QueuedAction): Promise<void> {
  await (await fieldDb()).put(FIELD_DB.stores.queue, action);
}

/** Removes an action (the person dismissed a sent or refused one). */
export async function forgetQueued(seq: number): Promise<void> {
  await (await fieldDb()).delete(FIELD_DB.stores.queue, seq);
}

/** Every action, in the order written. */
export const queuedActions = async (): Promise<QueuedAction[]> => (await fieldDb()).getAll(FIELD_DB.stores.queue);

/** A ticket's actions, in the order written. */
export const queuedFor = async (ticketId: string): Promise<QueuedAction[]> => (await fieldDb()).getAllFromIndex(FIELD_DB.stores.queue, 'ticketId', ticketId);
