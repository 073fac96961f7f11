/**
 * Crash test (not a unit test): no submission is lost, left half-done or stored twice when the server dies
 * at any instant. Each run sends N contact submissions at once, each with its own idempotency key, to the
 * server of `npm start` (scripts/serve.mjs), kills the server's whole process group (SIGKILL) at a random
 * moment while they are in flight, restarts it on the same data, runs one repair pass (the outbox job,
 * as Netlify's scheduler would), then resends every submission that got no answer, with its key.
 *
 *   npm run build && node scripts/crash-test.mjs [--n 100] [--runs 5] [--port 8899]
 *
 * Then it checks, from the admin API and the Blobs themselves:
 * - lost: a submission answered 200 whose request is not stored;
 * - half-done: a stored request not in the admin list, without a search text, without its two e-mail
 *   entries, still with a pending intent, or whose idempotency key does not lead to it (« en cours »);
 *   and the inbox counter must equal the number of stored requests;
 * - duplicates: two stored requests for one submission.
 * Prints one line per run, then, as its last line,
 * `crash: R runs, N acknowledged, L lost, H half-done, D duplicates` (N: submissions answered 200 before
 * the kill, summed over the runs), and exits with 1 unless L, H and D are all 0.
 * The data live in a throw-away project root (the developer's data are never touched), removed at the end.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { commandLine } from './lib/command-line.mjs';
import { getStore } from '@netlify/blobs';
import { connectBlobs } from './lib/local-blobs.mjs';
import { credentialsFile } from './lib/local-credentials.mjs';
import { isolatedProjectRoot } from './lib/site-server.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { values } = commandLine('Usage : node scripts/crash-test.mjs [--n 100] [--runs 5] [--port 8899]   (après npm run build)', {
  options: {
    n: { type: 'string', default: '100' },
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: process.env.PORT ?? '8899' },
  },
});
const total = Number(values.n);
const runs = Number(values.runs);
const port = Number(values.port);
const base = `http://localhost:${port}`;
if (!existsSync(new URL('../dist/index.html', import.meta.url))) {
  console.error('Aucun site construit dans dist/ : lancez `npm run build` d’abord.');
  process.exit(1);
}

const t0 = Date.now();
/** Progress, on stderr (the last line of stdout is the result). */
const log = (text) => console.error(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${text}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** POSTs JSON with node:http and no timeout (the local server queues a burst). */
function post(path, body) {
  return new Promise((resolve) => {
    const data = JSON.stringify(body);
    const outgoing = httpRequest(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: response.statusCode ?? 0, json });
      });
      response.on('error', () => resolve({ status: 0 }));
    });
    outgoing.on('error', () => resolve({ status: 0 }));
    outgoing.end(data);
  });
}

async function getJson(path, token) {
  const response = await fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return response.json();
}

