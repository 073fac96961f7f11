/**
 * What the API benchmarks share (bench-inbox, bench-clients, bench-tickets, bench-repairs): the build they serve, a
 * seeded random so a given size always makes the same data, the server library bundled for the seeding, an
 * HTTP call that times itself (and its median over a few runs), and the site served from a throw-away root
 * with a staff session; the tickets' benchmark companies and tickets.
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
 * A body is sent as JSON. Resolves with the status, the answer's headers, size, text and JSON (undefined
 * when not JSON), and the time taken.
 * @param {string} method
 * @param {string} url
 * @param {{ headers?: Record<string, string>, body?: unknown }} [options]
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, bytes: number, ms: number, text: string, json: any }>}
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
        resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: raw.length, ms: performance.now() - started, text, json: jsonOrUndefined(text) });
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

/* ---- The tickets' benchmark data (bench-tickets, bench-storage) ---- */

const KINDS = ['Supérette', 'Pharmacie', 'Boulangerie', 'Quincaillerie', 'Station-service', 'Librairie', 'Hôtel', 'Restaurant'];
const PLACES = ['du Bourg', 'du Lamentin', 'de Baie-Mahault', 'de Cayenne', 'du Gosier', 'de Schœlcher', 'du Moule', 'de Kourou'];
const MODELS = ['Caisse TPV-15', 'Zebra ZT411', 'Honeywell CT45', 'Epson TM-T20III', 'Balance étiqueteuse BC-4', 'Datalogic Gryphon'];
const TEXTS = [
  'La caisse ne démarre plus, écran noir depuis ce matin.',
  'L’imprimante d’étiquettes saute une étiquette sur deux.',
  'Le terminal portable perd le Wi-Fi dans la réserve.',
  'Le tiroir-caisse ne s’ouvre plus à l’encaissement.',
  'Question sur la mise à jour du logiciel de caisse.',
];
const DAY = 24 * 3_600_000;

/**
 * The tickets' benchmark companies: `size` of them, every territory in turn, made 800 days ago.
 * @param {number} size
 * @param {ReturnType<typeof seededRandom>} seeded
 */
export function benchTicketCompanies(size, { pick }) {
  const at = new Date(Date.now() - 800 * DAY).toISOString();
  return Array.from({ length: size }, (_, index) => {
    const tag = String(index + 1).padStart(3, '0');
    return benchCompany({ index, tag, name: `${pick(KINDS)} ${pick(PLACES)} ${tag}`, code: `BENCH-${tag}`, at, address: '1 rue Victor Hugo', contractEndsOn: index % 2 === 0 ? '2030-12-31' : null, equipment: { productSlug: null, model: pick(MODELS) } });
  });
}

/**
 * `count` tickets of these companies opened over two years, oldest first; the last 300 or so still open.
 * @param {ReturnType<typeof benchTicketCompanies>} companies
 * @param {number} count
 * @param {ReturnType<typeof seededRandom>} seeded
 */
export function benchTickets(companies, count, { random, pick }) {
  const now = Date.now();
  const span = 730 * DAY;
  const stillOpen = Math.min(300, count);
  const staff = { kind: 'staff', id: 'bench-tech', name: 'Technicien du banc' };
  return Array.from({ length: count }, (_, index) => {
    const company = companies[index % companies.length];
    const person = company.people[0];
    const opened = new Date(now - span + Math.floor((span * index) / count) + Math.floor(random() * 3_600_000));
    const at = opened.toISOString();
    const open = index >= count - stillOpen;
    const impact = pick(['bloquant', 'degrade', 'degrade', 'question']);
    const openedBy = { kind: 'client', id: person.id, name: person.name };
    const taken = new Date(opened.getTime() + Math.floor(random() * 6 * 3_600_000)).toISOString();
    const history = [{ kind: 'etat', from: null, to: 'nouveau', at, by: openedBy }];
    let state = 'nouveau';
    if (!open || random() < 0.5) {
      history.push({ kind: 'etat', from: 'nouveau', to: 'pris_en_charge', at: taken, by: staff });
      state = 'pris_en_charge';
    }
    if (open && state === 'pris_en_charge' && random() < 0.15) {
      history.push({ kind: 'etat', from: 'pris_en_charge', to: 'en_attente_client', at: new Date(Date.parse(taken) + 3_600_000).toISOString(), by: staff });
      state = 'en_attente_client';
    }
    const resolvedAt = open ? null : new Date(Date.parse(taken) + DAY).toISOString();
    if (!open) {
      history.push({ kind: 'etat', from: 'pris_en_charge', to: 'resolu', at: resolvedAt, by: staff });
      history.push({ kind: 'etat', from: 'resolu', to: 'clos', at: new Date(Date.parse(resolvedAt) + 7 * DAY).toISOString(), by: { kind: 'systeme', id: 'tache-quotidienne', name: 'Tâche quotidienne' } });
      state = 'clos';
    }
    const year = opened.getUTCFullYear();
    return {
      id: randomUUID(),
      reference: `TK-${year}-${String(index + 1).padStart(5, '0')}`,
      companyId: company.id,
      companyName: company.name,
      territory: company.territory,
      equipment: { equipmentId: 'e1', model: company.equipment[0].model, serial: company.equipment[0].serial },
      shop: { shopId: 's1', name: 'Magasin principal' },
      impact,
      phone: person.phone,
      state,
      openedAt: at,
      openedBy,
      assignedTo: state === 'nouveau' ? null : { id: staff.id, name: staff.name },
      followers: [person.id],
      messages: [{ id: randomUUID(), kind: 'client', at, by: openedBy, text: pick(TEXTS), photos: [] }],
      history,
      takenInChargeAt: state === 'nouveau' ? null : taken,
      resolvedAt,
      report: null,
      sourceRequestId: null,
      updatedAt: history.at(-1).at,
    };
  });
}
