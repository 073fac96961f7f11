/**
 * The records of the devis over Netlify Blobs, with no PDF code (the inbox list, a request's deletion and
 * the daily job import this module and stay light): one blob per request in `devis` (its draft, its sent
 * versions and their events), every change a conditional write (`updateJSON`); one index blob of each
 * request's last version and state (the inbox filter, the counters, the daily expiry); the kept PDFs in
 * `devis-documents` (bytes only: making them is devis-pdf.ts's job). Erasing a devis erases all three.
 */
import type { DevisState } from '../../../src/lib/devis-states.ts';
import { DEVIS_STATES, isDevisState } from '../../../src/lib/devis-states.ts';
import { expiresAt, formatDay, type DevisDraft, type DevisVersion } from '../../../src/features/devis/devis.ts';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';
import { touchRequest } from '../requests/requests.ts';

/** One event of a request's devis, shown in its history. */
export interface DevisEvent {
  at: string;
  text: string;
}

/** Everything about the devis of one request. */
export interface DevisRecord {
  requestId: string;
  /** The editor's saved work, or the last version sent. */
  draft?: DevisDraft;
  draftSavedAt?: string;
  /** Sent versions, oldest first. */
  versions: DevisVersion[];
  events: DevisEvent[];
}

/** The index entry of a request: its last version. */
export interface DevisIndexEntry {
  version: number;
  number: string;
  state: DevisState;
  validUntil: string;
}

export type DevisIndex = Record<string, DevisIndexEntry>;

const INDEX_KEY = 'etats';
const store = () => strongStore(storeNames.devis);
const documents = () => strongStore(storeNames.devisDocuments);

/** The devis of a request, or undefined when none was prepared. */
export async function getDevis(requestId: string): Promise<DevisRecord | undefined> {
  return ((await store().get(requestId, { type: 'json' })) as DevisRecord | null) ?? undefined;
}

/** The last sent version. */
export const lastVersion = (record: DevisRecord | undefined): DevisVersion | undefined => record?.versions.at(-1);

/** The link id of a version (`v2` for a version sent before links had one). */
export const linkIdOf = (version: DevisVersion): string => version.linkId ?? `v${version.version}`;

/** A version of a record by its link id. */
export const versionByLinkId = (record: DevisRecord | undefined, linkId: string): DevisVersion | undefined =>
  record?.versions.find((candidate) => linkIdOf(candidate) === linkId);

/** Saves the editor's draft (validated by the caller). */
export async function saveDraft(requestId: string, draft: DevisDraft, now = new Date()): Promise<DevisRecord> {
  const record = await updateJSON<DevisRecord, DevisRecord>(storeNames.devis, requestId, (current) => {
    const value: DevisRecord = { ...(current ?? { requestId, versions: [], events: [] }), draft, draftSavedAt: now.toISOString() };
    return { value, result: value };
  });
  // Work on a devis is a change of its request (the retention clock restarts).
  await touchRequest(requestId, now);
  return record;
}

/**
 * Changes one version of a request's devis with a conditional write: `change` gets the record and the
 * version and returns the version to write with the event to record, or a result without writing.
 */
export async function changeVersion<R>(
  requestId: string,
  versionNumber: number,
  change: (version: DevisVersion, record: DevisRecord) => { version: DevisVersion; event: DevisEvent; result: R } | { result: R },
  missing: R,
): Promise<R> {
  return updateJSON<DevisRecord, R>(storeNames.devis, requestId, (current) => {
    const target = current?.versions.find((candidate) => candidate.version === versionNumber);
    if (!current || !target) return { result: missing };
    const outcome = change(target, current);
    if (!('version' in outcome)) return { result: outcome.result };
    const value: DevisRecord = {
      ...current,
      versions: current.versions.map((candidate) => (candidate.version === versionNumber ? outcome.version : candidate)),
      events: [...current.events, outcome.event],
    };
    return { value, result: outcome.result };
  });
}

