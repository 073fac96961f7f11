/**
 * Sends one push (Web Push with VAPID, through the web-push library): the notice encrypted for the device
 * (aes128gcm) and posted to the browser vendor's push service. Loaded only by the outbox when it sends a
 * push entry, so the functions that only queue never bundle it.
 */
import type { PushNotice, PushSubscriptionRecord } from '../../../src/features/field/on-call.ts';
import { company } from '../../../src/lib/site.ts';
import { serverEnv } from '../env.ts';
import { PUSH_HOST_REFUSED, pushAgent, pushEndpointAllowed } from './push-endpoints.ts';

type Env = Record<string, string | undefined>;

/** How long the push service may keep a notification for a phone that is off (its urgency is high). */
export const PUSH_TTL_SECONDS = 4 * 3600;

/** Whether push can be sent: the VAPID key pair is set. */
export function pushConfigured(env: Env = process.env): boolean {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = serverEnv(env);
  return Boolean(VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY);
}

/**
 * What became of a push: delivered; the subscription is gone (the push service answered 404/410: remove
 * it); or it can never be sent (its address is not a public push service's: push-endpoints.ts), and
 * nothing was posted to an address refused before connecting. Throws on any other failure (retried).
 */
export async function sendPush(subscription: PushSubscriptionRecord, notice: PushNotice, env: Env = process.env): Promise<'sent' | 'gone' | 'refused'> {
  if (!pushEndpointAllowed(subscription.endpoint, env)) return 'refused';
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = serverEnv(env);
  const { default: webPush } = await import('web-push');
  try {
    await webPush.sendNotification({ endpoint: subscription.endpoint, keys: subscription.keys }, JSON.stringify(notice), {
      vapidDetails: { subject: VAPID_SUBJECT ?? `mailto:${company.email}`, publicKey: VAPID_PUBLIC_KEY!, privateKey: VAPID_PRIVATE_KEY! },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      timeout: 10_000,
      agent: pushAgent(),
    });
    return 'sent';
  } catch (error) {
    if ((error as { code?: string }).code === PUSH_HOST_REFUSED) return 'refused';
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) return 'gone';
    throw new Error(`Le service de notification a répondu ${status ?? 'sans réponse'}`, { cause: error });
  }
}
