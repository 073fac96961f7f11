/**
 * The repairs' index: what the board, the search and the lists read, so that none of them reads one blob
 * per repair. The repair blobs stay the truth (repairs.ts); each write of a repair is followed by
 * `indexRepair`, and the repair pass does it again for a write whose function stopped before.
 *
 * Layout (store `repair-index`):
 * - `ouverts` `{ entries }`: every repair not yet « Restitué » — the board and its counters read this one
 *   blob (a few hundred devices are in the workshop at once, whatever the years of history);
 * - `restitues` `{ entries }`: the repairs restituted in the last RESTITUTED_SHOWN_DAYS days — the board's
 *   « Restitués » (older ones are found by the search), pruned at each write;
 * - `societe/<companyId>` `{ entries }`: every repair of a company — the company's page, « Mes réparations »,
 *   the retention job and the company's erase;
 * - `serie/<serial>` `{ ids }` and `reference/<RP-…>` `{ ids }`: the exact searches, one small read each,
 *   however many repairs there are; a searched text too long for a key is named by its SHA-256 instead, so
 *   any query is answered (with nothing found) rather than refused by the store.
 * Writes go through `updateJSON`; an entry is only replaced by one made from a repair at least as recent.
 */
import { createHash } from 'node:crypto';
import type { Repair, RepairSummary } from '../../../src/features/repairs/model.ts';
import { repairStateOf, RESTITUTED_SHOWN_DAYS } from '../../../src/features/repairs/states.ts';
import { storeNames, strongStore, updateJSON } from '../storage/storage.ts';
import { writeBucketEntry, type Bucket as IndexBucket } from '../storage/index-buckets.ts';

type Bucket = IndexBucket<RepairSummary>;

interface Keys {
  ids: string[];
}

const OPEN_KEY = 'ouverts';
const RESTITUTED_KEY = 'restitues';
const DAY_MS = 24 * 3_600_000;
const companyKey = (companyId: string): string => `societe/${companyId}`;
/** A serial as searched: upper case, without spaces or dashes (« sn 12-34 » finds « SN1234 »). */
export const serialSearchForm = (serial: string): string => serial.toUpperCase().replace(/[\s\-_./]+/g, '');
/**
 * Longest searched text kept readable in a key, once URI-encoded; beyond it the key names the text's
 * SHA-256 (a store key is at most 600 bytes, and one « é » is six characters encoded).
 */
const KEY_TEXT_MAX = 200;
const keyText = (text: string): string => {
  const encoded = encodeURIComponent(text);
  return encoded.length <= KEY_TEXT_MAX ? encoded : `sha256-${createHash('sha256').update(text).digest('hex')}`;
};
const serialKey = (serial: string): string => `serie/${keyText(serialSearchForm(serial))}`;
const referenceKey = (reference: string): string => `reference/${keyText(reference.toUpperCase())}`;
/** Whether a restituted entry still shows in « Restitués » at `now`. */
const restitutedRecently = (entry: RepairSummary, now: Date): boolean => now.getTime() - Date.parse(entry.stateSince) <= RESTITUTED_SHOWN_DAYS * DAY_MS;

/** The open blob meets every repair's every change: far more patience than the default. */
const INDEX_WRITE_ATTEMPTS = 60;

const indexStore = () => strongStore(storeNames.repairIndex);

/** The index entry of a repair. */
export function summaryOfRepair(repair: Repair): RepairSummary {
  return {
    id: repair.id,
    reference: repair.reference,
    companyId: repair.companyId,
    companyName: repair.companyName,
    territory: repair.territory,
    state: repair.state,
    stateSince: repair.stateSince,
    openedAt: repair.openedAt,
    receivedAt: repair.receivedAt,
    warranty: repair.warranty,
    technician: repair.technician,
    updatedAt: repair.updatedAt,
    model: repair.device.model,
    serial: repair.device.serial,
    onLoan: repair.loan !== null && repair.loan.returnedAt === null,
  };
}

const writeEntry = (key: string, entry: RepairSummary, keep: boolean): Promise<void> => writeBucketEntry(storeNames.repairIndex, key, entry, keep, INDEX_WRITE_ATTEMPTS);

async function writeKey(key: string, id: string, keep: boolean): Promise<void> {
  await updateJSON<Keys, void>(storeNames.repairIndex, key, (current) => {
    const ids = current?.ids ?? [];
    if (keep === ids.includes(id)) return { result: undefined };
    return { value: { ids: keep ? [...ids, id] : ids.filter((one) => one !== id) }, result: undefined };
  });
}

/**
 * Puts a restituted repair's entry in « Restitués » (or takes it out), dropping the entries restituted more
 * than RESTITUTED_SHOWN_DAYS days before it: the blob holds about a month of restitutions.
 */
