/**
 * `npm test`: every check, stopping at the first stage that fails. Sets up what it needs (Chromium).
 *   1. Chromium for the browser tests (installed from Debian's packages when missing and root)
 *   2. side by side, as none reads what another writes: Vitest's `logic` and `unit` projects (unit and function tests,
 *      functions against a real BlobsServer; its output shown as it runs), astro check (TypeScript strict over
 *      .astro, .ts and .tsx), and the copy-paste check (jscpd) then the dead-code check (knip: unused files,
 *      exports, dependencies, from the entry points of knip.json). astro check keeps a single core busy for
 *      most of its 45 s: beside the unit tests, the second core is never idle.
 *   3. astro build: the production build
 *   4. Vitest's `build` project: checks that read the build in dist/ without a browser (glued words, visible text)
 *   5. Playwright: browser tests against that build, served like `npm start`
 *   6. the size budgets of every built page
 * In a stage of several lanes, the first lane's output shows as it comes; every other step's is kept and printed
 * whole when that step ends, so no two steps' lines mix.
 * Extra arguments go to Playwright (e.g. `npm test -- tests/e2e/shell.spec.ts`).
 */
import { spawn } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const extra = process.argv.slice(2);

/** A stage is a list of lanes run side by side; a lane's steps run one after the other. */
const stages = [
  [
    [['Tests unitaires et des fonctions (Vitest)', 'npx', ['vitest', 'run', '--project', 'logic', '--project', 'unit']]],
    [['Vérification des types (astro check)', 'npx', ['astro', 'check']]],
    [
      ['Copier-coller (jscpd)', 'node', ['scripts/duplicates.mjs']],
      ['Code mort (knip)', 'npx', ['knip', '--no-progress']],
    ],
  ],
  [[['Construction du site (astro build)', 'npx', ['astro', 'build']]]],
  [[['Contrôles de la construction (Vitest)', 'npx', ['vitest', 'run', '--project', 'build']]]],
  [[['Tests dans le navigateur (Playwright)', 'npx', ['playwright', 'test', ...extra]]]],
  [[['Budgets de taille', 'node', ['scripts/budget.mjs']]]],
];

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const env = { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' };

/**
 * Runs one step; resolves with whether it passed. Live (alone in its stage, or its first lane), its output goes
 * straight to the terminal; otherwise it is kept and printed whole when the step ends.
 */
function runStep([title, command, args], live) {
  const stepStarted = Date.now();
  if (live) console.log(`\n▶ ${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const finish = (code) => {
      if (!live) {
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
async function runLane(lane, live) {
  for (const step of lane) if (!(await runStep(step, live))) return false;
  return true;
}

console.log(`\n▶ Navigateur pour les tests : ${ensureChromium()}`);
for (const stage of stages) {
  const passed = await Promise.all(stage.map((lane, index) => runLane(lane, index === 0)));
  if (passed.includes(false)) process.exit(1);
}
console.log(`\n✓ Tous les contrôles sont passés en ${seconds(started)} s`);
