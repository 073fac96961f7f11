/**
 * Serves the production build exactly as Netlify would: static files from dist/, the functions of
 * netlify/functions, Netlify Blobs, and the redirects and headers of netlify.toml, through
 * Netlify's own emulation (@netlify/dev). Adds what @netlify/dev leaves out: the 404 page.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import pLimit from 'p-limit';

/*
 * Function build folders outlive the calls that use them. @netlify/dev builds a function into a folder
 * per call and deletes the folder when that call ends; but simultaneous calls share one build (and, under
 * steady load, its rebuilds go on into the first caller's folder), so a call whose worker was still
 * loading modules from a folder another call had just deleted failed with « Cannot find module
 * './triggers/InboundRule' » (a file of the mail client). Here the folders stay while calls run, and go
 * once no call has run for BUILDS_IDLE_MS (removing even a call's empty folder at its end made later
 * calls hang in the emulation).
 */
const BUILDS_IDLE_MS = 30_000;

/**
 * API calls handed to the emulation at once. @netlify/dev starts a worker for every function call and
 * gives up on calls that wait too long, so a burst of submissions (hundreds at once) would get 500s;
 * queued here instead, they are all answered, later. Netlify itself scales functions out.
 */
const MAX_CONCURRENT_API_CALLS = 8;

/**
 * The largest request body handed to the emulation: that of the largest form a function takes (a ticket's
 * 5 photos of 10 Mo with its fields, netlify/lib/tickets/ticket-form.ts TICKET_FORM_MAX_BYTES; a unit
 * test holds them equal). The emulation reads a body whole before the function runs, so a larger one is
 * refused here from its Content-Length before a byte is read (413), and a body sent without one stops
 * being read once past it: a stranger's 60 MB upload cost 8 s and 270 MB of memory before its 401.
 */
export const LOCAL_BODY_MAX_BYTES = 5 * 10 * 1024 * 1024 + 32 * 1024 + 64 * 1024;

/**
 * The largest body read for anyone: above every JSON body a function takes (the largest, « Résoudre »'s
 * report with its signature, src/features/tickets/staff.ts RESOLUTION_BODY_LIMIT_BYTES; a unit test holds
 * it). An API call with a larger body, or one of unknown length (chunked), is first asked of its function
 * with its headers and no body (BODY_CHECK_HEADER, netlify/lib/api/endpoint.ts): a caller without a session
 * or the permission gets its refusal (401, 403…) at once, nothing of the body read — a stranger's 49 MB cost
 * 380 MB of memory before its 401 — and a public call is read up to this size only.
 */
export const LOCAL_OPEN_BODY_MAX_BYTES = 256 * 1024;

/** The header of that question and of its answer (netlify/lib/api/endpoint.ts holds the same name; a unit test holds them equal). */
export const BODY_CHECK_HEADER = 'x-site-body-check';

/** The French sentence of a body over the limit (the API's `body_too_large`). */
const BODY_TOO_LARGE = 'La requête est trop volumineuse.';


