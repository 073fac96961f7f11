/**
 * The first contact form after `npm start` answers like the second: starts the server of `npm start` on a
 * throw-away copy of its data (scripts/serve.mjs --isolated), once without building the functions ahead
 * (--cold) and once as `npm start` does, and times two POST /api/contact-only-email in a row on each.
 * Prints `first-call: cold: first A ms, second B ms; npm start: ready after W ms of warm-up, first C ms,
 * second D ms`; then, on the warmed server, signs in as the administrator and times 20 empty authenticated
 * calls (GET /api/compte), printing `first-call: authenticated: first A ms, median of 20 M ms`. Exits 1,
 * saying why, when after the warm-up the first answer takes over 1.5 × the second, or when the median of the
 * empty authenticated calls is over 400 ms (meaningful on a quiet machine only).
 *
 *   npm run bench:first-call [-- --port 8888]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandLine } from './lib/command-line.mjs';
import { medianOf } from './lib/netlify-functions.mjs';
import { untilReady } from './lib/until-ready.mjs';

const { values } = commandLine('Usage : npm run bench:first-call -- [--port 8888]', { options: { port: { type: 'string' } } });
const port = Number(values.port ?? process.env.PORT ?? 8888);

const payload = (index) => ({
  name: `Premier appel ${index}`,
  email: `premier${index}@exemple.fr`,
  phone: '0596 00 00 00',
  company: 'Mesure du premier appel',
  subject: 'Autre',
  delai: 'Plus de 6 mois',
  message: `Demande ${index} envoyée par la mesure du premier appel.`,
  website: '',
});

/** The administrator of the measured server (its own, whatever the environment says). */
const ADMIN = { ADMIN_USERNAME: 'mesure', ADMIN_PASSWORD: 'mot-de-passe-de-la-mesure', AUTH_SECRET: 'secret-de-la-mesure-du-premier-appel-0123456789' };

/** Signs in, then times 20 empty authenticated calls one after the other: the first, and the median of all. */
async function authenticatedCalls() {
  const login = await fetch(`http://localhost:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`POST /api/auth/login answered ${login.status} without a token`);
  const times = [];
  for (let call = 0; call < 20; call++) {
    const started = performance.now();
    const response = await fetch(`http://localhost:${port}/api/compte`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status === 401 || response.status >= 500) throw new Error(`GET /api/compte answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return { first: Math.round(times[0]), median: Math.round(medianOf(times)) };
}

/** Starts scripts/serve.mjs and resolves once it prints « Site prêt », with its warm-up time (ms) and a stop function. */
async function serve(extra) {
  const server = await untilReady(['scripts/serve.mjs', '--isolated', '--quiet', '--port', String(port), ...extra], { ...process.env, ...ADMIN });
  const warmUp = /fonctions prêtes en ([\d.]+) s/.exec(server.output);
  return { warmUpMs: warmUp ? Number(warmUp[1]) * 1000 : 0, stop: server.stop };
}

/** One contact form sent; resolves with how long its answer took (ms). */
async function post(index) {
  const started = performance.now();
  const response = await fetch(`http://localhost:${port}/api/contact-only-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload(index)),
  });
  const body = await response.json();
  if (!response.ok || !body.success) throw new Error(`POST /api/contact-only-email answered ${response.status}: ${JSON.stringify(body)}`);
  return Math.round(performance.now() - started);
}

async function measure(extra, { authenticated = false } = {}) {
  const server = await serve(extra);
  try {
    const first = await post(1);
    const second = await post(2);
    return { warmUpMs: server.warmUpMs, first, second, ...(authenticated ? { authenticated: await authenticatedCalls() } : {}) };
  } finally {
    await server.stop();
  }
}

// Cold: no warm-up and no kept build (a throw-away builds folder), so the first call builds its function.
const coldBuilds = await mkdtemp(join(tmpdir(), 'bench-first-call-builds-'));
const cold = await measure(['--cold', '--builds', coldBuilds]).finally(() => rm(coldBuilds, { recursive: true, force: true }));
const warm = await measure([], { authenticated: true });
console.log(
  `first-call: cold: first ${cold.first} ms, second ${cold.second} ms; npm start: ready after ${warm.warmUpMs} ms of warm-up, first ${warm.first} ms, second ${warm.second} ms`,
);
console.log(`first-call: authenticated: first ${warm.authenticated.first} ms, median of 20 ${warm.authenticated.median} ms`);
/** The targets: the first call after « Site prêt » as quick as the next one, an empty authenticated call light. */
const FIRST_OVER_SECOND_MAX = 1.5;
const AUTHENTICATED_MEDIAN_MAX_MS = 400;
const failures = [
  ...(warm.first > FIRST_OVER_SECOND_MAX * warm.second ? [`après la préparation, le premier formulaire a pris ${warm.first} ms, plus de ${FIRST_OVER_SECOND_MAX} × le second (${warm.second} ms)`] : []),
  ...(warm.authenticated.median > AUTHENTICATED_MEDIAN_MAX_MS ? [`un appel authentifié vide prend ${warm.authenticated.median} ms en médiane, plus de ${AUTHENTICATED_MEDIAN_MAX_MS} ms`] : []),
];
for (const failure of failures) console.error(`✗ ${failure}`);
process.exitCode = failures.length > 0 ? 1 : 0;
