/**
 * The outbox entries of a push to staff accounts (the technicians' app): one per device the accounts turned
 * push on for, its id `p-<event>-<device>`, so queueing the same event again (a repair after a crash) writes
 * nothing twice. The tickets' and the workshop's pushes are made here; the outbox sends them
 * (netlify/lib/push/push-delivery.ts).
 */
import { createHash } from 'node:crypto';
import type { PushNotice } from '../../../src/features/field/on-call.ts';
import { pushableSubscriptionsOf } from '../push/subscriptions.ts';
import type { OutgoingMail } from './outbox.ts';

/** A short, stable name of a device for an entry's id. */
const deviceName = (key: string): string => createHash('sha256').update(key).digest('hex').slice(0, 12);

/** The outbox entries of one event pushed to these accounts' devices (those a push may go to: pushableSubscriptionsOf). */
export async function pushesTo(accountIds: readonly string[], event: string, notice: PushNotice): Promise<OutgoingMail[]> {
  const devices = (await Promise.all([...new Set(accountIds)].map(pushableSubscriptionsOf))).flat();
  return devices.map(({ key, record }) => ({ id: `p-${event}-${deviceName(key)}`, push: { accountId: record.accountId, subscriptionKey: key, notice } }));
}