/**
 * Starts the server and resolves once it listens: on the loopback (127.0.0.1 and ::1), so only this computer
 * reaches it, unless `host` names another address (`HOST=0.0.0.0 npm start` opens it to the network on purpose).
 * Function builds are kept under `buildsCache` (default `<projectRoot>/.netlify/functions-builds`), so a
 * function whose inputs did not change is not built again, by the next call nor by the next start
 * (lib/function-builds.mjs).
 * @param {{ projectRoot: string, port: number, host?: string, quiet?: boolean, buildsCache?: string, sourceRoot?: string }} options
 *   (sourceRoot: the project a throw-away projectRoot links, see isolatedProjectRoot)
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startSiteServer({ projectRoot, port, host, quiet = false, buildsCache, sourceRoot }) {
  // Netlify's emulation is loaded here, by the server that runs it: the scripts that import this file for its
  // other helpers (a throw-away project root, the list of functions) answer `--help` without its 2 s of loading.
  const [{ BlobsServer }, { NetlifyDev }, { shouldBase64Encode }, { makeConditionalWritesAtomic }, { keepFunctionBuilds }, { keepEmulationOnLoopback, LOOPBACK }] = await Promise.all([
    import('@netlify/blobs/server'),
    import('@netlify/dev'),
    import('@netlify/dev-utils'),
    import('./atomic-blobs.mjs'),
    import('./function-builds.mjs'),
    import('./loopback.mjs'),
  ]);
  const logger = quiet ? { log() {}, warn: console.warn, error: console.error } : console;
  // Tells the functions they run on a developer's machine, as `netlify dev` does: e-mails then stay in
  // the local outbox instead of waiting for a Postmark token (netlify/lib/env.ts, isNetlifyRuntime).
  process.env.NETLIFY_DEV = 'true';
  const url = `http://${host && host !== '0.0.0.0' && host !== '::' ? (host.includes(':') ? `[${host}]` : host) : 'localhost'}:${port}`;
  // Every link the functions write (e-mails, devis, passkeys' relying party) is on SITE_URL, never on a
  // request's Host (netlify/lib/http/site-url.ts): locally that is this server's own address, so a link
  // received in the local outbox opens this site. A server opened to the network (HOST) keeps a SITE_URL
  // given in the environment: the address the other devices reach it at.
  if (!host || !process.env.SITE_URL?.trim()) process.env.SITE_URL = url;
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
  // @netlify/dev starts this same BlobsServer class: its conditional writes must be atomic, as on Netlify,
  // and it listens on the loopback only, whatever `host` says.
  makeConditionalWritesAtomic(BlobsServer);
  keepEmulationOnLoopback();
  const builds = keepFunctionBuilds({ projectRoot, sourceRoot, cacheRoot: buildsCache ?? join(projectRoot, '.netlify', 'functions-builds') });
  await netlifyDev.start();
  const notFoundRewrites = await statusRewrites(netlifyDev, 404);
  const publishDir = join(projectRoot, 'dist');
  // At most that many calls at a time; the others wait in arrival order.
  const apiTurn = pLimit(MAX_CONCURRENT_API_CALLS);
  const buildsRoot = join(projectRoot, '.netlify', 'functions-serve', `_site-server-${process.pid}`);
  await rm(buildsRoot, { recursive: true, force: true });
  await mkdir(buildsRoot, { recursive: true });

  let callsRunning = 0;
  let idleCleanup;

  /**
   * Runs a request through the emulation with a build folder that outlives the call (see above): what
   * @netlify/dev's handleAndIntrospectNodeRequest does, but for when the folder goes. `body`: how its body is
   * read (`{ limit, onOverLimit }`), or `{ check: true }` for the question before a large body (none sent).
   */
  async function handleThroughNetlify(nodeRequest, body) {
    callsRunning += 1;
    clearTimeout(idleCleanup);
    const requestId = randomUUID();
    let buildFolder = '';
    let writeRequest;
    try {
      buildFolder = await mkdtemp(join(buildsRoot, '_'));
      return await netlifyDev.handleInEphemeralDirectory(
        webRequest(nodeRequest, requestId, undefined, shouldBase64Encode),
        () => (writeRequest ??= webRequest(nodeRequest, requestId, body, shouldBase64Encode)),
        buildFolder,
        {},
      );
    } finally {
      callsRunning -= 1;
      if (callsRunning === 0) {
        idleCleanup = setTimeout(async () => {
          // Only the folders there now: a call starting meanwhile makes a new one, which stays.
          const folders = await readdir(buildsRoot).catch(() => []);
          if (callsRunning === 0) await Promise.all(folders.map((folder) => rm(join(buildsRoot, folder), { recursive: true, force: true })));
        }, BUILDS_IDLE_MS);
        idleCleanup.unref();
      }
    }
  }

  const handleRequest = async (nodeRequest, nodeResponse) => {
    // Set once a body over its limit has been answered 413: whatever the emulation makes of the cut body is dropped.
    let refused = false;
    const refuse = (why) => {
      refused = true;
      console.warn(`server: ${nodeRequest.method} ${nodeRequest.url} refused (413): body ${why}`);
      return answerUnread(nodeRequest, nodeResponse, new Response(JSON.stringify({ success: false, error: BODY_TOO_LARGE }), { status: 413, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } }));
    };
    try {
      forgetClientForwarding(nodeRequest);
      const declared = nodeRequest.headers['content-length'] === undefined ? undefined : Number(nodeRequest.headers['content-length']);
      if (declared !== undefined && declared > LOCAL_BODY_MAX_BYTES) return await refuse(`of ${declared} bytes declared, over ${LOCAL_BODY_MAX_BYTES}`);
      const origin = `http://${nodeRequest.headers.host ?? `localhost:${port}`}`;
      const isApi = nodeRequest.url?.startsWith('/api/') ?? false;
      const sendsBody = !['GET', 'HEAD'].includes(nodeRequest.method ?? 'GET') && (declared === undefined ? nodeRequest.headers['transfer-encoding'] !== undefined : declared > 0);
      let limit = LOCAL_BODY_MAX_BYTES;
      if (isApi && sendsBody && !(declared !== undefined && declared <= LOCAL_OPEN_BODY_MAX_BYTES)) {
        // Who may send a body this large (or of unknown length) is asked first, without it.
        const checked = (await apiTurn(() => handleThroughNetlify(nodeRequest, { check: true })))?.response ?? (await notFound(netlifyDev, origin));
        if (checked.status !== 204) return await answerUnread(nodeRequest, nodeResponse, checked);
        if (checked.headers.get(BODY_CHECK_HEADER) !== 'signed-in') limit = LOCAL_OPEN_BODY_MAX_BYTES;
        if (declared !== undefined && declared > limit) return await refuse(`of ${declared} bytes declared, over ${limit} for a public call`);
      }
      const body = { limit, onOverLimit: () => refuse(`sent without a length, over ${limit} bytes`) };
      const handle = () => handleThroughNetlify(nodeRequest, body);
      const result = isApi ? await apiTurn(handle) : await handle();
      if (refused) return;
      let response = result?.response ?? (await notFound(netlifyDev, origin));
      // @netlify/dev serves a `status = 404` rewrite with its target's 200; Netlify answers 404.
      if (result?.type === 'redirect' && response.status === 200 && !isBuiltPage(publishDir, nodeRequest.url) && notFoundRewrites.some((matches) => matches(nodeRequest.url ?? '/'))) {
        response = new Response(response.body, { status: 404, headers: response.headers });
      }
      if (response.status >= 500) response = await logServerError(nodeRequest, response);
      await send(nodeResponse, response, nodeRequest.method === 'HEAD');
    } catch (error) {
      if (refused) return;
      console.error(`server: ${nodeRequest.method} ${nodeRequest.url} failed`, error);
      if (!nodeResponse.headersSent) nodeResponse.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      nodeResponse.end('Erreur interne du serveur local.');
    }
  };

  const servers = await listenOn(host ? [host] : [LOOPBACK, '::1'], port, handleRequest);

  return {
    url,
    /** Builds every function ahead (see warmFunctions), or takes its kept build; resolves with what it did. */
    /** `only`: the names of the functions to warm (default: all). `built` and `reused`: the functions this server built, and those whose kept build it took, so far. */
    warmUp: async ({ only } = {}) => ({ ...(await warmFunctions(url, projectRoot, { only })), built: [...builds.stats.built], reused: [...builds.stats.reused] }),
    async close() {
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(() => resolve(undefined)))));
      await netlifyDev.stop();
      builds.restore();
      clearTimeout(idleCleanup);
      await rm(buildsRoot, { recursive: true, force: true });
    },
  };
}

