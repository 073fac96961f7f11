/**
 * `npm run cms` reachable from this computer only: started for real (decap-server, the dev server and what
 * they start, such as the local Blobs server), every socket its processes listen on is on the loopback
 * (127.0.0.1 or ::1), never on every interface. The dev server's port being taken, the address it prints is
 * the one Astro took, and it answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listeningSockets, processTree } from '../helpers/listening';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const LOOPBACK = new Set(['127.0.0.1', '::1']);

let cms: ChildProcess | undefined;
let taken: Server | undefined;
let output = '';
let sitePort = 0;
let decapPort = 0;

/** A port free on the loopback now (the system's pick), kept open when `keep` (then it is taken). */
async function freePort(keep = false): Promise<{ port: number; server: Server }> {
  const server = createServer((_request, response) => response.end('occupé'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  if (!keep) await new Promise((resolve) => server.close(resolve));
  return { port, server };
}

beforeAll(async () => {
  ({ port: decapPort } = await freePort());
  // The port asked for the dev server is taken: Astro takes another, which cms.mjs must print.
  ({ port: sitePort, server: taken } = await freePort(true));
  // As an editor starts it: without Vitest's variables (under VITEST, Astro's dev server routes no page).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
  cms = spawn(process.execPath, ['scripts/cms.mjs'], {
    cwd: repo,
    env: { ...env, PORT: String(sitePort), DECAP_SERVER_PORT: String(decapPort), ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cms.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  cms.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (/Espace des contenus : \S+/.test(output) && /listening on/i.test(output)) {
        clearInterval(timer);
        resolve();
      }
    }, 200);
    cms!.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`npm run cms stopped (code ${code}): ${output}`));
    });
  });
}, 180_000);

afterAll(async () => {
  if (cms && cms.exitCode === null) {
    const exited = new Promise((resolve) => cms!.once('exit', resolve));
    cms.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => taken?.close(resolve));
});

describe('npm run cms', () => {
  test('prints the address the dev server actually serves, on the loopback, when the port asked for is taken', async () => {
    const printed = /Espace des contenus : (\S+)/.exec(output)![1]!;
    const url = new URL(printed);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/admin/contenu');
    expect(Number(url.port)).not.toBe(sitePort);
    // The CMS page itself answers there (compiled on first request, slow on a loaded machine; Astro answers
    // 404 for a moment after « ready » while it syncs the content).
    const page = () => fetch(printed, { signal: AbortSignal.timeout(60_000) }).then(async (response) => `${response.status} ${await response.text()}`);
    await expect.poll(page, { timeout: 150_000, interval: 2000 }).toMatch(/^200 [\s\S]*cms-config-url/);
  }, 160_000);

  test('every socket its processes listen on is on the loopback, decap-server’s and the dev server’s among them', () => {
    const sockets = listeningSockets(processTree(cms!.pid!));
    const printedPort = Number(new URL(/Espace des contenus : (\S+)/.exec(output)![1]!).port);
    expect(sockets.map((socket) => socket.port)).toEqual(expect.arrayContaining([decapPort, printedPort]));
    const open = sockets.filter((socket) => !LOOPBACK.has(socket.address));
    expect(open, `listening beyond this computer: ${JSON.stringify(open)}`).toEqual([]);
  });
});
