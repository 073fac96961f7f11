/**
 * `npm start`: builds the site, then serves the production build with its API on
 * http://localhost:8888 (PORT overrides). The build is skipped when dist/ already holds the build of the
 * same sources (scripts/lib/site-build.mjs), as the functions' builds are (scripts/lib/function-builds.mjs).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { commandLine } from './lib/command-line.mjs';
import { recordSiteBuild, siteBuildIsCurrent, siteInputsHash } from './lib/site-build.mjs';

// --help answers before anything is built; every other option is the server's (scripts/serve.mjs).
commandLine('Usage : npm start [-- --port 8888]   (construit le site si ses sources ont changé, puis le sert avec ses fonctions ; PORT règle aussi le port)', { strict: false });

const root = fileURLToPath(new URL('..', import.meta.url));
const inputs = await siteInputsHash(root);
if (await siteBuildIsCurrent(root, inputs)) {
  console.log('  Site déjà construit avec ces sources (dist/)\u00a0: construction reprise telle quelle.');
} else {
  const build = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  await recordSiteBuild(root, inputs);
}

await import('./serve.mjs');
