/**
 * Staff's push subscriptions (store `push-subscriptions`): one per account and device, keyed
 * `<accountId>/<SHA-256 of the browser's endpoint>`, so subscribing the same device again replaces it. Kept
 * until the person turns push off on that device, the push service answers 404/410 (the outbox removes it),
 * or the account ends (`eraseSubscriptionsOf`).
 */
import { createHash } from 'node:crypto';
import type { PushSubscriptionBody, PushSubscriptionRecord } from '../../../src/features/field/on-call.ts';
import { storeNames, strongStore } from '../storage/storage.ts';

const store = () => strongStore(storeNames.pushSubscriptions);

/** The key of a device's subscription under its account. */
export const subscriptionKey = (accountId: string, endpoint: string): string => `${accountId}/${createHash('sha256').update(endpoint).digest('hex').slice(0, 32)}`;

/** Keeps (or replaces) a device's subscription; answers its key. */
export async function saveSubscription(accountId: string, body: PushSubscriptionBody, now = new Date()): Promise<string> {
  const key = subscriptionKey(accountId, body.endpoint);
  const record: PushSubscriptionRecord = { accountId, endpoint: body.endpoint, keys: body.keys, device: body.device || 'Appareil', createdAt: now.toISOString() };
  await store().setJSON(key, record);
  return key;
}

/** Turns push off for one device of the account (its endpoint); answers whether there was one. */
export async function removeSubscription(accountId: string, endpoint: string): Promise<boolean> {
  const key = subscriptionKey(accountId, endpoint);
  const known = await store().get(key, { type: 'text' });
  if (known === null) return false;
  await store().delete(key);
  return true;
}

/** One subscription by its key, if still kept. */
export async function getSubscription(key: string): Promise<PushSubscriptionRecord | undefined> {
  return ((await store().get(key, { type: 'json' })) as PushSubscriptionRecord | null) ?? undefined;
}

/** Forgets a subscription by its key (the push service answered 404/410: the device unsubscribed). */
export async function dropSubscription(key: string): Promise<void> {
  await store().delete(key);
}

/** The keys and records of an account's subscriptions. */
export async function subscriptionsOf(accountId: string): Promise<{ key: string; record: PushSubscriptionRecord }[]> {
  const { blobs } = await store().list({ prefix: `${accountId}/` });
  const records = await Promise.all(blobs.map(async (blob) => ({ key: blob.key, record: await getSubscription(blob.key) })));
  return records.filter((one): one is { key: string; record: PushSubscriptionRecord } => one.record !== undefined);
}

/** Erases every subscription of an account (the account ends). */
export async function eraseSubscriptionsOf(accountId: string): Promise<number> {
  const { blobs } = await store().list({ prefix: `${accountId}/` });
  await Promise.all(blobs.map((blob) => store().delete(blob.key)));
  return blobs.length;
}

