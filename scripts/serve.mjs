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
 * (warmFunctions in lib/site-server.mjs); --cold skips that, for measuring. Function builds are kept in
 * .netlify/functions-builds between starts (lib/function-builds.mjs); --builds names another folder.
 */
import { existsSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureLocalCredentials, ensureLocalPushKeys, signInLines } from './lib/local-credentials.mjs';
import { isolatedProjectRoot, startSiteServer } from './lib/site-server.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// Netlify's emulation imports a function's bundle, and its own worker code, in a new worker thread on every
// call. V8's compiled code is kept on disk between calls and starts (Node's compile cache, shared by the
// workers through the environment), so a call compiles none of it again.
process.env.NODE_COMPILE_CACHE ??= join(repoRoot, '.netlify', 'compile-cache');
enableCompileCache(process.env.NODE_COMPILE_CACHE);
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    isolated: { type: 'boolean', default: false },
    root: { type: 'string' },
    // Skips building the functions ahead (their first call then builds them): for measuring.
    cold: { type: 'boolean', default: false },
    // Where the function builds are kept (default .netlify/functions-builds): another folder starts from none, for measuring.
    builds: { type: 'string' },
  },
});
const port = Number(values.port ?? process.env.PORT ?? 8888);

if (existsSync(new URL('../.env', import.meta.url))) process.loadEnvFile(fileURLToPath(new URL('../.env', import.meta.url)));
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
if (!values.cold) {
  console.log('  Préparation des fonctions…');
  const { functions, ms, failed, built, reused } = await server.warmUp();
  const detail = [`${built} construites`, `${reused} reprises de la construction précédente`, ...(failed.length > 0 ? [`${failed.length} à construire au premier appel`] : [])].join(', ');
  console.log(`  ${functions - failed.length} fonctions prêtes en ${(ms / 1000).toFixed(1)} s (${detail})`);
}
console.log(['', `  Site prêt : ${server.url}`, ...signInLines(signIn), '  (Ctrl-C pour arrêter)', ''].join('\n'));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nArrêt du serveur…');
    await server.close();
    await isolated?.remove();
    if (rootFile) await rm(rootFile, { force: true });
    process.exit(0);
  });
}
