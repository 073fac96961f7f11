/**
 * One cold start, inside a fresh worker thread (as Netlify's runtime and @netlify/dev start a function):
 * imports the function's bundle, calls its default export with a Request and a minimal Context, reads
 * the whole answer, and posts its status back with the time its import took. The parent
 * (scripts/bench-cold.mjs) times it all.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { entry, url, method, params } = workerData;

/** What Functions v2 hand a handler besides the request, as far as a handler of this site reads it. */
const context = {
  ip: '127.0.0.1',
  params,
  requestId: 'bench-cold',
  url: new URL(url),
  site: { id: '0', name: 'bench-cold', url: new URL(url).origin },
  deploy: { context: 'dev', id: '0', published: false },
  server: { region: 'dev' },
  account: { id: '0' },
  geo: {},
  cookies: { get: () => undefined, set: () => {}, delete: () => {} },
  json: (data, init) => Response.json(data, init),
  next: () => {
    throw new Error('context.next() is for edge functions');
  },
  // What a function leaves to do after its answer is not timed: the parent ends the worker at the answer.
  waitUntil: (promise) => void Promise.resolve(promise).catch(() => {}),
};

try {
  const importing = performance.now();
  const handler = (await import(entry)).default;
  const importMs = performance.now() - importing;
  const response = await handler(new Request(url, { method }), context);
  await response.arrayBuffer();
  parentPort.postMessage({ status: response.status, importMs });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
