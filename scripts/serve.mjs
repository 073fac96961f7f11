/**
 * Serves the existing build (dist/) with its API, as Netlify would. `npm start` builds first and calls
 * this; the browser tests call it on another port.
 *
 *   node scripts/serve.mjs [--port 8888] [--isolated | --root DIR] [--quiet] [--cold] [--builds DIR]
 *
 * PORT also sets the port. It listens on this computer only (the loopback); HOST=0.0.0.0 opens it to the
 * network on purpose. Loads .env when present; without admin credentials, generates local ones
 * (scripts/lib/local-credentials.mjs). Blobs data persist under .netlify/blobs-serve;
 * with --isolated (tests, load script) they live in a throw-away folder instead; with --root, in a
 * project root made by `isolatedProjectRoot` that outlives the server (the crash test restarts the
 * server on the same data). With --isolated and SITE_ROOT_FILE set, the throw-away root's path is written to
 * that file (deleted again on stop), so the browser tests can read the server's data (its local outbox:
 * tests/helpers/local-outbox.ts). Every function reached by a path is built before « Site prêt » is printed
 * (warmFunctions in lib/site-server.mjs), half of them by a second process when many are missing (--build-only:
 * builds the functions named into the kept builds, then stops); --cold skips that, for measuring. Function builds are kept in
 * .netlify/functions-builds between starts (lib/function-builds.mjs); --builds names another folder.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine } from './lib/command-line.mjs';
import { ensureLocalCredentials, ensureLocalPushKeys, signInLines } from './lib/local-credentials.mjs';
import { keptBuildIsCurrent } from './lib/function-builds.mjs';
import { DEFAULT_PORT, forgetServerAddress, recordServerAddress } from './lib/local-server-address.mjs';
import { functionFiles, isolatedProjectRoot, startSiteServer, warmableFunctions, warmUpSentence } from './lib/site-server.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// Netlify's emulation imports a function's bundle, and its own worker code, in a new worker thread on every
// call. V8's compiled code is kept on disk between calls and starts (Node's compile cache, shared by the
// workers through the environment), so a call compiles none of it again.
process.env.NODE_COMPILE_CACHE ??= join(repoRoot, '.netlify', 'compile-cache');
enableCompileCache(process.env.NODE_COMPILE_CACHE);
const USAGE = 'Usage : npm run serve -- [--port 8888] [--isolated | --root DOSSIER] [--quiet] [--cold] [--builds DOSSIER]   (sert dist/ et ses fonctions ; PORT règle aussi le port)';
const { values } = commandLine(USAGE, {
  options: {
    port: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    isolated: { type: 'boolean', default: false },
    root: { type: 'string' },
    // Skips building the functions ahead (their first call then builds them): for measuring.
    cold: { type: 'boolean', default: false },
    // Where the function builds are kept (default .netlify/functions-builds): another folder starts from none, for measuring.
    builds: { type: 'string' },
    // Builds these functions (names, comma-separated) into the kept builds, then stops: the second process of a first start.
    'build-only': { type: 'string' },
  },
});
// .env first: a PORT it sets is the port, as the README says.
if (existsSync(new URL('../.env', import.meta.url))) process.loadEnvFile(fileURLToPath(new URL('../.env', import.meta.url)));
const port = Number(values.port ?? (process.env.PORT?.trim() || DEFAULT_PORT));
const signIn = ensureLocalCredentials();
ensureLocalPushKeys();
if (!existsSync(new URL('../dist/index.html', import.meta.url))) {
  console.error('Aucun site construit dans dist/. Lancez `npm start` (qui construit le site) ou `npm run build`.');
  process.exit(1);
}

const isolated = values.isolated ? await isolatedProjectRoot(repoRoot) : undefined;
const rootFile = isolated && process.env.SITE_ROOT_FILE?.trim();
if (rootFile) {
  await mkdir(dirname(rootFile), { recursive: true });
  await writeFile(rootFile, `${isolated.root}\n`);
}
// The function builds are the project's, kept between starts and shared by the throw-away roots (same sources, same builds).
const buildsCache = values.builds ?? join(repoRoot, '.netlify', 'functions-builds');
const server = await startSiteServer({ projectRoot: isolated?.root ?? values.root ?? repoRoot, port, host: process.env.HOST, quiet: values.quiet, buildsCache, sourceRoot: repoRoot });
if (values['build-only'] !== undefined) {
  await server.warmUp({ only: new Set(values['build-only'].split(',')) });
  await server.close();
  await isolated?.remove();
  process.exit(0);
}
if (!values.cold) {
  console.log('  Préparation des fonctions…');
  const started = Date.now();
  const names = (await warmableFunctions(repoRoot)).map(({ name }) => name);
  const missing = [];
  for (const name of names) if (!(await keptBuildIsCurrent(buildsCache, name, repoRoot))) missing.push(name);
  // A build runs on one core (Netlify's builder is JavaScript in this process): with several to make and a second
  // core, a second server process builds every other one meanwhile into the same kept builds, and this one
  // then takes them as kept.
  const elsewhere = availableParallelism() > 1 && missing.length >= 4 ? missing.filter((_, index) => index % 2 === 1) : [];
  const helper = elsewhere.length > 0 ? buildElsewhere(elsewhere) : undefined;
  const here = await server.warmUp({ only: new Set(names.filter((name) => !elsewhere.includes(name))) });
  await helper;
  const after = elsewhere.length > 0 ? await server.warmUp({ only: new Set(elsewhere) }) : here;
  const failed = [...here.failed, ...(after === here ? [] : after.failed)];
  const builtElsewhere = elsewhere.filter((name) => after.reused.includes(name)).length;
  const sentence = warmUpSentence({
    seconds: (Date.now() - started) / 1000,
    built: after.built.length + builtElsewhere,
    builtElsewhere,
    reused: after.reused.length - builtElsewhere,
    called: names.length - failed.length,
    failed: failed.length,
    scheduled: (await functionFiles(repoRoot)).length - names.length,
  });
  console.log(`  ${sentence}`);
}
// The project's own server tells the commands that call it (npm run mail -- run) where it listens.
const ownRoot = isolated ? undefined : (values.root ?? repoRoot);
if (ownRoot) await recordServerAddress(ownRoot, server.url);
console.log(['', `  Site prêt : ${server.url}`, ...signInLines(signIn), '  (Ctrl-C pour arrêter)', ''].join('\n'));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nArrêt du serveur…');
    await server.close();
    if (ownRoot) await forgetServerAddress(ownRoot);
    await isolated?.remove();
    if (rootFile) await rm(rootFile, { force: true });
    process.exit(0);
  });
}

/** Builds functions in a second server process (`--build-only`) into the kept builds; resolves when it stops. */
async function buildElsewhere(names) {
  const free = await new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: found } = probe.address();
      probe.close(() => resolve(found));
    });
  });
  const env = { ...process.env };
  delete env.SITE_ROOT_FILE;
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--isolated', '--quiet', '--port', String(free), '--builds', buildsCache, '--build-only', names.join(',')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.once('error', resolve);
  });
}
