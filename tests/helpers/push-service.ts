/**
 * A stand-in for the browser vendors' push services, on the loopback: an HTTPS server (its certificate, for
 * 127.0.0.1 only, is a test fixture this process trusts) that keeps every request it receives and answers
 * 201, or the status set for an endpoint (410: the device unsubscribed). A test subscription is a real
 * one — a P-256 key pair and an auth secret, as a browser makes them — so a received push is decrypted
 * (http_ece, aes128gcm) with the subscription's private key, as the phone would.
 */
import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import webPush from 'web-push';
import type { PushNotice, PushSubscriptionBody } from '../../src/features/field/on-call';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/push-service/${name}`, import.meta.url));

/** One request the service received. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface TestPushService {
  url: string;
  received: ReceivedPush[];
  /** Answers this status to pushes for that endpoint's path (default 201). */
  answer: Map<string, number>;
  stop: () => Promise<void>;
}

/** Starts the service; this process trusts its certificate from now on. */
export async function startPushService(): Promise<TestPushService> {
  const cert = fixture('cert.pem');
  https.globalAgent.options.ca = [cert];
  const received: ReceivedPush[] = [];
  const answer = new Map<string, number>();
  const server = https.createServer({ cert, key: fixture('key.pem') }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answer.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `https://127.0.0.1:${port}`, received, answer, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A device's subscription to the service, with what decrypts its pushes. */
export interface TestSubscription {
  body: PushSubscriptionBody;
  path: string;
  /** The notice a received push carries, decrypted with the device's private key. */
  read: (push: ReceivedPush) => PushNotice;
}

/** A new device subscribed to the service. */
export function testSubscription(service: TestPushService, device = 'Téléphone de test'): TestSubscription {
  const keys: ECDH = createECDH('prime256v1');
  keys.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/${randomUUID()}`;
  return {
    path,
    body: { endpoint: `${service.url}${path}`, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: auth.toString('base64url') }, device },
    read: (push) => JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: keys, authSecret: auth }).toString('utf8')) as PushNotice,
  };
}

/**
 * The push service for a test file: started before its tests, stopped after, and a VAPID key pair of the file
 * set as the server's before each test, with PUSH_LOOPBACK_SERVICE=true (pushes may reach the loopback
 * stand-in). Read `.service` inside the tests.
 */
export function usePushService(): { readonly service: TestPushService } {
  const vapid = webPush.generateVAPIDKeys();
  let service: TestPushService | undefined;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service?.stop());
  beforeEach(() => {
    process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
    process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
    // The stand-in is on the loopback, which only this setting (off Netlify) lets pushes reach.
    process.env.PUSH_LOOPBACK_SERVICE = 'true';
  });
  return {
    get service() {
      if (!service) throw new Error('push service not started');
      return service;
    },
  };
}
