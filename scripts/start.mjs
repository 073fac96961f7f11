/**
 * `npm start`: builds the site, then serves the production build with its API on
 * http://localhost:8888 (PORT overrides).
 */
import { spawnSync } from 'node:child_process';

const build = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

await import('./serve.mjs');
