/**
 * A real Netlify Blobs server for function tests: a BlobsServer on a random port over a temporary
 * folder, wired into @netlify/blobs' environment context so getStore() in the functions uses it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { makeConditionalWritesAtomic } from '../../scripts/lib/atomic-blobs.mjs';

// Conditional writes are atomic on Netlify; the local server needs this patch to behave the same.
makeConditionalWritesAtomic(BlobsServer);

export interface TestBlobs {
  /** Every operation the server answered so far (get, set, list, delete…), in order, with its URL. */
  operations: Array<{ type: string; url: string }>;
  stop: () => Promise<void>;
}

/** Starts a BlobsServer and points getStore() at it. */
export async function startTestBlobs(): Promise<TestBlobs> {
  const directory = await mkdtemp(join(tmpdir(), 'blobs-test-'));
  const token = crypto.randomUUID();
  const operations: TestBlobs['operations'] = [];
  const server = new BlobsServer({ directory, token, onRequest: ({ type, url }) => void operations.push({ type, url }) });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, siteID: 'test-site', token });
  return {
    operations,
    async stop() {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