/** Starts `node scripts/serve.mjs --root ROOT` in a process group of its own; resolves once it answers. */
async function startServer(root) {
  const started = Date.now();
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--port', String(port), '--root', root, '--quiet'], { cwd: repoRoot, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors = `${errors}${chunk}`.slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let waited = 0; waited < 180_000; waited += 500) {
    if (child.exitCode !== null) throw new Error(`le serveur s’est arrêté au démarrage :\n${errors}`);
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) {
      log(`serveur prêt en ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return { child, exited, errors: () => errors };
    }
    await sleep(500);
  }
  throw new Error('le serveur ne répond pas après 180 s');
}

/** SIGKILL to the server's whole process group: nothing of it gets to finish anything. */
async function kill(server) {
  try {
    process.kill(-server.child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  await server.exited;
}

async function login() {
  if (!process.env.ADMIN_USERNAME && existsSync(credentialsFile)) process.loadEnvFile(credentialsFile);
  const answer = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: process.env.ADMIN_USERNAME, password: process.env.ADMIN_PASSWORD }) })).json();
  if (!answer.success) throw new Error(`connexion administrateur refusée : ${answer.error}`);
  return answer.token;
}

/** Every request the admin list shows for a search, all pages, with the inbox counters. */
async function listed(token, q) {
  const ids = new Set();
  let cursor = '';
  let counts;
  do {
    const page = await getJson(`/api/contact?limit=100&q=${encodeURIComponent(q)}&cursor=${encodeURIComponent(cursor)}`, token);
    if (!page.success) throw new Error(`liste : ${page.error}`);
    for (const request of page.data) ids.add(request.id);
    counts = page.counts;
    cursor = page.nextCursor ?? '';
  } while (cursor);
  return { ids, counts };
}

const form = (runTag, index) => ({
  name: `Essai ${index}`,
  email: `panne-${runTag}-${index}@exemple.fr`,
  phone: '0596 00 00 00',
  company: runTag,
  subject: 'Autre',
  delai: 'Plus de 6 mois',
  message: `Formulaire ${index} de l’essai de panne ${runTag}.`,
  website: '',
  idempotencyKey: crypto.randomUUID(),
});

/** Reads what the Blobs hold for a run (with our own connection to the same data folder). */
async function inspect(root, runTag, keys) {
  const blobs = await connectBlobs(root);
  try {
    const store = (name) => getStore({ name, consistency: 'strong' });
    const all = async (name, prefix) => {
      const keys = [];
      for await (const page of store(name).list({ paginate: true, ...(prefix ? { prefix } : {}) })) keys.push(...page.blobs.map((blob) => blob.key));
      return keys;
    };
    const requests = [];
    let storedTotal = 0;
    for (const key of await all('contact-requests')) {
      const request = await store('contact-requests').get(key, { type: 'json' });
      if (!request) continue;
      storedTotal += 1;
      if (request.company === runTag) requests.push(request);
    }
    const texts = new Map();
    for (const key of await all('contact-index', 'recherche/')) {
      for (const [id, text] of Object.entries((await store('contact-index').get(key, { type: 'json' }))?.texts ?? {})) texts.set(id, text);
    }
    const mails = new Set(await all('mail-outbox'));
    const intents = new Set(await all('submission-intents'));
    const keyRecords = new Map(await Promise.all(keys.map(async (key) => [key, (await store('idempotency-keys').get(key.toLowerCase(), { type: 'json' }))?.requestId])));
    return { requests, storedTotal, texts, mails, intents, keyRecords };
  } finally {
    await blobs.close();
  }
}

const root = (await isolatedProjectRoot(repoRoot)).root;
const totals = { acknowledged: 0, lost: 0, halfDone: 0, duplicates: 0 };
let server = await startServer(root);
try {
  for (let run = 1; run <= runs; run += 1) {
    const runTag = `panne-${Date.now().toString(36)}-${run}`;
    const forms = Array.from({ length: total }, (_, index) => form(runTag, index));
    const answers = new Array(total);
    // The kill comes after a random number of answers (at least one, never all), plus a random delay.
    const killAfter = 1 + Math.floor(Math.random() * (total - 1));
    let answered = 0;
    let killed;
    const killing = new Promise((resolve) => (killed = resolve));
    const sends = forms.map(async (body, index) => {
      answers[index] = await post('/api/contact-only-email', body);
      if (answers[index].status === 200) answered += 1;
      if (answered === killAfter) setTimeout(killed, Math.random() * 500);
    });
    await Promise.race([killing, Promise.all(sends)]);
    await kill(server);
    await Promise.all(sends);
    log(`run ${run}: serveur tué après ${answered} réponses`);
    const acknowledged = forms.map((_, index) => answers[index]).filter((answer) => answer.status === 200);
    const unanswered = forms.filter((_, index) => answers[index].status !== 200);

    server = await startServer(root);
    const repair = await post('/.netlify/functions/mail-outbox', {});
    if (repair.status !== 200) throw new Error(`la passe de réparation a répondu ${repair.status}`);
    // A resend that fails is unanswered again: the visitor sends it again, with the same key.
    const resent = await Promise.all(
      unanswered.map(async (body) => {
        let answer;
        for (let attempt = 1; attempt <= 3; attempt += 1) {
          answer = await post('/api/contact-only-email', body);
          if (answer.status === 200) break;
          log(`run ${run}: renvoi ${body.name} : ${answer.status} ${JSON.stringify(answer.json ?? '').slice(0, 200)} ; dernières erreurs du serveur :\n${server.errors().slice(-1500)}`);
        }
        return answer;
      }),
    );
    log(`run ${run}: réparation faite, ${resent.length} renvois`);
    const refused = resent.filter((answer) => answer.status !== 200);
    if (refused.length > 0) throw new Error(`${refused.length} renvois refusés (codes ${[...new Set(refused.map((a) => a.status))].join(', ')})`);
    const answerOf = (index) => (answers[index].status === 200 ? answers[index] : resent[unanswered.indexOf(forms[index])]);

    // What runs after an answer (index, e-mails) may still be going for the last resends: a few seconds.
    let state;
    for (let waited = 0; ; waited += 1000) {
      state = await inspect(root, runTag, forms.map((body) => body.idempotencyKey));
      if (!state.requests.some((request) => state.intents.has(request.id)) || waited >= 30_000) break;
      await sleep(1000);
    }
    const token = await login();
    const { ids: listedIds, counts } = await listed(token, runTag);
    const keys = state.keyRecords;
    const storedIds = new Set(state.requests.map((request) => request.id));

    const lost = forms.filter((_, index) => !storedIds.has(answerOf(index)?.json?.id)).length;
    const halfDone = state.requests.filter((request) => {
      const key = forms[Number(request.name.replace('Essai ', ''))]?.idempotencyKey;
      return (
        !listedIds.has(request.id) ||
        !state.texts.has(request.id) ||
        !state.mails.has(`${request.id}/entreprise`) ||
        !state.mails.has(`${request.id}/visiteur`) ||
        state.intents.has(request.id) ||
        keys.get(key) !== request.id
      );
    }).length + (counts.total === state.storedTotal ? 0 : Math.abs(counts.total - state.storedTotal));
    const perForm = new Map();
    for (const request of state.requests) perForm.set(request.name, (perForm.get(request.name) ?? 0) + 1);
    const duplicates = [...perForm.values()].reduce((sum, count) => sum + count - 1, 0);

    totals.acknowledged += acknowledged.length;
    totals.lost += lost;
    totals.halfDone += halfDone;
    totals.duplicates += duplicates;
    const repaired = repair.json?.repair ?? {};
    console.log(
      `run ${run}: killed after ${acknowledged.length}/${total} answers; repair pass completed ${repaired.completed ?? '?'} (dropped ${repaired.dropped ?? '?'}, too young ${repaired.waiting ?? '?'}); resent ${unanswered.length}; stored ${state.requests.length}; lost ${lost}, half-done ${halfDone}, duplicates ${duplicates}`,
    );
  }
} finally {
  await kill(server);
  await import('node:fs/promises').then(({ rm }) => rm(root, { recursive: true, force: true }));
}

console.log(`crash: ${runs} runs, ${totals.acknowledged} acknowledged, ${totals.lost} lost, ${totals.halfDone} half-done, ${totals.duplicates} duplicates`);
process.exit(totals.lost + totals.halfDone + totals.duplicates === 0 ? 0 : 1);
