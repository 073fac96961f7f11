/**
 * The first contact form after `npm start` answers like the second: starts the server of `npm start` on a
 * throw-away copy of its data (scripts/serve.mjs --isolated), once without building the functions ahead
 * (--cold) and once as `npm start` does, and times two POST /api/contact-only-email in a row on each.
 * Prints `first-call: cold: first A ms, second B ms; npm start: ready after W ms of warm-up, first C ms,
 * second D ms`; exits 1 when, after the warm-up, the first answer takes over twice the second plus 1 s.
 *
 *   npm run bench:first-call [-- --port 8888]
 */
import { spawn } from 'node:child_process';
import { commandLine } from './lib/command-line.mjs';

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

/** Starts scripts/serve.mjs and resolves once it prints « Site prêt », with its warm-up time (ms) and a stop function. */
function serve(extra) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/serve.mjs', '--isolated', '--quiet', '--port', String(port), ...extra], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (!output.includes('Site prêt')) return;
      const warmUp = /fonctions prêtes en ([\d.]+) s/.exec(output);
      resolve({
        warmUpMs: warmUp ? Number(warmUp[1]) * 1000 : 0,
        stop: () => new Promise((done) => {
          child.once('exit', done);
          child.kill('SIGTERM');
        }),
      });
    });
    child.once('exit', (code) => reject(new Error(`serve.mjs stopped (${code}) before it was ready:\n${output}`)));
  });
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

async function measure(extra) {
  const server = await serve(extra);
  try {
    return { warmUpMs: server.warmUpMs, first: await post(1), second: await post(2) };
  } finally {
    await server.stop();
  }
}

const cold = await measure(['--cold']);
const warm = await measure([]);
console.log(
  `first-call: cold: first ${cold.first} ms, second ${cold.second} ms; npm start: ready after ${warm.warmUpMs} ms of warm-up, first ${warm.first} ms, second ${warm.second} ms`,
);
if (warm.first > 2 * warm.second + 1000) {
  console.error('bench-first-call: after the warm-up, the first contact form still waits for a function build');
  process.exit(1);
}