async function writeRestituted(entry: RepairSummary, keep: boolean): Promise<void> {
  const at = new Date(entry.stateSince);
  await updateJSON<Bucket, void>(
    storeNames.repairIndex,
    RESTITUTED_KEY,
    (current) => {
      const before = current?.entries ?? {};
      if (before[entry.id] && before[entry.id]!.updatedAt > entry.updatedAt) return { result: undefined };
      const entries = Object.fromEntries(Object.entries(before).filter(([id, one]) => id !== entry.id && restitutedRecently(one, at)));
      if (keep) entries[entry.id] = entry;
      const ids = Object.keys(entries);
      const unchanged = ids.length === Object.keys(before).length && ids.every((id) => JSON.stringify(entries[id]) === JSON.stringify(before[id]));
      return unchanged ? { result: undefined } : { value: { entries }, result: undefined };
    },
    INDEX_WRITE_ATTEMPTS,
  );
}

/** Writes a repair's entries: its company's, the open blob's while not « Restitué », « Restitués » once it is, its serial and reference keys. Idempotent. */
export async function indexRepair(repair: Repair): Promise<void> {
  const entry = summaryOfRepair(repair);
  const open = repairStateOf(repair.state).open;
  await Promise.all([
    writeEntry(companyKey(repair.companyId), entry, true),
    writeEntry(OPEN_KEY, entry, open),
    open ? undefined : writeRestituted(entry, true),
    repair.device.serial ? writeKey(serialKey(repair.device.serial), repair.id, true) : undefined,
    writeKey(referenceKey(repair.reference), repair.id, true),
  ]);
}

/** Removes a repair from every blob of the index (its erasure). */
export async function unindexRepair(repair: Repair): Promise<void> {
  const gone = { ...summaryOfRepair(repair), updatedAt: '9999' };
  await Promise.all([
    writeEntry(companyKey(repair.companyId), gone, false),
    writeEntry(OPEN_KEY, gone, false),
    repair.state === 'restitue' ? writeRestituted(gone, false) : undefined,
    repair.device.serial ? writeKey(serialKey(repair.device.serial), repair.id, false) : undefined,
    writeKey(referenceKey(repair.reference), repair.id, false),
  ]);
}

/**
 * Writes the index of many repairs at once, one write per blob (a throw-away copy seeded by the benchmark;
 * a live index is kept by indexRepair).
 * @public scripts/bench-repairs.mjs bundles it with esbuild, where knip cannot follow the import.
 */
export async function writeRepairIndexOf(repairs: readonly Repair[]): Promise<void> {
  const buckets = new Map<string, Bucket>([[OPEN_KEY, { entries: {} }], [RESTITUTED_KEY, { entries: {} }]]);
  const latest = repairs.reduce((max, repair) => (repair.stateSince > max ? repair.stateSince : max), '');
  const keys = new Map<string, Keys>();
  const put = (key: string, entry: RepairSummary) => {
    const bucket = buckets.get(key) ?? { entries: {} };
    bucket.entries[entry.id] = entry;
    buckets.set(key, bucket);
  };
  const add = (key: string, id: string) => keys.set(key, { ids: [...(keys.get(key)?.ids ?? []), id] });
  for (const repair of repairs) {
    const entry = summaryOfRepair(repair);
    put(companyKey(repair.companyId), entry);
    if (repairStateOf(repair.state).open) put(OPEN_KEY, entry);
    else if (restitutedRecently(entry, new Date(latest))) put(RESTITUTED_KEY, entry);
    if (repair.device.serial) add(serialKey(repair.device.serial), repair.id);
    add(referenceKey(repair.reference), repair.id);
  }
  for (const [key, bucket] of buckets) await indexStore().setJSON(key, bucket);
  for (const [key, value] of keys) await indexStore().setJSON(key, value);
}

async function readBucket(key: string): Promise<RepairSummary[]> {
  const bucket = (await indexStore().get(key, { type: 'json' })) as Bucket | null;
  return Object.values(bucket?.entries ?? {});
}

async function readKeys(key: string): Promise<string[]> {
  return ((await indexStore().get(key, { type: 'json' })) as Keys | null)?.ids ?? [];
}

/** Every repair not yet « Restitué ». */
export const openRepairEntries = (): Promise<RepairSummary[]> => readBucket(OPEN_KEY);

/** The repairs restituted in the last RESTITUTED_SHOWN_DAYS days before `now`. */
export const restitutedRepairEntries = async (now: Date): Promise<RepairSummary[]> => (await readBucket(RESTITUTED_KEY)).filter((entry) => restitutedRecently(entry, now));

/** Every repair of a company, whatever its state. */
export const companyRepairEntries = (companyId: string): Promise<RepairSummary[]> => readBucket(companyKey(companyId));

/** The ids of the repairs of a device's serial (exact, spaces and dashes aside). */
export const repairIdsOfSerial = (serial: string): Promise<string[]> => (serialSearchForm(serial) ? readKeys(serialKey(serial)) : Promise.resolve([]));

/** The id of the repair of a reference (RP-2026-00001), if any. */
export const repairIdsOfReference = (reference: string): Promise<string[]> => readKeys(referenceKey(reference));

/** Every company that has repairs in the index (the retention job walks them). */
export async function indexedRepairCompanies(): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of indexStore().list({ prefix: 'societe/', paginate: true })) ids.push(...page.blobs.map((blob) => blob.key.slice('societe/'.length)));
  return ids;
}
