/**
 * Cold starts of the site's functions, as Netlify builds and starts them. Builds every function of
 * netlify/functions with Netlify's own builder (@netlify/zip-it-and-ship-it, with the [functions]
 * settings of netlify.toml) into a throw-away folder, then, one function at a time, starts it in a fresh
 * worker thread (as Netlify's runtime and `npm start` do), with Netlify Blobs pointed at a local
 * BlobsServer over an empty throw-away folder, and times one cheap call until its whole answer:
 * - a function with a path: PATCH on its path, a method no endpoint takes, answered 405 before any work;
 * - a scheduled job: the call Netlify's scheduler makes (POST), doing its real work on the empty Blobs
 *   (the publication job reads `/actualites/publication.json` from a local server saying nothing is due);
 * - a function reached by a redirect only (api-not-found): GET, answered 404.
 * Each function is started cold `--runs` times (3 by default), each time in a new worker, and its cold
 * time is the median of those runs, so that one stall of a busy machine does not decide the verdict.
 * Prints one line per function, `<name>  <bundle MB>  <cold ms>  (import <ms>)` (MB = 10⁶ bytes of the
 * function's folder as it would be zipped; import: the part of the cold start spent importing its bundle)
 * and the call made (a function of several routes: its first route, whose module it then loads), then, last,
 *   cold: N functions, median M ms, cold import: median without PDF I ms, worst W ms (name), largest B MB (name)
 * It exits 1, saying why, when a function that makes no PDF bundles the PDF library (pdfkit or fontkit
 * among its inputs; the functions that make PDFs are listed in scripts/lib/netlify-functions.mjs), when one
 * that receives no photo bundles sharp, when the worst cold import is over 2 × the median of the functions
 * without PDF, or when a call fails or answers another status.
 * Not part of the tests: timings are only meaningful on a quiet machine.
 *
 *   npm run bench:cold [-- --runs 3]
 */
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { makeConditionalWritesAtomic } from './lib/atomic-blobs.mjs';
import { commandLine } from './lib/command-line.mjs';
import { coldVerdict, functionsSettings, imageLibrariesIn, medianOf, pdfLibrariesIn } from './lib/netlify-functions.mjs';

