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
    // From any older version to this one, keeping what is there (the queue above all): each missing store is
    // made, whatever the version says (a database erased at a session's end may be made again empty by a
    // reader that opens it without a version).
    upgrade(db) {
      const missing = (store: (typeof FIELD_DB.stores)[keyof typeof FIELD_DB.stores]) => !db.objectStoreNames.contains(store);
      if (missing(FIELD_DB.stores.tickets)) db.createObjectStore(FIELD_DB.stores.tickets, { keyPath: 'id' });
      if (missing(FIELD_DB.stores.catalogue)) db.createObjectStore(FIELD_DB.stores.catalogue, { keyPath: 'reference' });
      if (missing(FIELD_DB.stores.meta)) db.createObjectStore(FIELD_DB.stores.meta, { keyPath: 'key' });
      if (missing(FIELD_DB.stores.queue)) db.createObjectStore(FIELD_DB.stores.queue, { keyPath: 'seq', autoIncrement: true }).createIndex('ticketId', 'ticketId');
      if (missing(FIELD_DB.stores.files)) db.createObjectStore(FIELD_DB.stores.files, { keyPath: 'url' });
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

/** The kept copy's meta record, if any, whoever it was kept for (the sync's own bookkeeping). */
export const keptMeta = async (): Promise<KeptMeta | undefined> => (await fieldDb()).get(FIELD_DB.stores.meta, KEPT_META_KEY);

/**
 * The kept copy's meta record when it was kept under this very session (same account, same session):
 * every read a screen shows goes through it, so a copy left by another person or an ended session is
 * never shown, even before it is cleared.
 */
export async function copyOf(session: FieldSession | undefined): Promise<KeptMeta | undefined> {
  const meta = await keptMeta();
  return session && meta && meta.sessionId === session.sessionId && meta.accountId === session.accountId ? meta : undefined;
}

/** Every ticket kept for this session, in the copy's order (the person's own first, then the soonest due). */
export async function keptTickets(session: FieldSession | undefined): Promise<KeptTicket<FieldTicket>[]> {
  if (!(await copyOf(session))) return [];
  return (await (await fieldDb()).getAll(FIELD_DB.stores.tickets)).sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER));
}

/** One ticket as kept, whoever it was kept for (the sync's own bookkeeping: a newer view keeps its shop and equipment). */
const storedTicket = async (id: string): Promise<KeptTicket<FieldTicket> | undefined> => (await fieldDb()).get(FIELD_DB.stores.tickets, id);

/** One ticket kept for this session. */
export const keptTicket = async (id: string, session: FieldSession | undefined): Promise<KeptTicket<FieldTicket> | undefined> =>
  (await copyOf(session)) ? storedTicket(id) : undefined;

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

/** A kept file's bytes, if the phone has it for this session. */
export const keptFile = async (url: string, session: FieldSession | undefined): Promise<Blob | undefined> =>
  (await copyOf(session)) ? (await (await fieldDb()).get(FIELD_DB.stores.files, url))?.blob : undefined;

/** A kept ticket's shop and equipment, whoever it was kept for (a newer view of the ticket keeps them). */
export async function keptPlace(id: string): Promise<Pick<FieldTicket, 'shop' | 'equipment'> | undefined> {
  const kept = await storedTicket(id);
  return kept && { shop: kept.view.shop, equipment: kept.view.equipment };
}

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

/** One account's actions, in the order written: another person's, on a shared phone, are never read. */
export const queuedActions = async (accountId: string | undefined): Promise<QueuedAction[]> =>
  accountId ? (await (await fieldDb()).getAll(FIELD_DB.stores.queue)).filter((action) => action.accountId === accountId) : [];

/** One action as stored now (a pass reads it again before sending: another may have sent it meanwhile). */
export const queuedAction = async (seq: number): Promise<QueuedAction | undefined> => (await fieldDb()).get(FIELD_DB.stores.queue, seq);

/** One account's actions on a ticket, in the order written. */
export const queuedFor = async (ticketId: string, accountId: string | undefined): Promise<QueuedAction[]> =>
  accountId ? (await (await fieldDb()).getAllFromIndex(FIELD_DB.stores.queue, 'ticketId', ticketId)).filter((action) => action.accountId === accountId) : [];

/** How many actions written on this device, by anyone, have not reached the server yet (« Se déconnecter » asks first). */
export async function unsentCount(): Promise<number> {
  return (await (await fieldDb()).getAll(FIELD_DB.stores.queue)).filter((action) => action.state === 'waiting' || action.state === 'sending').length;
}
