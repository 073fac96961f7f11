/**
 * The outbox's push transport, loaded by it only when a push entry is sent (netlify/lib/mail/outbox.ts):
 * the device's subscription is read, the notice sent (push-send.ts); a subscription the push service
 * answers 404/410, or whose address is not a public push service's, is removed and its entry ends « Non
 * envoyé » with the reason; any other failure is retried like an e-mail's.
 */
import type { PushNotice } from '../../../src/features/field/on-call.ts';
import { sendPush } from './push-send.ts';
import { dropSubscription, getSubscription } from './subscriptions.ts';

export { pushConfigured } from './push-send.ts';

type Env = Record<string, string | undefined>;

/** A push notification to one device of a staff account, as an outbox entry carries it. */
export interface PushDelivery {
  accountId: string;
  /** The device's subscription (subscriptions.ts). */
  subscriptionKey: string;
  notice: PushNotice;
}

/** What this transport reads and writes of an outbox entry (the outbox's own type is the mail folder's). */
interface PushEntry {
  push?: PushDelivery;
  attempts: number;
  state: string;
  claim?: unknown;
  skipReason?: string;
  lastError?: string;
  sentAt?: string;
}

/** The reason a push ends unsent because its device is gone. */
export const SUBSCRIPTION_GONE = 'L’appareil n’est plus abonné (le service de notification a répondu 404 ou 410)\u00a0: abonnement retiré.';

/** The reason a push ends unsent because its subscription's address is not a public push service's. */
export const SUBSCRIPTION_REFUSED = 'L’adresse d’abonnement de l’appareil n’est pas celle d’un service de notification public\u00a0: abonnement retiré.';

/** Sends a claimed push entry; answers the entry as it ends up (never throws). */
export async function deliverPush<E extends PushEntry>(entry: E, key: string, now: Date, env: Env, afterFailure: (entry: E, error: string, now: Date) => E): Promise<E> {
  const push = entry.push!;
  const done = { claim: undefined, attempts: entry.attempts + 1 };
  const subscription = await getSubscription(push.subscriptionKey);
  if (!subscription) return { ...entry, ...done, state: 'non_envoye', skipReason: 'Notifications coupées sur cet appareil avant l’envoi.' };
  try {
    const outcome = await sendPush(subscription, push.notice, env);
    if (outcome !== 'sent') {
      // Never to be sent: the device is gone, or its address can never receive a push.
      await dropSubscription(push.subscriptionKey);
      return { ...entry, ...done, state: 'non_envoye', skipReason: outcome === 'gone' ? SUBSCRIPTION_GONE : SUBSCRIPTION_REFUSED };
    }
    return { ...entry, ...done, state: 'envoye', lastError: undefined, sentAt: now.toISOString() };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`push: sending ${key} failed (attempt ${entry.attempts + 1}); it stays in the outbox`, reason);
    return afterFailure(entry, reason.slice(0, 300), now);
  }
}
