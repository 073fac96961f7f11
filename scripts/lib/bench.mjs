/**
 * What the API benchmarks share (bench-inbox, bench-clients, bench-tickets, bench-repairs): the build they serve, a
 * seeded random so a given size always makes the same data, the server library bundled for the seeding, an
 * HTTP call that times itself (and its median over a few runs), and the site served from a throw-away root
 * with a staff session.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { commandLine } from './command-line.mjs';
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
  ensureBuilt(REPO_ROOT);
  return { count, port: Number(values.port) };
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

/**
 * The server library a benchmark seeds with (`exports`: lines `export { … } from './netlify/lib/…'`), bundled
 * by esbuild (Node alone does not run its TypeScript: imports without extensions, parameter properties);
 * packages stay external, so @netlify/blobs is the one local-blobs.mjs points at the copy's Blobs.
 * @param {string} name the cache folder's name
 * @param {string[]} exports
 */
export async function seedingLibrary(name, exports) {
  const outdir = join(REPO_ROOT, 'node_modules', '.cache', name);
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, 'seed.mjs');
  await build({ stdin: { contents: exports.join('\n'), resolveDir: REPO_ROOT, loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'silent' });
  return import(pathToFileURL(outfile).href);
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

/**
 * The median time of `runs` GET calls after one warm-up (the local server bundles a function on its first
 * call); each answer is checked by `check`, which throws when it is wrong. Prints the figure in French.
 */
export async function timedMedian(label, url, headers, check, runs = 5) {
  const warm = await timedCall('GET', url, { headers });
  check(warm);
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const answer = await timedCall('GET', url, { headers });
    check(answer);
    times.push(answer.ms);
  }
  const ms = median(times);
  console.log(`${label} : ${ms.toFixed(0)} ms (médiane de ${runs})`);
  return ms;
}

/** A check of an answer's status, naming what was called when it is not the expected one. */
export const expectStatus = (status, what) => (answer) => {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
};

/**
 * A benchmark's company: one shop « Magasin principal », one person, one piece of equipment `e1` (under
 * contract), of the territory by its index (the three in turn), made at `at`.
 * @param {{ index: number, tag: string, name: string, code: string, at: string, address: string, contractEndsOn: string | null, equipment: { productSlug: string | null, model: string } }} company
 */
export function benchCompany({ index, tag, name, code, at, address, contractEndsOn, equipment }) {
  const id = randomUUID();
  return {
    id,
    name,
    clientCode: code,
    territory: ['martinique', 'guadeloupe', 'guyane'][index % 3],
    shops: [{ id: 's1', name: 'Magasin principal', address }],
    contractEndsOn,
    people: [{ id: `p-${id}`, name: `Personne ${tag}`, email: `personne.${tag}@bench.example`, phone: '0696 00 00 00', createdAt: at, lastSignInAt: at }],
    equipment: [{ id: 'e1', ...equipment, serial: `SN-${tag}`, shopId: 's1', underContract: true }],
    createdAt: at,
    updatedAt: at,
  };
}
