/**
 * `npm test`: every check, stopping at the first stage that fails. Sets up what it needs (Chromium).
 *   1. Chromium for the browser tests (installed from Debian's packages when missing and root)
 *   2. side by side: astro check (TypeScript strict over .astro, .ts and .tsx), and the copy-paste check
 *      (jscpd) then the dead-code check (knip: unused files, exports, dependencies, from the entry points of
 *      knip.json). astro check keeps one core busy for most of its time; the other two fill the second one.
 *   3. Vitest's `unit` project: unit and function tests (functions against a real BlobsServer)
 *   4. astro build: the production build
 *   5. Vitest's `build` project: checks that read the build in dist/ without a browser (glued words, visible text)
 *   6. Playwright: browser tests against that build, served like `npm start`
 *   7. the size budgets of every built page
 * A stage's steps that run side by side print their output once each ends, whole, one after the other.
 * Extra arguments go to Playwright (e.g. `npm test -- tests/e2e/shell.spec.ts`).
 */
import { spawn } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const extra = process.argv.slice(2);

/** A stage is a list of lanes run side by side; a lane's steps run one after the other. */
const stages = [
  [
    [['Vérification des types (astro check)', 'npx', ['astro', 'check']]],
    [
      ['Copier-coller (jscpd)', 'node', ['scripts/duplicates.mjs']],
      ['Code mort (knip)', 'npx', ['knip', '--no-progress']],
    ],
  ],
  [[['Tests unitaires et des fonctions (Vitest)', 'npx', ['vitest', 'run', '--project', 'unit']]]],
  [[['Construction du site (astro build)', 'npx', ['astro', 'build']]]],
  [[['Contrôles de la construction (Vitest)', 'npx', ['vitest', 'run', '--project', 'build']]]],
  [[['Tests dans le navigateur (Playwright)', 'npx', ['playwright', 'test', ...extra]]]],
  [[['Budgets de taille', 'node', ['scripts/budget.mjs']]]],
];

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const env = { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' };

/**
 * Runs one step; resolves with whether it passed. Alone in its stage, its output goes straight to the
 * terminal; beside others, it is kept and printed whole when the step ends, so no two steps' lines mix.
 */
function runStep([title, command, args], alone) {
  const stepStarted = Date.now();
  if (alone) console.log(`\n▶ ${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const finish = (code) => {
      if (!alone) {
        console.log(`\n▶ ${title}`);
        process.stdout.write(Buffer.concat(output));
      }
      if (code === 0) console.log(`✓ ${title} (${seconds(stepStarted)} s)`);
      else console.error(`\n✗ Échec : ${title} (${seconds(stepStarted)} s)`);
      resolve(code === 0);
    };
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.once('close', (code) => finish(code ?? 1));
  });
}

/** Runs a lane's steps in order, stopping at the first that fails. */
async function runLane(lane, alone) {
  for (const step of lane) if (!(await runStep(step, alone))) return false;
  return true;
}

console.log(`\n▶ Navigateur pour les tests : ${ensureChromium()}`);
for (const stage of stages) {
  const alone = stage.length === 1;
  const passed = await Promise.all(stage.map((lane) => runLane(lane, alone)));
  if (passed.includes(false)) process.exit(1);
}
console.log(`\n✓ Tous les contrôles sont passés en ${seconds(started)} s`);