/**
 * Every function's first call under @netlify/dev builds it (bundling its modules), later calls reuse that
 * build; so the first contact form sent after `npm start` seemed stuck. This makes that first call before
 * the site says it is ready: one request per function, on its first path, with the method OPTIONS, which
 * every route refuses (405) before reading anything, storing anything or sending anything; `/api/…` paths
 * no function answers go to `api-not-found`, warmed the same way. The scheduled functions (mail-outbox,
 * purge-expired, scheduled-publication) are left alone: any call runs their job (scheduled-publication may
 * call the production build hook), and nobody waits on them.
 * A warm-up call never stops the server: it has no time limit (a build on a busy machine took minutes, past
 * fetch's own limit, and `npm start` died of it), a call that fails is tried again, and one that still fails
 * is only reported; that function is then built by its first real call.
 * @param {string} url the running server
 * @param {string} projectRoot
 * @param {{ warn?: (line: string) => void, only?: Set<string> }} [options] only: the names of the functions to warm (default: all)
 * @returns {Promise<{ functions: number, ms: number, failed: string[] }>}
 */
export async function warmFunctions(url, projectRoot, { warn = console.warn, only } = {}) {
  const started = Date.now();
  const paths = (await warmableFunctions(projectRoot)).filter(({ name }) => !only || only.has(name)).map(({ path }) => path);
  const failed = [];
  await Promise.all(
    paths.map(async (path) => {
      for (let attempt = 1; attempt <= WARM_UP_ATTEMPTS; attempt += 1) {
        const answer = await optionsCall(new URL(path, url)).catch((error) => ({ error }));
        if (answer.status !== undefined && answer.status < 500) return;
        const why = answer.error ? String(answer.error.message ?? answer.error) : `réponse ${answer.status}`;
        if (attempt === WARM_UP_ATTEMPTS) {
          failed.push(path);
          warn(`  Préparation de ${path} : ${why} ; la fonction sera construite à son premier appel.`);
        }
      }
    }),
  );
  return { functions: paths.length, ms: Date.now() - started, failed };
}

