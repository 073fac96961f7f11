/**
 * Where the running `npm start` server listens, for the commands that call it (`npm run mail -- run`): the
 * server writes its address in its project root's .netlify/local-server.txt once it is ready and removes it
 * when it stops, so a command finds a server started with another PORT (in the environment or .env) without
 * being told. A throw-away server (tests, --isolated) writes nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The port `npm start` listens on when neither --port nor PORT says another. */
export const DEFAULT_PORT = 8888;

const addressFile = (projectRoot) => join(projectRoot, '.netlify', 'local-server.txt');

/** Records the server's address (on start). */
export async function recordServerAddress(projectRoot, url) {
  await mkdir(join(projectRoot, '.netlify'), { recursive: true });
  await writeFile(addressFile(projectRoot), `${url}\n`);
}

/** Forgets it (on stop). */
export async function forgetServerAddress(projectRoot) {
  await rm(addressFile(projectRoot), { force: true });
}

/**
 * The local server's address: PORT when the environment sets it, else the one the running server recorded,
 * else the default port.
 */
export function localServerUrl(projectRoot) {
  if (process.env.PORT?.trim()) return `http://localhost:${process.env.PORT.trim()}`;
  const recorded = existsSync(addressFile(projectRoot)) ? readFileSync(addressFile(projectRoot), 'utf8').trim() : '';
  return recorded || `http://localhost:${DEFAULT_PORT}`;
}
