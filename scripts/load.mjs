/**
 * Load check (not a test): submits N contact requests concurrently to a running server, then counts how
 * many of them the admin list holds.
 *
 *   node scripts/serve.mjs --port 8913 --isolated &      # or npm start
 *   node scripts/load.mjs --url http://localhost:8913 --n 500 [--concurrency 500]
 *
 * Logs in with ADMIN_USERNAME / ADMIN_PASSWORD from the environment, else the local credentials file.
 * Prints throughput, p50/p95/max latency, the answers by status code, the 5xx count and how many requests
 * were stored; exits with 1 when any answer is a 5xx or a network error, or when a request answered 200
 * is missing from the admin list (lost).
 */
import { existsSync } from 'node:fs';
import { get, request as httpRequest } from 'node:http';
import { commandLine } from './lib/command-line.mjs';
import { credentialsFile } from './lib/local-credentials.mjs';

const { values } = commandLine('Usage : node scripts/load.mjs [--url http://localhost:8888] [--n 500] [--concurrency N]', {
  options: {
    url: { type: 'string', default: `http://localhost:${process.env.PORT ?? 8888}` },
    n: { type: 'string', default: '500' },
    concurrency: { type: 'string' },
  },
});
const base = values.url.replace(/\/$/, '');
const total = Number(values.n);
const concurrency = Number(values.concurrency ?? total);
const runId = `charge-${Date.now().toString(36)}`;

const payload = (index) => ({
  name: `Test de charge ${index}`,
  email: `charge${index}@exemple.fr`,
  phone: '0596 00 00 00',
  company: runId,
  subject: 'Autre',
  delai: 'Plus de 6 mois',
  message: `Demande ${index} envoyée par le script de charge.`,
  website: '',
});

/**
 * POSTs JSON with node:http and no timeout: the local server queues a burst, and fetch would give up on a
 * request still waiting its turn after 300 s (its headers timeout), counting as lost what was not.
 */
function postJson(url, body) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const outgoing = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), text }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(data);
  });
}

async function submit(index) {
  const started = performance.now();
  try {
    const response = await postJson(`${base}/api/contact-only-email`, payload(index));
    return { status: response.status, json: response.contentType.includes('application/json'), body: response.text.slice(0, 300), ms: performance.now() - started };
  } catch (error) {
    return { status: `erreur réseau (${error.code ?? error.message})`, json: false, body: '', ms: performance.now() - started };
  }
}

/**
 * GET with a large header allowance: the local @netlify/dev server adds a timing header listing every
 * Blobs read, which outgrows fetch's 16 KB limit once the list holds hundreds of requests.
 */
function getLargeJson(url, headers) {
  return new Promise((resolve, reject) => {
    get(url, { headers, maxHeaderSize: 16 * 1024 * 1024 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => {
        try {
          resolve(JSON.parse(body));
        } catch (error) {
          reject(error);
        }
      });
    }).on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// Workers pull the next index, so at most `concurrency` requests are in flight.
const results = [];
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: Math.min(concurrency, total) }, async () => {
    while (next < total) results.push(await submit(next++));
  }),
);
const seconds = (performance.now() - started) / 1000;

const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
const statuses = {};
for (const { status } of results) statuses[status] = (statuses[status] ?? 0) + 1;

const ms = (value) => `${value.toFixed(0)} ms`;
const serverErrors = results.filter((r) => typeof r.status !== 'number' || r.status >= 500);
const notJson = results.filter((r) => typeof r.status === 'number' && !r.json);
const accepted = results.filter((r) => r.status === 200).length;
console.log(`Envois simultanés : ${total} (au plus ${Math.min(concurrency, total)} en parallèle) vers ${base}`);
console.log(`Durée totale      : ${seconds.toFixed(2)} s`);
console.log(`Débit             : ${(total / seconds).toFixed(1)} requêtes/s`);
console.log(`Latence p50 / p95 : ${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} (max ${ms(latencies.at(-1))})`);
console.log(`Réponses par code : ${Object.entries(statuses).map(([status, count]) => `${status} × ${count}`).join(', ')}`);
console.log(`Réponses 5xx      : ${serverErrors.length}${notJson.length > 0 ? ` ; réponses sans JSON : ${notJson.length}` : ''}`);
for (const failure of serverErrors.slice(0, 5)) console.log(`  ${failure.status} : ${failure.body}`);

if (!process.env.ADMIN_USERNAME && existsSync(credentialsFile)) process.loadEnvFile(credentialsFile);
let stored;
let storedLine = 'inconnu (pas d’identifiants administrateur)';
if (process.env.ADMIN_USERNAME && process.env.ADMIN_PASSWORD) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: process.env.ADMIN_USERNAME, password: process.env.ADMIN_PASSWORD }),
  }).then((r) => r.json());
  if (login.success) {
    // The run's requests, found by their company through the search, every page.
    let found = 0;
    let cursor = '';
    let failure;
    do {
      const list = await getLargeJson(`${base}/api/contact?limit=100&q=${encodeURIComponent(runId)}&cursor=${encodeURIComponent(cursor)}`, { authorization: `Bearer ${login.token}` });
      if (!list.success) {
        failure = list.error;
        break;
      }
      found += list.data.filter((request) => request.company === runId).length;
      cursor = list.nextCursor ?? '';
    } while (cursor);
    if (failure === undefined) {
      stored = found;
      storedLine = String(stored);
    } else storedLine = `inconnu (liste : ${failure})`;
  } else storedLine = `inconnu (connexion refusée : ${login.error})`;
}

const lost = stored === undefined ? 0 : Math.max(0, accepted - stored);
console.log(`Enregistrées      : ${storedLine} / ${total} (acceptées : ${accepted}, perdues : ${stored === undefined ? 'inconnu' : lost})`);
if (serverErrors.length > 0 || notJson.length > 0 || lost > 0) {
  console.error('Échec : des réponses 5xx, sans JSON ou des demandes perdues.');
  process.exit(1);
}