/**
 * The functions a path reaches, by name (their file's), each with the path its warm-up call takes: the first of
 * its config (`path: '/api/contact/:id'` or a list), parameters given a placeholder. The scheduled ones are not
 * warmed (see warmFunctions).
 * @param {string} projectRoot
 * @returns {Promise<Array<{ name: string, path: string }>>}
 */
export async function warmableFunctions(projectRoot) {
  const folder = join(projectRoot, 'netlify', 'functions');
  const found = [];
  for (const file of await functionFiles(projectRoot)) {
    const source = await readFile(join(folder, file), 'utf8');
    if (/\bschedule\s*:/.test(source)) continue;
    const path = /\bpath\s*:\s*\[?\s*'([^']+)'/.exec(source)?.[1] ?? '/api/_prechauffage';
    found.push({ name: file.replace(/\.m?[jt]s$/, ''), path: path.replace(/:[a-zA-Z]+/g, '_') });
  }
  return found;
}

/**
 * What `npm start` prints once the functions are ready. Every function is built, the scheduled ones too (the
 * emulation builds them); only those a path reaches get a warm-up call: the sentence gives both figures,
 * so neither reads as the other (« 17 fonctions prêtes … : 14 répondent à une adresse … 3 sont des tâches
 * planifiées »). The benchmarks read its « N fonctions prêtes en N s ».
 * @param {{ seconds: number, built: number, builtElsewhere: number, reused: number, called: number, failed: number, scheduled: number }} figures
 *   built: functions built by this start (builtElsewhere of them by the second process); reused: kept builds
 *   taken; called: functions a path reaches that answered their warm-up call; failed: those that did not.
 */
export function warmUpSentence({ seconds, built, builtElsewhere, reused, called, failed, scheduled }) {
  const detail = [
    `${built} construite${plural(built)}${builtElsewhere > 0 ? `, dont ${builtElsewhere} par un second processus` : ''}`,
    `${reused} reprise${plural(reused)} de la construction précédente`,
    ...(failed > 0 ? [`${failed} à construire au premier appel`] : []),
  ].join(', ');
  const reached = `${called} ${called > 1 ? 'répondent à une adresse et ont été appelées' : 'répond à une adresse et a été appelée'} une fois d’avance`;
  return `${built + reused} fonctions prêtes en ${seconds.toFixed(1)} s (${detail})\u00a0: ${reached}, ${scheduled} ${scheduled > 1 ? 'sont des tâches planifiées' : 'est une tâche planifiée'}.`;
}

