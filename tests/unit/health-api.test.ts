import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs';
import { getStore } from '@netlify/blobs';
import health, { HEALTH_WRITE_PROBE_MS, checkStorage, config } from '../../netlify/functions/health.mts';

describe('GET /api/health', () => {
  let blobs: TestBlobs | undefined;
  afterAll(() => blobs?.stop());

  it('answers 503 with a reason when Blobs cannot be reached', async () => {
    const { setEnvironmentContext } = await import('@netlify/blobs');
    setEnvironmentContext({ edgeURL: 'http://127.0.0.1:9', uncachedEdgeURL: 'http://127.0.0.1:9', siteID: 'x', token: 'x' });
    const response = await health(new Request('http://localhost/api/health'));
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.ok).toBe(false);
    expect(body.error).toMatch(/stockage/i);
  });

  describe('with a real Blobs server', () => {
    beforeAll(async () => {
      blobs = await startTestBlobs();
    });

    it('answers { ok: true } after writing and reading a probe', async () => {
      const response = await health(new Request('http://localhost/api/health'));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ ok: true });
    });

    it('says how e-mail leaves: the local outbox on a machine without a Postmark token, configured with one', async () => {
      const saved = { ...process.env };
      try {
        delete process.env.POSTMARK_SERVER_TOKEN;
        delete process.env.SITE_ID;
        delete process.env.AWS_LAMBDA_FUNCTION_NAME;
        const local = await (await health(new Request('http://localhost/api/health'))).json();
        expect(local.mail).toEqual({ configured: true, transport: 'boite_locale', missing: [] });
        process.env.POSTMARK_SERVER_TOKEN = 'secret-token-value';
        process.env.SITE_ID = 'site-on-netlify';
        const body = await (await health(new Request('http://localhost/api/health'))).text();
        expect(JSON.parse(body).mail).toEqual({ configured: true, transport: 'postmark', missing: [] });
        expect(body).not.toContain('secret-token-value');
      } finally {
        process.env = saved;
      }
    });

    it('under the local emulation (which sets SITE_ID too), still the local outbox when the run says it is local', async () => {
      const saved = { ...process.env };
      try {
        delete process.env.POSTMARK_SERVER_TOKEN;
        process.env.SITE_ID = 'site-of-the-emulation';
        for (const [name, value] of [['NETLIFY_DEV', 'true'], ['NETLIFY_LOCAL', 'true']] as const) {
          delete process.env.NETLIFY_DEV;
          delete process.env.NETLIFY_LOCAL;
          process.env[name] = value;
          const body = await (await health(new Request('http://localhost/api/health'))).json();
          expect(body.mail, name).toEqual({ configured: true, transport: 'boite_locale', missing: [] });
        }
      } finally {
        process.env = saved;
      }
    });

    it('on Netlify without POSTMARK_SERVER_TOKEN, says the mail is not configured and what is missing', async () => {
      const saved = { ...process.env };
      try {
        delete process.env.POSTMARK_SERVER_TOKEN;
        process.env.SITE_ID = 'site-on-netlify';
        const response = await health(new Request('http://localhost/api/health'));
        expect(response.status).toBe(200);
        expect((await response.json()).mail).toEqual({ configured: false, transport: 'aucun', missing: ['POSTMARK_SERVER_TOKEN'] });
      } finally {
        process.env = saved;
      }
    });

    it('is never cached and carries the API security headers', async () => {
      const response = await health(new Request('http://localhost/api/health'));
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('refuses other methods with 405', async () => {
      const response = await health(new Request('http://localhost/api/health', { method: 'POST' }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET');
    });

    it('writes Blobs at most once a minute, not on every call', async () => {
      const store = getStore({ name: 'health', consistency: 'strong' });
      const now = Date.now() + 10 * HEALTH_WRITE_PROBE_MS;
      expect(await checkStorage(now)).toEqual({ ok: true });
      const written = await store.get('probe', { type: 'text' });
      expect(written).toBe(new Date(now).toISOString());
      for (const later of [1, 1000, HEALTH_WRITE_PROBE_MS - 1]) expect(await checkStorage(now + later)).toEqual({ ok: true });
      expect(await store.get('probe', { type: 'text' })).toBe(written);
      expect(await checkStorage(now + HEALTH_WRITE_PROBE_MS)).toEqual({ ok: true });
      expect(await store.get('probe', { type: 'text' })).toBe(new Date(now + HEALTH_WRITE_PROBE_MS).toISOString());
    });

    it('is rate limited per client and has no method in its config (the handler answers 405)', () => {
      expect(config.rateLimit).toMatchObject({ windowSize: 60, aggregateBy: ['ip', 'domain'] });
      expect(config).not.toHaveProperty('method');
    });

    it('survives concurrent probes', async () => {
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => health(new Request('http://localhost/api/health'))),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    });
  });
});
