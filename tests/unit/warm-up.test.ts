/**
 * `npm start`'s warm-up (warmFunctions in scripts/lib/site-server.mjs) never stops the server: a call that
 * fails or answers 5xx is tried again, then only reported; a slow one is waited for, with no time limit.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { functionFiles, warmableFunctions, warmFunctions, warmUpSentence } from '../../scripts/lib/site-server.mjs';

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

describe('the sentence npm start prints once the functions are ready', () => {
  it('counts every function built, and says which were called ahead and which are scheduled jobs', async () => {
    const root = projectWith(['/api/a', '/api/b']);
    const called = (await warmableFunctions(root)).length;
    const scheduled = (await functionFiles(root)).length - called;
    expect(warmUpSentence({ seconds: 12.34, built: 2, builtElsewhere: 1, reused: 1, called, failed: 0, scheduled })).toBe(
      '3 fonctions prêtes en 12.3 s (2 construites, dont 1 par un second processus, 1 reprise de la construction précédente)\u00a0: 2 répondent à une adresse et ont été appelées une fois d’avance, 1 est une tâche planifiée.',
    );
    expect(warmUpSentence({ seconds: 3, built: 0, builtElsewhere: 0, reused: 16, called: 13, failed: 1, scheduled: 3 })).toBe(
      '16 fonctions prêtes en 3.0 s (0 construite, 16 reprises de la construction précédente, 1 à construire au premier appel)\u00a0: 13 répondent à une adresse et ont été appelées une fois d’avance, 3 sont des tâches planifiées.',
    );
  });
});