/** French plural: none or one takes the singular. */
const plural = (count) => (count > 1 ? 's' : '');

/**
 * The files of every function of the site (netlify/functions), scheduled ones included, sorted.
 * @param {string} projectRoot
 * @returns {Promise<string[]>}
 */
export async function functionFiles(projectRoot) {
  return (await readdir(join(projectRoot, 'netlify', 'functions'))).filter((name) => /\.m?[jt]s$/.test(name)).sort();
}

/** Tries of one warm-up call before it is only reported. */
const WARM_UP_ATTEMPTS = 3;

/**
 * An OPTIONS request answered by its status, with no time limit (node:http; fetch gives up on headers after
 * 300 s).
 * @param {URL} url
 * @returns {Promise<{ status: number }>}
 */
function optionsCall(url) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'OPTIONS' }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * One HTTP server per address, all with the same handler. An address this computer lacks (::1 where IPv6 is
 * off) is skipped; the first address must be there.
 * @param {string[]} hosts
 * @param {number} port
 * @param {import('node:http').RequestListener} handler
 */
async function listenOn(hosts, port, handler) {
  const servers = [];
  for (const [index, address] of hosts.entries()) {
    const server = createServer(handler);
    // A client reuses an idle kept-alive connection; Node closes one after 5 s by default, and a request sent
    // just as it closes fails with ECONNRESET (a browser test's API call did). Netlify's edge keeps them longer.
    server.keepAliveTimeout = 120_000;
    server.headersTimeout = 121_000;
    try {
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, address, resolve);
      });
      servers.push(server);
    } catch (error) {
      if (index === 0 || !['EADDRNOTAVAIL', 'EAFNOSUPPORT'].includes(error.code)) {
        for (const started of servers) started.close();
        throw error;
      }
    }
  }
  return servers;
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

/**
 * The client's address is the socket's, as Netlify's edge gives the real one: forwarding headers the
 * client wrote are dropped, and X-Forwarded-For is set to the socket address, which @netlify/dev hands
 * the function as `context.ip`. No client can choose its address, nor any other platform header (x-nf-*),
 * nor ask the question before a large body (BODY_CHECK_HEADER) in this server's place.
 * @param {import('node:http').IncomingMessage} nodeRequest
 */
function forgetClientForwarding(nodeRequest) {
  for (const name of Object.keys(nodeRequest.headers)) {
    if (name.startsWith('x-nf-') || name === BODY_CHECK_HEADER || name === 'x-forwarded-for' || name === 'x-real-ip' || name === 'client-ip' || name === 'forwarded') {
      delete nodeRequest.headers[name];
    }
  }
  nodeRequest.headers['x-forwarded-for'] = nodeRequest.socket.remoteAddress ?? '';
}

/**
 * A web Request for the emulation from a Node request (as @netlify/dev builds it): without its body for
 * matching (`body` undefined) and for the question before a large body (`{ check: true }`: with
 * BODY_CHECK_HEADER, no length), with it for handling (`{ limit, onOverLimit }`: read up to `limit` bytes).
 * @param {import('node:http').IncomingMessage} nodeRequest
 * @param {{ check: true } | { limit: number, onOverLimit: () => unknown } | undefined} body
 */
