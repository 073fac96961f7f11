/**
 * `npm start`'s warm-up (warmFunctions in scripts/lib/site-server.mjs) never stops the server: a call that
 * fails or answers 5xx is tried again, then only reported; a slow one is waited for, with no time limit.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { warmableFunctions, warmFunctions } from '../../scripts/lib/site-server.mjs';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** A project whose functions folder holds one function per path, and a scheduled job (never called). */
function projectWith(paths: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'warm-up-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'netlify', 'functions'), { recursive: true });
  paths.forEach((path, index) => writeFileSync(join(root, 'netlify', 'functions', `f${index}.mts`), `export const config = {\n  path: [\n    '${path}',\n  ],\n};\n`));
  writeFileSync(join(root, 'netlify', 'functions', 'job.mts'), "export const config = { schedule: '@daily' };\n");
  return root;
}

/** A server answering each path as `answer` says, counting the calls. */
async function serverAnswering(answer: (path: string, call: number) => 'reset' | number | Promise<number>): Promise<{ url: string; calls: Map<string, number> }> {
  const calls = new Map<string, number>();
  const server: Server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    calls.set(path, (calls.get(path) ?? 0) + 1);
    const status = await answer(path, calls.get(path)!);
    if (status === 'reset') return request.socket.destroy();
    response.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, calls };
}

describe('the warm-up', () => {
  it('calls each function once with OPTIONS, its parameters filled, and skips the scheduled jobs', async () => {
    const { url, calls } = await serverAnswering(() => 405);
    const result = await warmFunctions(url, projectWith(['/api/tickets', '/api/contact/:id']), { warn: () => {} });
    expect(result).toMatchObject({ functions: 2, failed: [] });
    expect([...calls.entries()].sort()).toEqual([['/api/contact/_', 1], ['/api/tickets', 1]]);
  });

  it('tries a failed call again, and reports one that keeps failing without throwing', async () => {
    const warnings: string[] = [];
    const { url, calls } = await serverAnswering((path, call) => (path === '/api/a' ? (call === 1 ? 'reset' : 405) : 500));
    const result = await warmFunctions(url, projectWith(['/api/a', '/api/b']), { warn: (line: string) => warnings.push(line) });
    expect(result.failed).toEqual(['/api/b']);
    expect(calls.get('/api/a')).toBe(2);
    expect(calls.get('/api/b')).toBe(3);
    expect(warnings).toEqual(['  Préparation de /api/b : réponse 500 ; la fonction sera construite à son premier appel.']);
  });

  it('warms only the functions named, by their file, when asked (the two processes of a first start share them)', async () => {
    const { url, calls } = await serverAnswering(() => 405);
    const root = projectWith(['/api/tickets', '/api/contact/:id', '/api/health']);
    expect((await warmableFunctions(root)).map(({ name }) => name)).toEqual(['f0', 'f1', 'f2']);
    const result = await warmFunctions(url, root, { warn: () => {}, only: new Set(['f0', 'f2']) });
    expect(result).toMatchObject({ functions: 2, failed: [] });
    expect([...calls.keys()].sort()).toEqual(['/api/health', '/api/tickets']);
  });

  it('waits for a slow build', async () => {
    const { url } = await serverAnswering(() => new Promise((resolve) => setTimeout(() => resolve(405), 1500)));
    expect((await warmFunctions(url, projectWith(['/api/lente']), { warn: () => {} })).failed).toEqual([]);
  });
});
