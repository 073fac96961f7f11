/**
 * Staff's push subscriptions (store `push-subscriptions`): one per account and device, keyed
 * `<accountId>/<SHA-256 of the browser's endpoint>`, so subscribing the same device again replaces it. Only
 * an address of a public push service is kept (push-endpoints.ts), and PUSH_DEVICES_PER_ACCOUNT devices at
 * most per account. Kept until the person turns push off on that device, the push service answers 404/410
 * or the address can no longer be sent to (the outbox removes it), or the account ends
 * (`eraseSubscriptionsOf`).
 */
import { createHash } from 'node:crypto';
import type { PushSubscriptionBody, PushSubscriptionRecord } from '../../../src/features/field/on-call.ts';
import { Refusal } from '../http/refusal.ts';
import { storeNames, strongStore } from '../storage/storage.ts';
import { pushEndpointAllowed } from './push-endpoints.ts';

/** How many devices of one account receive pushes: a phone, a tablet, a computer or two. */
export const PUSH_DEVICES_PER_ACCOUNT = 5;

const store = () => strongStore(storeNames.pushSubscriptions);

/** The key of a device's subscription under its account. */
export const subscriptionKey = (accountId: string, endpoint: string): string => `${accountId}/${createHash('sha256').update(endpoint).digest('hex').slice(0, 32)}`;

/**
 * Keeps (or replaces) a device's subscription; answers its key. Refused (nothing kept): an address that
 * is not a public push service's, a new device beyond PUSH_DEVICES_PER_ACCOUNT.
 */
export async function saveSubscription(accountId: string, body: PushSubscriptionBody, now = new Date()): Promise<string> {
  if (!pushEndpointAllowed(body.endpoint)) throw new Refusal('push_endpoint_refused');
  const key = subscriptionKey(accountId, body.endpoint);
  const { blobs } = await store().list({ prefix: `${accountId}/` });
  if (!blobs.some((blob) => blob.key === key) && blobs.length >= PUSH_DEVICES_PER_ACCOUNT) throw new Refusal('push_devices_capped', { max: PUSH_DEVICES_PER_ACCOUNT });
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

/** The keys and records of an account's subscriptions, newest first. */
export async function subscriptionsOf(accountId: string): Promise<{ key: string; record: PushSubscriptionRecord }[]> {
  const { blobs } = await store().list({ prefix: `${accountId}/` });
  const records = await Promise.all(blobs.map(async (blob) => ({ key: blob.key, record: await getSubscription(blob.key) })));
  return records.filter((one): one is { key: string; record: PushSubscriptionRecord } => one.record !== undefined).sort((a, b) => b.record.createdAt.localeCompare(a.record.createdAt));
}

/**
 * The subscriptions a push to the account goes to: those with an address that can be sent to, the
 * newest PUSH_DEVICES_PER_ACCOUNT (subscriptions kept before the rules were are never posted to).
 */
export async function pushableSubscriptionsOf(accountId: string): Promise<{ key: string; record: PushSubscriptionRecord }[]> {
  return (await subscriptionsOf(accountId)).filter(({ record }) => pushEndpointAllowed(record.endpoint)).slice(0, PUSH_DEVICES_PER_ACCOUNT);
}

/** Erases every subscription of an account (the account ends). */
export async function eraseSubscriptionsOf(accountId: string): Promise<number> {
  const { blobs } = await store().list({ prefix: `${accountId}/` });
  await Promise.all(blobs.map((blob) => store().delete(blob.key)));
  return blobs.length;
}

