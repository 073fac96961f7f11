/**
 * `npm run duplicates`: the copy-paste check (jscpd) over src/, netlify/ and scripts/. Lists every clone of
 * 6 or more shared lines (and 25 tokens, so a run of closing braces is not one) in TypeScript, JavaScript,
 * Astro and CSS files, and fails when there are more than MAX_CLONES: a new one means a shared piece belongs
 * in one place. Lower MAX_CLONES as clones go, so they cannot come back.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The clones allowed: lower it as clones go (32 when this check came, 7 now).
const MAX_CLONES = 7;
const output = mkdtempSync(join(tmpdir(), 'jscpd-'));
const run = spawnSync(
  'npx',
  [
    'jscpd',
    '--min-lines', '6',
    '--min-tokens', '25',
    '--formats-exts', 'typescript:ts,tsx,mts,cts;javascript:js,mjs,cjs;markup:astro;css:css',
    '--ignore', '**/node_modules/**,**/dist/**',
    '--reporters', 'json',
    '--output', output,
    '--silent',
    'src', 'netlify', 'scripts',
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
if (run.status !== 0) {
  console.error('✗ jscpd n’a pas pu analyser le code.');
  process.exit(run.status ?? 1);
}
const report = JSON.parse(readFileSync(join(output, 'jscpd-report.json'), 'utf8'));
rmSync(output, { recursive: true, force: true });

const place = (file) => `${file.name}:${file.start}-${file.end}`;
for (const clone of report.duplicates) {
  console.log(`${String(clone.lines).padStart(3)} lignes  ${place(clone.firstFile)}  ≡  ${place(clone.secondFile)}`);
}
const count = report.duplicates.length;
console.log(`copy-paste: ${count} clones of 6+ lines (max ${MAX_CLONES}), ${report.statistics.total.percentage} % of lines`);
if (count > MAX_CLONES) {
  console.error(`✗ ${count} copies de 6 lignes ou plus (au plus ${MAX_CLONES}) : mettez la partie commune en un seul endroit.`);
  process.exit(1);
}
