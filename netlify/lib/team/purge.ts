/**
 * The daily clean-up of the team's short-lived records (invitation links, passkey challenges): each
 * carries `expiresAt`; those expired before `now` are deleted.
 */
import { strongStore } from '../storage/storage.ts';

/** Deletes the records of a store whose `expiresAt` is before `now`; returns how many. */
export async function purgeExpired(storeName: string, now: Date): Promise<number> {
  const store = strongStore(storeName);
  const { blobs } = await store.list();
  let purged = 0;
  for (const { key } of blobs) {
    const record = (await store.get(key, { type: 'json' })) as { expiresAt?: string } | null;
    if (record?.expiresAt && Date.parse(record.expiresAt) <= now.getTime()) {
      await store.delete(key);
      purged += 1;
    }
  }
  return purged;
}
