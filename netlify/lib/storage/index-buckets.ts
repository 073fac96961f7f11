/**
 * The buckets of the lists' indexes (the tickets', the repairs'): one blob `{ entries: { [id]: entry } }`
 * per list, each write conditional (`updateJSON`), and an entry only ever replaced by one made from a
 * record at least as recent (`updatedAt`), so two updates landing in the wrong order keep the newer one.
 */
import { updateJSON } from './storage.ts';

/** An index entry: the record's id and the instant of the version it was made from. */
export interface BucketEntry {
  id: string;
  updatedAt: string;
}

/** A bucket of an index. */
export interface Bucket<E extends BucketEntry> {
  entries: Record<string, E>;
}

/** Puts an entry in a bucket (`keep`) or takes it out, unless the bucket already holds a newer one; writes nothing when nothing changes. */
export async function writeBucketEntry<E extends BucketEntry>(storeName: string, key: string, entry: E, keep: boolean, attempts: number): Promise<void> {
  await updateJSON<Bucket<E>, void>(
    storeName,
    key,
    (current) => {
      const entries = { ...(current?.entries ?? {}) };
      const known = entries[entry.id];
      if (known && known.updatedAt > entry.updatedAt) return { result: undefined };
      if (keep) {
        if (known && JSON.stringify(known) === JSON.stringify(entry)) return { result: undefined };
        entries[entry.id] = entry;
      } else {
        if (!known) return { result: undefined };
        delete entries[entry.id];
      }
      return { value: { entries }, result: undefined };
    },
    attempts,
  );
}
