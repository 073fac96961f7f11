/**
 * Makes the local Netlify Blobs server (`BlobsServer` of @netlify/blobs, used by `npm start` through
 * @netlify/dev and by the function tests) honour conditional writes the way the Netlify service does.
 *
 * As shipped, it checks `If-Match` / `If-None-Match` and writes the file in separate asynchronous steps,
 * so two conditional writes arriving together both pass the check and the last one silently wins; and
 * its ETag is derived from the file's modification time in milliseconds, so two writes in the same
 * millisecond share an ETag. 200 concurrent increments of one counter then yield about 25 distinct
 * values. Netlify's service applies a conditional write atomically; the code of this site (request
 * references, outbox claims, idempotency keys) relies on that. This patch, applied once per process:
 * - runs the writes to one key one at a time (check and write can no longer interleave);
 * - gives every version of a blob its own ETag (a hash of its content, inode and nanosecond time);
 * - lists a store without tripping over a file that a concurrent write renames away while the listing
 *   walks the folder (as shipped, that answers an empty list for the whole store);
 * - answers a blob's read with its ETag, as Netlify's service does (as shipped, only a listing carries
 *   it): a read-modify-write then costs one read and one write here as there, not a listing more, so the
 *   Blobs calls counted locally are those a function makes in production. The read runs in its key's turn,
 *   so the ETag is that of the content it answers.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const PATCHED = Symbol.for('visionstore.atomicBlobsServer');

/**
 * Patches the BlobsServer class in place (idempotent).
 * @param {any} BlobsServer the class exported by `@netlify/blobs/server`
 */
export function makeConditionalWritesAtomic(BlobsServer) {
  if (BlobsServer[PATCHED]) return;
  BlobsServer[PATCHED] = true;

  /** @type {Map<string, Promise<unknown>>} */
  const queues = new Map();
  /** Runs `task` after every earlier read and write of the same blob. */
  const inTurn = (request, task) => {
    const key = new URL(request.url ?? '', 'http://localhost').pathname;
    const previous = queues.get(key) ?? Promise.resolve();
    const run = previous.then(task);
    const settled = run.catch(() => undefined);
    queues.set(key, settled);
    settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return run;
  };
  const originalPut = BlobsServer.prototype.put;
  BlobsServer.prototype.put = function put(request) {
    return inTurn(request, () => originalPut.call(this, request));
  };

  const originalGet = BlobsServer.prototype.get;
  BlobsServer.prototype.get = function get(request) {
    const apiMatch = this.parseAPIRequest(request);
    const { dataPath, key } = this.getLocalPaths(apiMatch?.url ?? new URL(request.url ?? '', this.address));
    // A listing, or the API's answer naming a signed URL to read from: as shipped.
    if (!key || !dataPath || apiMatch?.useSignedURL) return originalGet.call(this, request);
    return inTurn(request, async () => {
      const response = await originalGet.call(this, request);
      if (response.status !== 200) return response;
      const etag = await BlobsServer.generateETag(dataPath);
      if (!etag) return response;
      const headers = new Headers(response.headers);
      headers.set('etag', etag);
      return new Response(response.body, { status: response.status, headers });
    });
  };

  BlobsServer.generateETag = async (/** @type {string} */ filePath) => {
    try {
      const [content, stats] = await Promise.all([readFile(filePath), stat(filePath, { bigint: true })]);
      const hash = createHash('sha256').update(content).update(`${stats.ino}:${stats.mtimeNs}:${filePath}`).digest('hex');
      return `"${hash}"`;
    } catch {
      return '';
    }
  };

  /** The listing walk of the shipped server, minus its temporary files and the entries that vanish meanwhile. */
  BlobsServer.walk = async function walk(/** @type {any} */ options) {
    const { directories, path, prefix, result, rootPath } = options;
    for (const entry of await readdir(path)) {
      // `.xxxx` files are the server's own temporary files, renamed into place by a write.
      if (entry.startsWith('.')) continue;
      const entryPath = join(path, entry);
      let stats;
      try {
        stats = await stat(entryPath);
      } catch (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') continue;
        throw error;
      }
      let key = relative(rootPath, entryPath);
      if (sep !== '/') key = key.split(sep).join('/');
      if (!prefix.startsWith(key.slice(0, prefix.length))) continue;
      if (!stats.isDirectory()) {
        const etag = await BlobsServer.generateETag(entryPath);
        if (etag) result.blobs?.push({ etag, key, last_modified: stats.mtime.toISOString(), size: stats.size });
        continue;
      }
      if (directories && key.startsWith(prefix)) {
        result.directories?.push(key);
        continue;
      }
      await BlobsServer.walk({ directories, path: entryPath, prefix, rootPath, result });
    }
  };
}
