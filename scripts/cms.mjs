/**
 * `npm run cms`: the editors' CMS on this computer. Starts Decap's local server (decap-server, which reads
 * and writes this working copy's files) and the dev server, then prints the CMS address. Ctrl+C stops both.
 * PORT sets the dev server's port (4321), DECAP_SERVER_PORT decap-server's (8081).
 *
 * Both listen on the loopback only (127.0.0.1): decap-server writes any file of the working copy for whoever
 * reaches it, without a password, so no other machine of the network (a café's, a coworking space's) may.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CMS_LOOPBACK, DEFAULT_DECAP_SERVER_PORT } from '../src/features/cms/local-server.ts';
import { servedAddress } from './lib/cms-address.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const sitePort = Number(process.env.PORT) || 4321;
const decapPort = Number(process.env.DECAP_SERVER_PORT) || DEFAULT_DECAP_SERVER_PORT;
// Run with this Node (the project's Node 22), not the one a script's #! line would find.
const script = (path) => fileURLToPath(new URL(`../node_modules/${path}`, import.meta.url));

const children = [
  spawn(process.execPath, [script('decap-server/dist/index.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(decapPort), BIND_HOST: CMS_LOOPBACK, MODE: 'fs', GIT_REPO_DIRECTORY: root },
  }),
  spawn(process.execPath, [script('astro/bin/astro.mjs'), 'dev', '--host', CMS_LOOPBACK, '--port', String(sitePort)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    // CMS_LOCAL: astro.config.mjs leaves out the developer toolbar, which would cover the CMS's buttons.
    env: { ...process.env, NETLIFY_LOCAL: 'true', DECAP_SERVER_PORT: String(decapPort), CMS_LOCAL: 'true' },
  }),
];

const [, site] = children;
let output = '';
let announced = false;
site.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (announced) return;
  output += String(chunk);
  // The address Astro says it serves: when the port asked for is taken, Vite takes the next free one.
  const origin = servedAddress(output);
  if (!origin) return;
  announced = true;
  console.log(`\n  Espace des contenus : ${origin}/admin/contenu\n  (les modifications sont écrites dans les fichiers de ce dossier ; relisez-les avec git diff avant de les publier)\n`);
});

const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
