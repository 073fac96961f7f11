/**
 * Where the server posts pushes, against a real BlobsServer and the loopback push service: a subscription
 * is kept only for a public HTTPS push service (never the loopback, a private, link-local or metadata
 * address, a local name, plain http), a few devices per account; a subscription kept before these rules
 * ends « Non envoyé » and is removed instead of being retried; a name that resolves to the loopback is
 * refused where the connection is made.
 */
import https from 'node:https';
import { describe, expect, it } from 'vitest';
import { getStore } from '@netlify/blobs';
import pushSubscriptions from '../../netlify/routes/staff/push-subscriptions.ts';
import { enqueueMails, getMail, runOutbox } from '../../netlify/lib/mail/outbox.ts';
import { SUBSCRIPTION_REFUSED } from '../../netlify/lib/push/push-delivery.ts';
import { PUSH_HOST_REFUSED, pushAgent } from '../../netlify/lib/push/push-endpoints.ts';
import { getSubscription, PUSH_DEVICES_PER_ACCOUNT, subscriptionKey } from '../../netlify/lib/push/subscriptions.ts';
import { storeNames } from '../../netlify/lib/storage/storage.ts';
import { ticketMailOwner } from '../../netlify/lib/tickets/ticket-mail.ts';
import ticketStaff from '../../netlify/routes/tickets/ticket-staff.ts';
import type { PushSubscriptionRecord } from '../../src/features/field/on-call.ts';
import { call } from '../helpers/api';
import { useApiTestEnvironment } from '../helpers/api-environment';
import { companyOf, declare, staffOf } from '../helpers/field-world';
import { testSubscription, usePushService } from '../helpers/push-service';

useApiTestEnvironment();
const push = usePushService();

const REFUSED = 'Cette adresse d’abonnement est refusée : les notifications ne partent que vers le service de notification d’un navigateur (adresse https publique).';

/** A subscription body of the test device, its endpoint replaced. */
const pointedAt = (endpoint: string) => ({ ...testSubscription(push.service).body, endpoint });

const subscribe = (token: string, body: unknown) => call(pushSubscriptions, '/api/compte/notifications', { token, method: 'PUT', body });
const devices = async (token: string) => (await call(pushSubscriptions, '/api/compte/notifications', { token })).body.data.devices as unknown[];

describe('a subscription points at a public push service only', () => {
  const port = () => new URL(push.service.url).port;
  const attacks = () => [
    `http://127.0.0.1:${port()}/push/x`,
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]:8443/push/x',
    'https://[::ffff:127.0.0.1]/push/x',
    'https://10.0.0.12/push/x',
    'https://192.168.1.1/push/x',
    'https://100.64.0.1/push/x',
    'https://8.8.8.8/push/x',
    'https://localhost:8443/push/x',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://intranet/push/x',
    'https://user:secret@fcm.googleapis.com/fcm/send/x',
    'http://fcm.googleapis.com/fcm/send/x',
  ];

  for (const role of ['technicien', 'commercial', 'administrateur']) {
    it(`${role}: the loopback, private and metadata addresses, local names and http are refused, nothing kept`, async () => {
      const { token } = await staffOf(role, ['martinique']);
      for (const endpoint of attacks()) {
        const answer = await subscribe(token, pointedAt(endpoint));
        expect(answer.status, endpoint).toBe(400);
        expect(answer.body.error, endpoint).toBe(REFUSED);
      }
      expect(await devices(token)).toEqual([]);
      // A browser vendor's service is kept.
      expect((await subscribe(token, pointedAt('https://fcm.googleapis.com/fcm/send/abc'))).status).toBe(200);
      expect(await devices(token)).toHaveLength(1);
    });
  }

  it('the loopback stand-in of the tests is refused without its setting, and on Netlify even with it', async () => {
    const { token } = await staffOf('technicien', ['martinique']);
    const local = testSubscription(push.service).body;
    delete process.env.PUSH_LOOPBACK_SERVICE;
    expect((await subscribe(token, local)).body.error).toBe(REFUSED);
    process.env.PUSH_LOOPBACK_SERVICE = 'true';
    process.env.SITE_ID = 'site-de-production';
    try {
      expect((await subscribe(token, local)).status).toBe(400);
    } finally {
      delete process.env.SITE_ID;
    }
    expect((await subscribe(token, local)).status).toBe(200);
  });

  it(`${PUSH_DEVICES_PER_ACCOUNT} devices per account; the same device subscribing again replaces its subscription`, async () => {
    const { token } = await staffOf('technicien', ['martinique']);
    const phones = Array.from({ length: PUSH_DEVICES_PER_ACCOUNT }, () => testSubscription(push.service));
    for (const phone of phones) expect((await subscribe(token, phone.body)).status).toBe(200);
    const extra = await subscribe(token, testSubscription(push.service).body);
    expect(extra.status).toBe(409);
    expect(extra.body.error).toBe(`Ce compte reçoit déjà les notifications sur ${PUSH_DEVICES_PER_ACCOUNT} appareils : retirez-en un dans « Mon compte » avant d’en ajouter un autre.`);
    expect((await subscribe(token, { ...phones[0]!.body, device: 'Téléphone renommé' })).status).toBe(200);
    expect(await devices(token)).toHaveLength(PUSH_DEVICES_PER_ACCOUNT);
  });
});

