/**
 * What the API benchmarks (bench:inbox, bench:tickets) share: their command line (--count, --port), the
 * site built when dist/ is missing, HTTP calls timed with a large header allowance (@netlify/dev adds a
 * timing header per Blobs read), and a throw-away copy's server started with fresh credentials and the
 * owner signed in.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { commandLine } from './command-line.mjs';
import { startSiteServer } from './site-server.mjs';

/** The project's root. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Reads `--count` and `--port` (exits 2 with a French sentence on a bad count) and builds the site when
 * dist/ is missing.
 * @param {string} usage
 * @param {{ count: string, port: string }} defaults
 */
export function benchCommand(usage, defaults) {
  const { values } = commandLine(usage, {
    options: {
      count: { type: 'string', default: defaults.count },
      port: { type: 'string', default: process.env.PORT ?? defaults.port },
    },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) {
    console.error('--count doit être un entier positif.');
    process.exit(2);
  }
  if (!existsSync(new URL('../../dist/index.html', import.meta.url))) {
    console.log('Pas de site construit dans dist/ : construction…');
    const build = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit', cwd: repoRoot });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  return { count, port: Number(values.port) };
}

/**
 * One timed HTTP call: its status, size, time and JSON body.
 * @param {string} method
 * @param {string} url
 * @param {{ headers?: Record<string, string>, body?: unknown }} [options]
 * @returns {Promise<{ status: number, bytes: number, ms: number, json: any }>}
 */
export function call(method, url, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = httpRequest(url, { method, headers, maxHeaderSize: 16 * 1024 * 1024 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, bytes: raw.length, ms: performance.now() - started, json: JSON.parse(raw.toString('utf8')) });
      });
    });
    request.on('error', reject);
    if (body) request.end(JSON.stringify(body));
    else request.end();
  });
}

/**
 * Serves a throw-away copy with fresh owner credentials and signs the owner in.
 * @param {string} projectRoot
 * @param {number} port
 */
export async function startBenchServer(projectRoot, port) {
  const credentials = { username: 'bench', password: randomBytes(12).toString('base64url') };
  process.env.ADMIN_USERNAME = credentials.username;
  process.env.ADMIN_PASSWORD = credentials.password;
  process.env.AUTH_SECRET = randomBytes(48).toString('base64url');
  delete process.env.ADMIN_PASSWORD_HASH;
  const server = await startSiteServer({ projectRoot, port, quiet: true });
  const login = await call('POST', `${server.url}/api/auth/login`, { headers: { 'content-type': 'application/json' }, body: credentials });
  if (login.status !== 200) {
    await server.close();
    throw new Error(`login refused: ${login.status} ${JSON.stringify(login.json)}`);
  }
  return { server, auth: { authorization: `Bearer ${login.json.token}` } };
}

/**
 * A seeded pseudo-random source, so a benchmark seeds the same records for the same count.
 * @param {number} seed
 */
export function seededRandom(seed) {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  /** @template T @param {readonly T[]} list @returns {T} */
  const pick = (list) => list[Math.floor(random() * list.length)];
  return { random, pick };
}
