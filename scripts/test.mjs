/**
 * `npm test`: every check, in order, stopping at the first failure. Sets up what it needs (Chromium).
 *   1. Chromium for the browser tests (installed from Debian's packages when missing and root)
 *   2. astro check (TypeScript strict over .astro, .ts and .tsx), then the copy-paste check (jscpd)
 *   3. astro build: the production build (before Vitest: the typography test reads every built page)
 *   4. Vitest: unit and function tests (functions against a real BlobsServer)
 *   5. Playwright: browser tests against that build, served like `npm start`
 *   6. the size budgets of every built page
 * Extra arguments go to Playwright (e.g. `npm test -- tests/e2e/shell.spec.ts`).
 */
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const extra = process.argv.slice(2);
const steps = [
  ['Vérification des types (astro check)', 'npx', ['astro', 'check']],
  ['Copier-coller (jscpd)', 'node', ['scripts/duplicates.mjs']],
  ['Construction du site (astro build)', 'npx', ['astro', 'build']],
  ['Tests unitaires et des fonctions (Vitest)', 'npx', ['vitest', 'run']],
  ['Tests dans le navigateur (Playwright)', 'npx', ['playwright', 'test', ...extra]],
  ['Budgets de taille', 'node', ['scripts/budget.mjs']],
];

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

console.log(`\n▶ Navigateur pour les tests : ${ensureChromium()}`);
for (const [title, command, args] of steps) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
  if (result.status !== 0) {
    console.error(`\n✗ Échec : ${title} (${seconds(stepStarted)} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds(stepStarted)} s)`);
}
console.log(`\n✓ Tous les contrôles sont passés en ${seconds(started)} s`);
