/**
 * The staff's push notifications on their devices (« Mon compte », the technicians' app):
 * - GET /api/compte/notifications — { success, data: { publicKey, devices: [{ device, createdAt, endpoint }] } }:
 *   the VAPID public key the browser subscribes with, and the account's devices that receive them;
 * - PUT — the browser's subscription (`PushSubscription.toJSON()` and a device name): this device now
 *   receives them (subscribing again replaces it);
 * - DELETE — { endpoint }: this device no longer does.
 * Any signed-in staff member, for their own account only. 503 without VAPID keys; 400 for a bad body or an
 * address that is not a public push service's (push-endpoints.ts); 409 for a device beyond the account's
 * PUSH_DEVICES_PER_ACCOUNT.
 */
import { line } from '../../../src/records/text.ts';
import { z } from '../../../src/records/zod.ts';
import { PUSH_API, pushSubscriptionBodySchema } from '../../../src/features/field/on-call.ts';
import { endpoint, withJsonBody, type StaffCall } from '../../lib/api/endpoint.ts';
import { serverEnv } from '../../lib/env.ts';
import { apiError, json } from '../../lib/http/http.ts';
import { removeSubscription, saveSubscription, subscriptionsOf } from '../../lib/push/subscriptions.ts';
import { invalidBody } from '../../lib/tickets/staff-tickets.ts';

const removalSchema = z.object({ endpoint: line({ label: 'Adresse d’abonnement', max: 1000, min: 1 }) });

/** The account's devices, as « Mon compte » lists them. */
const devicesOf = async (accountId: string) => (await subscriptionsOf(accountId)).map(({ record }) => ({ device: record.device, createdAt: record.createdAt, endpoint: record.endpoint }));

export default endpoint({
  name: 'push-subscriptions',
  methods: {
    GET: {
      permission: 'signed-in',
      handle: async ({ staff }) => {
        const publicKey = serverEnv().VAPID_PUBLIC_KEY;
        if (!publicKey) return apiError('push_not_configured');
        return json({ success: true, data: { publicKey, devices: await devicesOf(staff.id) } });
      },
    },
    PUT: {
      permission: 'signed-in',
      input: pushSubscriptionBodySchema,
      handle: withJsonBody<StaffCall<never>>(async ({ staff }, body) => {
        if (!serverEnv().VAPID_PUBLIC_KEY) return apiError('push_not_configured');
        const parsed = pushSubscriptionBodySchema.safeParse(body);
        if (!parsed.success) return invalidBody(parsed.error);
        await saveSubscription(staff.id, parsed.data);
        return json({ success: true, data: { devices: await devicesOf(staff.id) } });
      }),
    },
    DELETE: {
      permission: 'signed-in',
      input: removalSchema,
      handle: withJsonBody<StaffCall<never>>(async ({ staff }, body) => {
        const parsed = removalSchema.safeParse(body);
        if (!parsed.success) return invalidBody(parsed.error);
        if (!(await removeSubscription(staff.id, parsed.data.endpoint))) return apiError('push_subscription_not_found');
        return json({ success: true, data: { devices: await devicesOf(staff.id) } });
      }),
    },
  },
});

