/**
 * scripts/lib/atomic-blobs.mjs patches the local Blobs server of @netlify/blobs (its `put` and `get`, its
 * static `generateETag` and `walk`) so conditional writes are atomic, as on Netlify. The patch leans on the
 * shipped code's shape; these checks fail with a message naming what moved when an upgrade changes it,
 * instead of the patch silently doing nothing. @netlify/blobs is pinned to an exact version for that reason.
 */
import { readFileSync } from 'node:fs';
import { BlobsServer } from '@netlify/blobs/server';
import { describe, expect, test } from 'vitest';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const installed = JSON.parse(
  readFileSync(new URL('../../node_modules/@netlify/blobs/package.json', import.meta.url), 'utf8'),
) as { version: string };

// Read before any test file's helper patches it: each Vitest file runs in its own module graph.
const shipped = BlobsServer as unknown as Record<string, unknown> & { prototype: Record<string, unknown> };
const source = (name: string, fn: unknown) => {
  expect(typeof fn, `@netlify/blobs ${installed.version}: BlobsServer.${name} is gone — review scripts/lib/atomic-blobs.mjs`).toBe('function');
  return String(fn);
};

describe('the local Blobs server still has the shape atomic-blobs.mjs patches', () => {
  test('@netlify/blobs is pinned to an exact version, the one installed', () => {
    const pinned = manifest.dependencies['@netlify/blobs'];
    expect(pinned, 'pin @netlify/blobs exactly (no ^ or ~): an upgrade must go through these checks').toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed.version, 'node_modules holds another @netlify/blobs than package.json pins: run npm install').toBe(pinned);
  });

  test('put(request) reads the ETag through the class’s static generateETag, so the patched one is used', () => {
    const put = source('prototype.put', shipped.prototype.put);
    expect(put, 'put no longer takes the request as its one argument').toMatch(/^async put\(\w+\)/);
    expect(put, 'put no longer checks If-Match / If-None-Match itself').toMatch(/if-match[\s\S]*if-none-match/);
    expect(put, 'put no longer calls the static generateETag (patched for unique ETags)').toMatch(/BlobsServer\.generateETag\(/);
  });

  test('generateETag(filePath) and walk(options) are still static and called through the class', () => {
    expect(source('generateETag', shipped.generateETag), 'generateETag no longer takes a file path').toMatch(/generateETag\(filePath\)/);
    const walk = source('walk', shipped.walk);
    for (const field of ['directories', 'path', 'prefix', 'result', 'rootPath']) {
      expect(walk, `walk's options no longer carry « ${field} », which the patched walk reads`).toContain(field);
    }
    const list = source('prototype.listBlobs', shipped.prototype.listBlobs);
    expect(list, 'listBlobs no longer walks the store through the static walk (patched to skip vanishing files)').toMatch(/BlobsServer\.walk\(/);
  });

  test('get(request) finds its blob through parseAPIRequest and getLocalPaths, which the patched get calls to add the ETag', () => {
    const get = source('prototype.get', shipped.prototype.get);
    expect(get, 'get no longer takes the request as its one argument').toMatch(/^async get\(\w+\)/);
    expect(get, 'get no longer resolves its blob with parseAPIRequest and getLocalPaths').toMatch(/parseAPIRequest\([\s\S]*getLocalPaths\(/);
    expect(get, 'get no longer answers the API with a signed URL when asked (useSignedURL)').toContain('useSignedURL');
  });
});
