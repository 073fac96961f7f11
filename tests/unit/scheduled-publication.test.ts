/**
 * The daily publication job against a local stand-in for the live site (its publication.json) and for
 * Netlify's build hook, on fake days: the hook is called on the day an article is due, and only then.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { publishDueArticles } from '../../netlify/lib/publication/scheduled-publication';
import scheduledFunction, { config } from '../../netlify/functions/scheduled-publication.mts';

/** What the fake live site says it held back, and the build hook's calls. */
let upcoming: string[] = [];
let hookCalls = 0;
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/actualites/publication.json') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ upcoming }));
    } else if (request.url === '/build_hooks/abc' && request.method === 'POST') {
      hookCalls += 1;
      // Netlify answers a build hook with 200 and an empty body.
      response.end();
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  upcoming = [];
  hookCalls = 0;
});

const lines: string[] = [];
const run = (now: string, { withHook = true } = {}) =>
  publishDueArticles(new Date(now), { siteUrl: origin, buildHookUrl: withHook ? `${origin}/build_hooks/abc` : undefined, log: (line) => lines.push(line) });

describe('scheduled publication', () => {
  test('an article dated 1 December: no build the mornings before, a build on 1 December (Martinique), none once it is live', async () => {
    upcoming = ['2026-12-01'];
    expect((await run('2026-11-30T09:00:00Z')).action).toBe('nothing-due');
    // 1 December 02:00 UTC is still 30 November in Martinique.
    expect((await run('2026-12-01T02:00:00Z')).action).toBe('nothing-due');
    expect(hookCalls).toBe(0);

    expect(await run('2026-12-01T09:00:00Z')).toEqual({ action: 'build-requested', today: '2026-12-01', due: ['2026-12-01'] });
    expect(hookCalls).toBe(1);

    // The new build published it: the live site no longer holds anything back.
    upcoming = [];
    expect((await run('2026-12-02T09:00:00Z')).action).toBe('nothing-due');
    expect(hookCalls).toBe(1);
  });

  test('a day missed (a failed build) is caught up the next morning', async () => {
    upcoming = ['2026-12-01', '2027-01-15'];
    expect(await run('2026-12-03T09:00:00Z')).toMatchObject({ action: 'build-requested', due: ['2026-12-01'] });
    expect(hookCalls).toBe(1);
  });

  test('without BUILD_HOOK_URL it logs what is due and calls nothing', async () => {
    upcoming = ['2026-12-01'];
    lines.length = 0;
    expect((await run('2026-12-01T09:00:00Z', { withHook: false })).action).toBe('no-build-hook');
    expect(hookCalls).toBe(0);
    expect(lines.join('\n')).toContain('BUILD_HOOK_URL is not set');
  });

  test('a live site that cannot be read is reported as a failure, and no build is requested', async () => {
    const outcome = await publishDueArticles(new Date('2026-12-01T09:00:00Z'), { siteUrl: 'http://127.0.0.1:1', buildHookUrl: `${origin}/build_hooks/abc`, log: () => {} });
    expect(outcome.action).toBe('failed');
    expect(hookCalls).toBe(0);
  });

  test('the function runs daily at 05:00 in Martinique (09:00 UTC) and reads URL and BUILD_HOOK_URL', async () => {
    expect(config.schedule).toBe('0 9 * * *');
    upcoming = ['2000-01-01'];
    process.env.URL = origin;
    process.env.BUILD_HOOK_URL = `${origin}/build_hooks/abc`;
    try {
      expect((await scheduledFunction()).status).toBe(204);
      expect(hookCalls).toBe(1);
    } finally {
      delete process.env.URL;
      delete process.env.BUILD_HOOK_URL;
    }
  });
});
