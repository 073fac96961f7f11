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
 *
 * With `--devis`, the same for devis sends and answers: each run stores N quote requests, sends a devis
 * for half of them beforehand, then at once sends a devis to each of the other half (each send with its
 * own idempotency key) and accepts each devis of the first half, kills the server at a random moment,
 * restarts it, runs one repair pass, then sends again every send and answer that got no answer. It checks:
 * - lost: a send without its version, an answer without its acceptance;
 * - half-done: a version not indexed as the request's last one, without its kept PDF or its e-mail entry,
 *   or with its intent still pending; an acceptance not indexed, without its kept PDF or its two e-mail
 *   entries, whose request is not « traite », or with its intent still pending; a retry refused (409…);
 * - duplicates: two versions for one send, two acceptances recorded for one devis.
 * Last line: `crash devis: R runs, S sent, A answered, L lost, H half-done, D duplicates` (S and A: the
 * sends and answers answered 200 before the kill, summed over the runs).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { commandLine } from './lib/command-line.mjs';
import { jsonOrUndefined } from './lib/bench.mjs';
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
    devis: { type: 'boolean', default: false },
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

/**
 * The largest answer header read. The local emulation lists every Blobs call of a function in its
 * `x-nf-fetch-timing` header, which after a repair pass grows past the 16 KB undici's `fetch` accepts (it
 * failed with UND_ERR_HEADERS_OVERFLOW): every call of this test reads its answer with node:http and room.
 */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;

/**
 * One call with node:http and no timeout (the local server queues a burst), a JSON body when given;
 * `token`: the admin's. Resolves with the status (0 when the server is gone) and the JSON answer.
 */
function call(method, path, { body, token } = {}) {
  return new Promise((resolve) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const headers = { ...(data === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }), ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const outgoing = httpRequest(`${base}${path}`, { method, headers, maxHeaderSize: MAX_HEADER_BYTES }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, json: jsonOrUndefined(text) }));
      response.on('error', () => resolve({ status: 0 }));
    });
    outgoing.on('error', () => resolve({ status: 0 }));
    outgoing.end(data);
  });
}

/** POSTs JSON; `token`: the admin's. */
const post = (path, body, token) => call('POST', path, { body, token });