function webRequest(nodeRequest, requestId, body, shouldBase64Encode) {
  const url = new URL(nodeRequest.url ?? '/', `http://${nodeRequest.headers.host ?? 'localhost'}`);
  const method = nodeRequest.method?.toUpperCase() ?? 'GET';
  const headers = [];
  for (const [name, value] of Object.entries(nodeRequest.headers)) {
    if (name.startsWith(':')) continue;
    if (body?.check && (name === 'content-length' || name === 'transfer-encoding')) continue;
    if (Array.isArray(value)) headers.push([name, value.join(',')]);
    else if (typeof value === 'string') headers.push([name, value]);
  }
  headers.push(['x-nf-request-id', requestId]);
  if (body?.check) headers.push([BODY_CHECK_HEADER, '1']);
  if (method === 'GET' || method === 'HEAD' || !body || body.check) return new Request(url, { method, headers, body: null, duplex: 'half' });
  // The emulation (@netlify/functions-dev) reads a body as text, then hands it to the function as base64
  // unless its type is text (JSON, url-encoded forms, text/*): it would decode text that never was base64,
  // and a form with photos reached the function as a few bytes of noise. Such a body is given to it in
  // base64, so the function receives its bytes, as on Netlify.
  const binary = shouldBase64Encode(nodeRequest.headers['content-type'] ?? '');
  const capped = Readable.from(upTo(nodeRequest, body.limit, body.onOverLimit));
  const readable = binary ? Readable.toWeb(Readable.from(inBase64(capped))) : Readable.toWeb(capped);
  return new Request(url, { method, headers, body: readable, duplex: 'half' });
}

/**
 * A request's body, which stops being read past `limit` bytes (a body sent without Content-Length): the
 * client is answered 413 (`onOverLimit`) and nothing more is read.
 * @param {import('node:http').IncomingMessage} nodeRequest
 * @param {number} limit
 * @param {() => unknown} onOverLimit
 */
async function* upTo(nodeRequest, limit, onOverLimit) {
  let size = 0;
  for await (const chunk of nodeRequest) {
    size += chunk.length;
    if (size > limit) {
      await onOverLimit();
      throw new Error(`request body over ${limit} bytes`);
    }
    yield chunk;
  }
}

/**
 * Answers a request whose body is left unread (refused before or while reading it), then closes the
 * connection, so the rest of the body is never read.
 * @param {import('node:http').IncomingMessage} nodeRequest
 * @param {import('node:http').ServerResponse} nodeResponse
 * @param {Response} response
 */
async function answerUnread(nodeRequest, nodeResponse, response) {
  if (nodeResponse.headersSent) return;
  const closing = new Response(response.body, { status: response.status, headers: response.headers });
  closing.headers.set('connection', 'close');
  closing.headers.delete(BODY_CHECK_HEADER);
  // The socket, held now: the request lets go of it once the answer is sent.
  const { socket } = nodeRequest;
  await send(nodeResponse, closing, nodeRequest.method === 'HEAD');
  // The answer is flushed before the connection ends; a client still sending is cut soon after.
  socket?.end();
  if (socket) setTimeout(() => socket.destroy(), 2_000).unref();
}

/**
 * A request's body in base64, in one piece.
 * @param {AsyncIterable<Buffer>} body
 */
async function* inBase64(body) {
  const chunks = [];
  for await (const chunk of body) chunks.push(chunk);
  yield Buffer.from(Buffer.concat(chunks).toString('base64'));
}

/**
 * Logs a 5xx with its cause (the body the emulation or the function answered), so none goes unseen,
 * and gives the client a JSON body on /api/ paths.
 */
async function logServerError(nodeRequest, response) {
  const text = await response.text().catch(() => '');
  console.error(`server: ${nodeRequest.method} ${nodeRequest.url} answered ${response.status}: ${text.slice(0, 2000)}`);
  if (!nodeRequest.url?.startsWith('/api/') || (response.headers.get('content-type') ?? '').includes('application/json')) {
    return new Response(text, { status: response.status, headers: response.headers });
  }
  return new Response(JSON.stringify({ success: false, error: 'Une erreur interne est survenue. Veuillez réessayer plus tard.' }), {
    status: response.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
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
  for (const entry of ['netlify.toml', 'package.json', 'package-lock.json', 'dist', 'node_modules', 'src', 'content']) {
    await symlink(join(repoRoot, entry), join(root, entry));
  }
  await cp(join(repoRoot, 'netlify'), join(root, 'netlify'), { recursive: true });
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
