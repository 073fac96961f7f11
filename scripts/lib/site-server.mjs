/**
 * Serves the production build exactly as Netlify would: static files from dist/, the functions of
 * netlify/functions, Netlify Blobs, and the redirects and headers of netlify.toml, through
 * Netlify's own emulation (@netlify/dev). Adds what @netlify/dev leaves out: the 404 page.
 */
import { existsSync, statSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { BlobsServer } from '@netlify/blobs/server';
import { NetlifyDev } from '@netlify/dev';
import { makeConditionalWritesAtomic } from './atomic-blobs.mjs';

// @netlify/dev starts this same BlobsServer class: make its conditional writes atomic, as on Netlify.
makeConditionalWritesAtomic(BlobsServer);

/**
 * API calls handed to the emulation at once. @netlify/dev starts a worker for every function call and
 * gives up on calls that wait too long, so a burst of submissions (hundreds at once) would get 500s;
 * queued here instead, they are all answered, later. Netlify itself scales functions out.
 */
const MAX_CONCURRENT_API_CALLS = 8;

/**
 * Runs tasks at most `max` at a time, the others waiting in arrival order.
 * @param {number} max
 * @returns {<T>(task: () => Promise<T>) => Promise<T>}
 */
function turnTaker(max) {
  let active = 0;
  const waiting = [];
  return async (task) => {
    if (active < max) active += 1;
    else await new Promise((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next caller, so no newcomer slips past the queue.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

/**
 * Starts the server and resolves once it listens.
 * @param {{ projectRoot: string, port: number, quiet?: boolean }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startSiteServer({ projectRoot, port, quiet = false }) {
  const logger = quiet ? { log() {}, warn: console.warn, error: console.error } : console;
  const netlifyDev = new NetlifyDev({
    projectRoot,
    logger,
    serverAddress: null,
    // Features that download or start things this site does not use.
    edgeFunctions: { enabled: false },
    database: { enabled: false },
    aiGateway: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
  });
  await netlifyDev.start();
  const notFoundRewrites = await statusRewrites(netlifyDev, 404);
  const publishDir = join(projectRoot, 'dist');
  const apiTurn = turnTaker(MAX_CONCURRENT_API_CALLS);

  const server = createServer(async (nodeRequest, nodeResponse) => {
    try {
      const origin = `http://${nodeRequest.headers.host ?? `localhost:${port}`}`;
      const handle = () => netlifyDev.handleAndIntrospectNodeRequest(nodeRequest);
      const result = nodeRequest.url?.startsWith('/api/') ? await apiTurn(handle) : await handle();
      let response = result?.response ?? (await notFound(netlifyDev, origin));
      // @netlify/dev serves a `status = 404` rewrite with its target's 200; Netlify answers 404.
      if (result?.type === 'redirect' && response.status === 200 && !isBuiltPage(publishDir, nodeRequest.url) && notFoundRewrites.some((matches) => matches(nodeRequest.url ?? '/'))) {
        response = new Response(response.body, { status: 404, headers: response.headers });
      }
      await send(nodeResponse, response, nodeRequest.method === 'HEAD');
    } catch (error) {
      console.error('server: request failed', error);
      if (!nodeResponse.headersSent) nodeResponse.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      nodeResponse.end('Erreur interne du serveur local.');
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });

  return {
    url: `http://localhost:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      await netlifyDev.stop();
    },
  };
}

/**
 * Matchers for the paths of the netlify.toml rewrites with the given status (`from` with a trailing
 * `/*` matches the folder's paths; other patterns match exactly).
 * @returns {Promise<((url: string) => boolean)[]>}
 */
async function statusRewrites(netlifyDev, status) {
  const { config } = await netlifyDev.getConfig();
  return (config.redirects ?? [])
    .filter((rule) => rule.status === status && !rule.force)
    .map((rule) => {
      const from = String(rule.from);
      return (url) => {
        const path = url.split('?')[0];
        return from.endsWith('/*') ? path.startsWith(from.slice(0, -1)) : path === from;
      };
    });
}

/** Whether a request path is a file of the build (then a non-forced rule does not apply). */
function isBuiltPage(publishDir, url = '/') {
  const path = decodeURIComponent(url.split('?')[0]).replace(/\/$/, '');
  return [path, `${path}.html`, `${path}/index.html`].some((candidate) => candidate && existsSync(join(publishDir, candidate)) && statSync(join(publishDir, candidate)).isFile());
}

/** The French 404 page, with the site's header rules, and status 404 (as Netlify answers). */
async function notFound(netlifyDev, origin) {
  const page = await netlifyDev.handle(new Request(new URL('/404.html', origin)));
  if (!page) return new Response('Page introuvable', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(page.body, { status: 404, headers: page.headers });
}

/** Writes a fetch Response to a Node response. */
async function send(nodeResponse, response, headOnly) {
  const headers = {};
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    headers[name] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (response.statusText) nodeResponse.writeHead(response.status, response.statusText, headers);
  else nodeResponse.writeHead(response.status, headers);
  if (headOnly || !response.body) {
    nodeResponse.end();
    return;
  }
  await new Promise((resolve, reject) => {
    Readable.fromWeb(response.body).on('error', reject).pipe(nodeResponse).on('finish', resolve).on('error', reject);
  });
}

/**
 * A throw-away project root that serves the same build and functions but keeps its own Blobs data
 * (@netlify/dev stores them under <root>/.netlify), so tests never touch the developer's data.
 * netlify/ is copied (the functions bundler does not follow a linked folder); the rest is linked.
 * @param {string} repoRoot
 */
export async function isolatedProjectRoot(repoRoot) {
  const root = await mkdtemp(join(tmpdir(), 'site-isolated-'));
  for (const entry of ['netlify.toml', 'package.json', 'dist', 'node_modules', 'src', 'content']) {
    await symlink(join(repoRoot, entry), join(root, entry));
  }
  await cp(join(repoRoot, 'netlify'), join(root, 'netlify'), { recursive: true });
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
