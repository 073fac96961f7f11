/**
 * How long `npm start` takes to « Site prêt »: a first start as from a fresh clone (no function build kept:
 * a throw-away builds folder; the site built by `astro build`, its kept build forgotten first), then a second
 * start with the builds the first one kept (the site's and the functions'). Both serve a throw-away copy of the data (--isolated). Prints
 *   start: first N s, second N s, functions N
 * and exits 1 when the first takes over 90 s or the second over 30 s (the targets for a quiet
 * 2-core machine: say the load average with the figures).
 *
 *   npm run bench:start [-- --port 8888]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandLine } from './lib/command-line.mjs';
import { untilReady } from './lib/until-ready.mjs';

const { values } = commandLine('Usage : npm run bench:start -- [--port 8888]', { options: { port: { type: 'string' } } });
const port = String(values.port ?? process.env.PORT ?? 8888);

/** The targets, in seconds. */
const FIRST_MAX_S = 90;
const SECOND_MAX_S = 30;

/** Runs `npm start`'s script until « Site prêt », then stops it; resolves with its time (s) and its function count. */
async function start(builds) {
  const server = await untilReady(['scripts/start.mjs', '--isolated', '--quiet', '--port', port, '--builds', builds]);
  await server.stop();
  return { seconds: server.ms / 1000, functions: Number(/(\d+) fonctions prêtes/.exec(server.output)?.[1] ?? 0) };
}

const builds = await mkdtemp(join(tmpdir(), 'bench-start-builds-'));
// As from a fresh clone: the site's kept build is forgotten, so the first start runs `astro build`.
await rm(new URL('../dist/.inputs-hash', import.meta.url), { force: true });
try {
  const first = await start(builds);
  const second = await start(builds);
  console.log(`start: first ${first.seconds.toFixed(1)} s, second ${second.seconds.toFixed(1)} s, functions ${second.functions}`);
  const failures = [
    ...(first.seconds > FIRST_MAX_S ? [`the first start took over ${FIRST_MAX_S} s`] : []),
    ...(second.seconds > SECOND_MAX_S ? [`the second start took over ${SECOND_MAX_S} s`] : []),
  ];
  for (const failure of failures) console.error(`bench-start: ${failure}`);
  if (failures.length > 0) process.exitCode = 1;
} finally {
  await rm(builds, { recursive: true, force: true });
}
