/**
 * `npm run cms` reachable from this computer only: started for real (decap-server, the dev server and what
 * they start, such as the local Blobs server), every socket its processes listen on is on the loopback
 * (127.0.0.1 or ::1), never on every interface. The dev server's port being taken, the address it prints is
 * the one Astro took, and it answers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCms, type RunningCms } from '../helpers/cms-process';
import { listeningSockets, processTree } from '../helpers/listening';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const LOOPBACK = new Set(['127.0.0.1', '::1']);

let cms: RunningCms | undefined;
/** The port asked for the dev server, taken by another server: Astro takes another, which cms.mjs must print. */
let taken: Server | undefined;
let askedPort = 0;

beforeAll(async () => {
  taken = createServer((_request, response) => response.end('occupé'));
  await new Promise<void>((resolve) => taken!.listen(0, '127.0.0.1', resolve));
  askedPort = (taken.address() as AddressInfo).port;
  cms = await startCms(repo, askedPort);
}, 180_000);

afterAll(async () => {
  await cms?.stop();
  await new Promise((resolve) => taken?.close(resolve));
});

describe('npm run cms', () => {
  test('prints the address the dev server actually serves, on the loopback, when the port asked for is taken', async () => {
    const url = new URL(cms!.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/admin/contenu');
    expect(Number(url.port)).not.toBe(askedPort);
    // The CMS page itself answers there (compiled on first request, slow on a loaded machine; Astro answers
    // 404 for a moment after « ready » while it syncs the content).
    const page = () => fetch(cms!.url, { signal: AbortSignal.timeout(60_000) }).then(async (response) => `${response.status} ${await response.text()}`);
    await expect.poll(page, { timeout: 150_000, interval: 2000 }).toMatch(/^200 [\s\S]*cms-config-url/);
  }, 160_000);

  test('every socket its processes listen on is on the loopback, decap-server’s and the dev server’s among them', () => {
    const sockets = listeningSockets(processTree(cms!.pid));
    expect(sockets.map((socket) => socket.port)).toEqual(expect.arrayContaining([cms!.decapPort, Number(new URL(cms!.url).port)]));
    const open = sockets.filter((socket) => !LOOPBACK.has(socket.address));
    expect(open, `listening beyond this computer: ${JSON.stringify(open)}`).toEqual([]);
  });
});