/** Writes the index entry of a request from its record's last version (idempotent: a repair may write it again). */
export async function indexDevis(requestId: string, record: DevisRecord): Promise<void> {
  const version = lastVersion(record);
  if (!version) return;
  const entry: DevisIndexEntry = { version: version.version, number: version.number, state: version.state, validUntil: version.validUntil };
  await updateJSON<DevisIndex, void>(storeNames.devisIndex, INDEX_KEY, (index) => {
    const known = index?.[requestId];
    if (known && known.version === entry.version && known.state === entry.state && known.validUntil === entry.validUntil) return { result: undefined };
    return { value: { ...index, [requestId]: entry }, result: undefined };
  });
}

/** The index: each request's last version and its state. */
export async function readDevisIndex(): Promise<DevisIndex> {
  return ((await strongStore(storeNames.devisIndex).get(INDEX_KEY, { type: 'json' })) as DevisIndex | null) ?? {};
}

/** How many requests (of `among`, when given) have their last devis in each state. */
export function countDevisStates(index: DevisIndex, among?: ReadonlySet<string>): Record<DevisState, number> {
  const counts = Object.fromEntries(DEVIS_STATES.map((state) => [state.value, 0])) as Record<DevisState, number>;
  for (const [id, entry] of Object.entries(index)) if (isDevisState(entry.state) && (!among || among.has(id))) counts[entry.state] += 1;
  return counts;
}

// ---- Kept documents ----

/** Where a version's PDF is kept: as sent (`envoi`) or as answered (`reponse`). */
export const documentKey = (requestId: string, linkId: string, kind: 'envoi' | 'reponse'): string => `${requestId}/${linkId}-${kind}.pdf`;

/** Keeps a PDF (written once per key; a repeat of the same make overwrites it with the same content). */
export async function keepDocument(key: string, pdf: Buffer): Promise<void> {
  await documents().set(key, new Uint8Array(pdf).buffer);
}

/** A kept PDF, or undefined when it is not there. */
export async function readDocument(key: string): Promise<Buffer | undefined> {
  const bytes = await documents().get(key, { type: 'arrayBuffer' });
  return bytes ? Buffer.from(bytes) : undefined;
}

/** Removes a kept PDF that no record names (a send or an answer that lost its race or died before its record). */
export async function dropDocument(key: string): Promise<void> {
  await documents().delete(key);
}

/** The document the link and the admin serve for a version: the answered one once there is one, else the one sent. */
export const servedDocumentKey = (version: DevisVersion): string | undefined => version.answer?.document?.key ?? version.document?.key;

// ---- Erasing ----

/** Erases a request's devis: its record, its index entry, its kept PDFs and its pending intents (the request is being deleted). */
export async function deleteDevis(requestId: string): Promise<void> {
  await store().delete(requestId);
  await updateJSON<DevisIndex, void>(storeNames.devisIndex, INDEX_KEY, (index) => {
    if (!index || !(requestId in index)) return { result: undefined };
    const { [requestId]: _gone, ...rest } = index;
    return { value: rest, result: undefined };
  });
  for (const name of [storeNames.devisDocuments, storeNames.devisIntents]) {
    const folder = strongStore(name);
    const { blobs } = await folder.list({ prefix: `${requestId}/` });
    await Promise.all(blobs.map((blob) => folder.delete(blob.key)));
  }
}

// ---- Expiry (daily job) ----

/** Marks expired every devis awaiting an answer whose last day has passed, with an event. How many were marked. */
export async function expireDevis(now = new Date()): Promise<number> {
  const index = await readDevisIndex();
  let expired = 0;
  for (const [requestId, entry] of Object.entries(index)) {
    if (entry.state !== 'envoye' || now <= expiresAt(entry.validUntil)) continue;
    const at = now.toISOString();
    const marked = await changeVersion<boolean>(
      requestId,
      entry.version,
      (target) =>
        target.state !== 'envoye' || now <= expiresAt(target.validUntil)
          ? { result: false }
          : {
              version: { ...target, state: 'expire', closedAt: at },
              event: { at, text: `Devis ${target.number} expiré sans réponse (valable jusqu’au ${formatDay(target.validUntil)}).` },
              result: true,
            },
      false,
    );
    if (!marked) continue;
    const record = await getDevis(requestId);
    if (record) await indexDevis(requestId, record);
    expired += 1;
  }
  return expired;
}
