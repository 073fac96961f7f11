/**
 * The key of a kept function build (scripts/lib/function-builds.mjs): the contents of its files, by their
 * path inside the project, with package-lock.json and netlify.toml. The same sources in another copy of the
 * project (the browser tests' throw-away root) give the same key; a change to any of them another. A kept
 * build is used only if its code lies in its own folder: the one the next start keeps when it prunes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inputsHash, keptBuildIsCurrent } from '../../scripts/lib/function-builds.mjs';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'builds-key-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const sources = { 'netlify/functions/tickets.mts': 'export default 1;\n', 'src/lib/api-routes.ts': 'export const API = {};\n', 'package-lock.json': '{}', 'netlify.toml': '[functions]\n' };
const files = ['netlify/functions/tickets.mts', 'src/lib/api-routes.ts'];

describe('a kept build’s key', () => {
  it('is the same for the same sources in another copy of the project', async () => {
    expect(await inputsHash(project(sources), files)).toBe(await inputsHash(project(sources), files));
  });

  it('changes with a source, the lockfile or netlify.toml', async () => {
    const key = await inputsHash(project(sources), files);
    expect(await inputsHash(project({ ...sources, 'src/lib/api-routes.ts': 'export const API = { a: 1 };\n' }), files)).not.toBe(key);
    expect(await inputsHash(project({ ...sources, 'package-lock.json': '{ "lockfileVersion": 3 }' }), files)).not.toBe(key);
    expect(await inputsHash(project({ ...sources, 'netlify.toml': '[functions]\n  node_bundler = "esbuild"\n' }), files)).not.toBe(key);
  });
});

describe('a kept build', () => {
  /** A kept build of `tickets` (its manifest, its folder) whose code is at `codeIn` (a folder of the cache). */
  async function keptBuild(codeIn: (cache: string, target: string) => string) {
    const root = project(sources);
    const cache = join(root, '.netlify', 'functions-builds');
    const target = join(cache, 'tickets', 'build-b');
    const buildPath = join(codeIn(cache, target), 'tickets', '___netlify-entry-point.mjs');
    mkdirSync(join(buildPath, '..'), { recursive: true });
    writeFileSync(buildPath, 'export const handler = () => {};\n');
    const manifest = { version: 2, hash: await inputsHash(root, files), files, target, buildData: { buildPath, srcFiles: files } };
    writeFileSync(join(cache, 'tickets', 'build.json'), JSON.stringify(manifest));
    return { root, cache };
  }

  it('is used while its inputs are unchanged and its code is in its folder', async () => {
    const { root, cache } = await keptBuild((_cache, target) => target);
    expect(await keptBuildIsCurrent(cache, 'tickets', root)).toBe(true);
  });

  it('is built again when its manifest names code in another build’s folder (pruned as old)', async () => {
    const { root, cache } = await keptBuild((cacheRoot) => join(cacheRoot, 'tickets', 'build-a'));
    expect(await keptBuildIsCurrent(cache, 'tickets', root)).toBe(false);
  });
});