describe('what can never be sent is dropped, never retried', () => {
  it('subscriptions kept before the rules: none is posted to, an entry queued for one ends « Non envoyé » and removes it', async () => {
    const { account: tech } = await staffOf('technicien', ['martinique']);
    const { token: admin } = await staffOf('administrateur', ['martinique']);
    const store = getStore({ name: storeNames.pushSubscriptions, consistency: 'strong' });
    const kept = async (endpoint: string, createdAt: string) => {
      const record: PushSubscriptionRecord = { accountId: tech.id, endpoint, keys: testSubscription(push.service).body.keys, device: 'Ancien', createdAt };
      await store.setJSON(subscriptionKey(tech.id, endpoint), record);
      return subscriptionKey(tech.id, endpoint);
    };
    const plain = await kept(`http://127.0.0.1:${new URL(push.service.url).port}/push/en-clair`, '2026-01-01T00:00:00.000Z');
    for (let index = 0; index < 40; index++) await kept(`${push.service.url}/push/lot-${index}`, `2026-02-01T00:00:${String(index).padStart(2, '0')}.000Z`);
    const before = push.service.received.length;
    const ticket = await declare(await companyOf('martinique'), 'question');
    await call(ticketStaff, `/api/tickets/${ticket.id}`, { token: admin, method: 'PATCH', body: { assignedTo: tech.id }, params: { id: ticket.id } });
    // The newest few devices only; the plain-http one is never queued.
    expect(push.service.received.length - before).toBe(PUSH_DEVICES_PER_ACCOUNT);

    // An entry queued for the plain-http subscription (before the rules): sent once, it ends unsent.
    const owner = ticketMailOwner(ticket.id);
    const id = 'p-ancien-en-clair';
    await enqueueMails(owner, [{ id, push: { accountId: tech.id, subscriptionKey: plain, notice: { title: 'T', body: 'B', url: '/', tag: 't' } } }], { dueNow: true });
    await runOutbox({ now: new Date(Date.now() + 60_000) });
    expect(await getMail(owner, id)).toMatchObject({ state: 'non_envoye', skipReason: SUBSCRIPTION_REFUSED });
    expect(await getSubscription(plain)).toBeUndefined();
    expect(push.service.received.filter((received) => received.path === '/push/en-clair')).toEqual([]);
  });

  it('a name that resolves to the loopback is refused where the push connects, and nothing reaches the service', async () => {
    const before = push.service.received.length;
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
      const request = https.request({ host: 'localhost', port: new URL(push.service.url).port, path: '/push/par-nom', method: 'POST', agent: pushAgent() }, () => resolve(new Error('answered')));
      request.on('error', resolve);
      request.end('{}');
    });
    expect(error.code).toBe(PUSH_HOST_REFUSED);
    expect(push.service.received.length).toBe(before);
  });
});