const { values } = commandLine('Usage : npm run bench:cold [-- --runs 3]   (construit chaque fonction comme Netlify et la démarre à froid --runs fois)', {
  options: { runs: { type: 'string', default: '3' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs attend un nombre entier de démarrages par fonction (au moins 1).');
  process.exit(2);
}

/** A call that has not answered after this long counts as failed. */
const CALL_TIMEOUT_MS = 60_000;

const root = fileURLToPath(new URL('..', import.meta.url));
const workerFile = new URL('./lib/cold-worker.mjs', import.meta.url);
const scratch = await mkdtemp(join(tmpdir(), 'bench-cold-'));

/** Bytes of every file under a folder. */
async function folderBytes(folder) {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** The one cheap call made to a built function (see the header), and the statuses that count as its answer. */
function callFor(built, origin) {
  const route = built.routes?.[0];
  if (route) {
    const params = {};
    const path = route.pattern.replace(/:(\w+)/g, (_, name) => (params[name] = 'bench'));
    return { method: 'PATCH', url: `${origin}${path}`, params, expected: [405] };
  }
  if (built.schedule) return { method: 'POST', url: `${origin}/.netlify/functions/${built.name}`, params: {}, expected: [200, 204] };
  return { method: 'GET', url: `${origin}/api/bench-cold`, params: {}, expected: [404] };
}

/** Starts a function cold in a fresh worker and times one call until its whole answer. */
function coldStart(entry, call, env) {
  return new Promise((resolve) => {
    const output = [];
    const started = performance.now();
    const worker = new Worker(workerFile, { workerData: { entry: pathToFileURL(entry).href, ...call }, env, stdout: true, stderr: true });
    worker.stdout.on('data', (chunk) => output.push(chunk));
    worker.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (answer) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve({ coldMs: performance.now() - started, ...answer, output: Buffer.concat(output).toString() });
    };
    const timer = setTimeout(() => finish({ error: `pas de réponse en ${CALL_TIMEOUT_MS / 1000} s` }), CALL_TIMEOUT_MS);
    worker.once('message', finish);
    worker.once('error', (error) => finish({ error: error.stack ?? String(error) }));
    worker.once('exit', (code) => finish({ error: `le worker s’est arrêté (code ${code}) sans répondre` }));
  });
}

/** A local stand-in for the live site: the publication job reads that no article is due. */
function startPublicationServer() {
  const server = createServer((request, response) => {
    const found = request.url === '/actualites/publication.json';
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    response.end(found ? JSON.stringify({ upcoming: [] }) : '{}');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const blobsToken = crypto.randomUUID();
makeConditionalWritesAtomic(BlobsServer);
const blobs = new BlobsServer({ directory: join(scratch, 'blobs'), token: blobsToken });
const publication = await startPublicationServer();
try {
  const { directory, config } = functionsSettings(root);
  // Netlify's bundler, loaded once the command line is read (`--help` answers without its 1.5 s of loading).
  const { zipFunctions } = await import('@netlify/zip-it-and-ship-it');
  const built = await zipFunctions(directory, join(scratch, 'functions'), {
    archiveFormat: 'none',
    basePath: root,
    config,
    featureFlags: { zisi_functions_api_v2: true },
  });

  const { port } = await blobs.start();
  const blobsUrl = `http://localhost:${port}`;
  setEnvironmentContext({ edgeURL: blobsUrl, uncachedEdgeURL: blobsUrl, siteID: 'bench-cold', token: blobsToken });
  const siteUrl = `http://127.0.0.1:${publication.address().port}`;
  const env = {
    ...process.env,
    URL: siteUrl,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'mot-de-passe-du-banc-froid',
    AUTH_SECRET: 'secret-du-banc-froid-secret-du-banc-froid',
    POSTMARK_SERVER_TOKEN: '',
    BUILD_HOOK_URL: '',
  };

  const results = [];
  for (const fn of built.sort((a, b) => a.name.localeCompare(b.name))) {
    const entry = join(fn.path, relative(root, fn.mainFile)).replace(/\.[cm]?[jt]sx?$/, '.mjs');
    const call = callFor(fn, siteUrl);
    const megabytes = (await folderBytes(fn.path)) / 1e6;
    const answers = [];
    while (answers.length < runs) {
      answers.push(existsSync(entry) ? await coldStart(entry, call, env) : { coldMs: 0, error: `${entry} introuvable dans la construction`, output: '' });
    }
    const answer = answers.find((run) => run.error || !call.expected.includes(run.status)) ?? answers[0];
    answer.coldMs = medianOf(answers.map((run) => run.coldMs));
    const importMs = medianOf(answers.map((run) => run.importMs ?? 0));
    const problem = answer.error ?? (call.expected.includes(answer.status) ? undefined : `a répondu ${answer.status} au lieu de ${call.expected.join(' ou ')}`);
    if (problem && answer.output.trim()) console.error(answer.output.trim());
    results.push({ name: fn.name, megabytes, coldMs: answer.coldMs, importMs, pdfLibraries: pdfLibrariesIn(fn.inputs ?? []), imageLibraries: imageLibrariesIn(fn.inputs ?? []), problem });
    const path = new URL(call.url).pathname;
    console.log(`${fn.name.padEnd(24)}${megabytes.toFixed(2).padStart(6)} MB${String(Math.round(answer.coldMs)).padStart(7)} ms  (import ${Math.round(importMs)} ms)   ${call.method} ${path} → ${answer.status ?? 'erreur'}`);
  }

  const { summary, failures } = coldVerdict(results);
  for (const failure of failures) console.error(`✗ ${failure}`);
  console.log(summary);
  process.exitCode = failures.length > 0 ? 1 : 0;
} finally {
  await blobs.stop().catch(() => {});
  publication.close();
  await rm(scratch, { recursive: true, force: true });
}
