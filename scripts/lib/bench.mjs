/**
 * What the API benchmarks share (bench-inbox, bench-clients): the build they serve, a seeded random so a
 * given size always makes the same data, an HTTP call that times itself, and the site served from a
 * throw-away root with a staff session.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSiteServer } from './site-server.mjs';

/** This project's folder. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds the site when dist/ holds none (exits with the build's status when it fails).
 * @param {string} repoRoot
 */
export function ensureBuilt(repoRoot) {
  if (existsSync(join(repoRoot, 'dist/index.html'))) return;
  console.log('Pas de site construit dans dist/ : construction…');
  const build = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit', cwd: repoRoot });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * A random generator from a seed (the same numbers every run), and a pick from a list with it.
 * @param {number} seed
 */
export function seededRandom(seed) {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  /** @type {<T>(list: readonly T[]) => T} */
  const pick = (list) => list[Math.floor(random() * list.length)];
  return { random, pick };
}

/**
 * A text's JSON value, or undefined when it is not JSON (an error page, an empty answer).
 * @param {string} text
 */
export function jsonOrUndefined(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * One HTTP call, timed, with a large header allowance (@netlify/dev adds a timing header per Blobs read).
 * A body is sent as JSON. Resolves with the status, the answer's size, its text and JSON (undefined when
 * not JSON), and the time taken.
 * @param {string} method
 * @param {string} url
 * @param {{ headers?: Record<string, string>, body?: unknown }} [options]
 * @returns {Promise<{ status: number, bytes: number, ms: number, text: string, json: any }>}
 */
export function timedCall(method, url, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const allHeaders = body === undefined ? headers : { 'content-type': 'application/json', ...headers };
    const request = httpRequest(url, { method, headers: allHeaders, maxHeaderSize: 16 * 1024 * 1024 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = raw.toString('utf8');
        resolve({ status: response.statusCode ?? 0, bytes: raw.length, ms: performance.now() - started, text, json: jsonOrUndefined(text) });
      });
    });
    request.on('error', reject);
    if (body === undefined) request.end();
    else request.end(JSON.stringify(body));
  });
}

/**
 * Serves a project root as `npm start` does, with administrator credentials made for this run, and signs
 * in: resolves with the server and the staff's Authorization header.
 * @param {{ projectRoot: string, port: number }} options
 */
export async function serveWithStaffSession({ projectRoot, port }) {
  const credentials = { username: 'bench', password: randomBytes(12).toString('base64url') };
  process.env.ADMIN_USERNAME = credentials.username;
  process.env.ADMIN_PASSWORD = credentials.password;
  process.env.AUTH_SECRET = randomBytes(48).toString('base64url');
  delete process.env.ADMIN_PASSWORD_HASH;
  const server = await startSiteServer({ projectRoot, port, quiet: true });
  try {
    const login = await timedCall('POST', `${server.url}/api/auth/login`, { body: credentials });
    if (login.status !== 200) throw new Error(`login refused: ${login.status} ${login.text.slice(0, 300)}`);
    return { server, auth: { authorization: `Bearer ${login.json.token}` } };
  } catch (error) {
    await server.close();
    throw error;
  }
}
