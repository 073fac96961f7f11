/**
 * The key of a kept function build (scripts/lib/function-builds.mjs): the contents of its files, by their
 * path inside the project, with package-lock.json and netlify.toml. The same sources in another copy of the
 * project (the browser tests' throw-away root) give the same key; a change to any of them another.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inputsHash } from '../../scripts/lib/function-builds.mjs';

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