async function getJson(path, token) {
  const answer = await call('GET', path, { token });
  if (answer.status === 0 || answer.json === undefined) throw new Error(`GET ${path} : pas de réponse JSON (statut ${answer.status})`);
  return answer.json;
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
    const ok = (await call('GET', '/api/health')).status === 200;
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
  const { json: answer } = await post('/api/auth/login', { username: process.env.ADMIN_USERNAME, password: process.env.ADMIN_PASSWORD });
  if (!answer?.success) throw new Error(`connexion administrateur refusée : ${answer?.error}`);
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
const devisTotals = { sent: 0, answered: 0, lost: 0, halfDone: 0, duplicates: 0 };
let server = await startServer(root);

/** The submissions' runs: contact forms killed in flight. */
async function submissionRuns() {
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
}


// ---- Devis sends and answers ----

/** A product of the catalogue, for the quote requests. */
async function someProductId() {
  const { readdir } = await import('node:fs/promises');
  const files = (await readdir(new URL('../content/catalogue/products/', import.meta.url))).filter((file) => file.endsWith('.json')).sort();
  return files[0].replace(/\.json$/, '');
}

/** Sends requests `count` at a time (the setup is not what is being tested). */
async function inBatches(items, count, task) {
  const results = [];
  for (let index = 0; index < items.length; index += count) results.push(...(await Promise.all(items.slice(index, index + count).map(task))));
  return results;
}

const ACCEPT = { decision: 'accepte', name: 'Essai de panne', role: 'Gérant', bonPourAccord: true };

/** Reads what the Blobs hold for the requests of a devis run. */
async function inspectDevis(ids) {
  const blobs = await connectBlobs(root);
  try {
    const store = (name) => getStore({ name, consistency: 'strong' });
    const keysOf = async (name, prefix) => {
      const keys = [];
      for await (const page of store(name).list({ paginate: true, prefix })) keys.push(...page.blobs.map((blob) => blob.key));
      return keys;
    };
    const index = (await store('devis-index').get('etats', { type: 'json' })) ?? {};
    const byId = new Map();
    for (const id of ids) {
      byId.set(id, {
        record: await store('devis').get(id, { type: 'json' }),
        request: await store('contact-requests').get(id, { type: 'json' }),
        mails: new Set(await keysOf('mail-outbox', `${id}/`)),
        documents: new Set(await keysOf('devis-documents', `${id}/`)),
        intents: await Promise.all((await keysOf('devis-intents', `${id}/`)).map((key) => store('devis-intents').get(key, { type: 'json' }))),
      });
    }
    return { index, byId };
  } finally {
    await blobs.close();
  }
}

/** Whether a version or an answer is complete: indexed, its document kept, its e-mails queued, no intent left. */
function devisHalfDone(state, id, { version, answered }) {
  const { record, request, mails, documents, intents } = state.byId.get(id);
  const last = record.versions.at(-1);
  const entry = state.index[id];
  const wrong = [];
  if (!entry || entry.version !== last.version || entry.state !== last.state) wrong.push('index');
  if (!answered) {
    if (!version.document || !documents.has(version.document.key)) wrong.push('pdf');
    if (!mails.has(`${id}/devis-${version.version}`)) wrong.push('e-mail');
    if (intents.some((intent) => intent?.documentKey === version.document?.key)) wrong.push('intent');
  } else {
    const document = version.answer?.document;
    if (!document || !documents.has(document.key)) wrong.push('pdf');
    if (!mails.has(`${id}/devis-${version.version}-client`) || !mails.has(`${id}/devis-${version.version}-entreprise`)) wrong.push('e-mails');
    if (request?.statut !== 'traite') wrong.push('statut');
    if (intents.some((intent) => intent?.documentKey === document?.key)) wrong.push('intent');
  }
  return wrong;
}

/** The devis runs: sends and answers killed in flight. */
async function devisRuns() {
  const productId = await someProductId();
  const half = Math.max(1, Math.floor(total / 2));
  for (let run = 1; run <= runs; run += 1) {
    const runTag = `devis-${Date.now().toString(36)}-${run}`;
    const token = await login();
    // Setup: 2 × half quote requests; a devis sent to the first half (to be accepted during the run).
    const quotes = await inBatches(Array.from({ length: 2 * half }, (_, index) => index), 2 * half, async (index) => {
      const answer = await post('/api/quote', {
        name: `Essai ${index}`, company: runTag, phone: '0596 00 00 00', email: `${runTag}-${index}@exemple.fr`, clientCode: '', subject: '', message: '',
        items: [{ id: productId, quantity: 1 + index }], territory: 'martinique', website: '', idempotencyKey: crypto.randomUUID(),
      });
      if (answer.status !== 200) throw new Error(`demande de devis refusée : ${answer.status} ${JSON.stringify(answer.json)}`);
      return answer.json.id;
    });
    const toAnswer = quotes.slice(0, half);
    const toSend = quotes.slice(half);
    const drafts = new Map(await inBatches(quotes, 2 * half, async (id) => [id, (await getJson(`/api/contact/${id}/devis`, token)).data.draft]));
    const links = await inBatches(toAnswer, half, async (id) => {
      const answer = await post(`/api/contact/${id}/devis/envoi`, { draft: drafts.get(id) }, token);
      if (answer.status !== 200) throw new Error(`envoi préalable refusé : ${answer.status} ${JSON.stringify(answer.json)}`);
      return new URL(answer.json.link).pathname.split('/').at(-1);
    });
    log(`run ${run}: ${quotes.length} demandes, ${links.length} devis envoyés d’avance`);

    // The run: every send and every answer at once; the kill after a random number of answers, plus a random delay.
    // Sends and answers interleaved, so that the kill finds both in flight.
    const operations = toSend.flatMap((id, index) => [
      { kind: 'send', id, path: `/api/contact/${id}/devis/envoi`, body: { draft: drafts.get(id), idempotencyKey: crypto.randomUUID() }, token },
      { kind: 'answer', id: toAnswer[index], path: `/api/devis/${links[index]}/reponse`, body: ACCEPT },
    ]);
    const answers = new Array(operations.length);
    const killAfter = 1 + Math.floor(Math.random() * (operations.length - 1));
    let answered = 0;
    let killed;
    const killing = new Promise((resolve) => (killed = resolve));
    const calls = operations.map(async (operation, index) => {
      answers[index] = await post(operation.path, operation.body, operation.token);
      if (answers[index].status === 200) answered += 1;
      if (answered === killAfter) setTimeout(killed, Math.random() * 500);
    });
    await Promise.race([killing, Promise.all(calls)]);
    await kill(server);
    await Promise.all(calls);
    const acknowledged = operations.filter((_, index) => answers[index].status === 200);
    log(`run ${run}: serveur tué après ${acknowledged.length} réponses`);

    server = await startServer(root);
    const repair = await post('/.netlify/functions/mail-outbox', {});
    if (repair.status !== 200) throw new Error(`la passe de réparation a répondu ${repair.status}`);
    // What got no answer is sent again as is: the same key, the same answer (a new admin token: sessions survive, but keep it simple).
    const again = await login();
    let refusedRetries = 0;
    for (const [index, operation] of operations.entries()) {
      if (answers[index].status === 200) continue;
      let answer;
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        answer = await post(operation.path, operation.body, operation.token ? again : undefined);
        if (answer.status === 200) break;
        log(`run ${run}: renvoi ${operation.kind} ${operation.id} : ${answer.status} ${JSON.stringify(answer.json ?? '').slice(0, 200)}`);
        if (answer.status >= 400 && answer.status < 500) break;
      }
      if (answer.status !== 200) refusedRetries += 1;
      answers[index] = answer;
    }

    const state = await inspectDevis(quotes);
    let lost = 0;
    let halfDone = refusedRetries;
    let duplicates = 0;
    const problems = [];
    for (const [index, operation] of operations.entries()) {
      const { record } = state.byId.get(operation.id);
      if (operation.kind === 'send') {
        const versions = (record?.versions ?? []).filter((version) => version.sendKey === operation.body.idempotencyKey);
        if (versions.length === 0) { lost += 1; problems.push(`${operation.id} envoi perdu`); continue; }
        duplicates += versions.length - 1;
        const wrong = devisHalfDone(state, operation.id, { version: versions[0], answered: false });
        if (wrong.length) { halfDone += 1; problems.push(`${operation.id} envoi : ${wrong.join(', ')}`); }
      } else {
        const version = record?.versions[0];
        if (version?.state !== 'accepte' || !version.answer) { lost += 1; problems.push(`${operation.id} réponse perdue`); continue; }
        duplicates += Math.max(0, record.events.filter((event) => /accepté en ligne/.test(event.text)).length - 1);
        const wrong = devisHalfDone(state, operation.id, { version, answered: true });
        if (wrong.length) { halfDone += 1; problems.push(`${operation.id} réponse : ${wrong.join(', ')}`); }
      }
      if (answers[index].status !== 200) problems.push(`${operation.id} : ${answers[index].status}`);
    }
    if (problems.length) log(`run ${run}: ${problems.join(' ; ')}`);
    const sent = acknowledged.filter((operation) => operation.kind === 'send').length;
    const accepted = acknowledged.length - sent;
    devisTotals.sent += sent;
    devisTotals.answered += accepted;
    devisTotals.lost += lost;
    devisTotals.halfDone += halfDone;
    devisTotals.duplicates += duplicates;
    const repaired = repair.json?.devis ?? {};
    console.log(
      `run ${run}: killed after ${acknowledged.length}/${operations.length} answers (${sent} sends, ${accepted} acceptances); repair pass completed ${repaired.completed ?? '?'} (dropped ${repaired.dropped ?? '?'}, too young ${repaired.waiting ?? '?'}); resent ${operations.length - acknowledged.length}; lost ${lost}, half-done ${halfDone}, duplicates ${duplicates}`,
    );
  }
}

try {
  if (values.devis) await devisRuns();
  else await submissionRuns();
} finally {
  await kill(server);
  await import('node:fs/promises').then(({ rm }) => rm(root, { recursive: true, force: true }));
}

if (values.devis) {
  console.log(`crash devis: ${runs} runs, ${devisTotals.sent} sent, ${devisTotals.answered} answered, ${devisTotals.lost} lost, ${devisTotals.halfDone} half-done, ${devisTotals.duplicates} duplicates`);
  process.exit(devisTotals.lost + devisTotals.halfDone + devisTotals.duplicates === 0 ? 0 : 1);
}
console.log(`crash: ${runs} runs, ${totals.acknowledged} acknowledged, ${totals.lost} lost, ${totals.halfDone} half-done, ${totals.duplicates} duplicates`);
process.exit(totals.lost + totals.halfDone + totals.duplicates === 0 ? 0 : 1);
