/**
 * GET /api/health — for uptime monitors: { ok: true, mail }, or 503 with the reason. Each call reads
 * Blobs; at most once a minute (HEALTH_WRITE_PROBE_MS) it also writes a probe and reads it back, so a
 * monitor polling often never writes on every call. Rate limited per client. `mail` says whether e-mail
 * can leave (`{ configured, transport, missing }`: the names of missing variables, never a value); the
 * admin shows a banner when it cannot.
 */
import type { Config } from '@netlify/functions';
import { endpoint } from '../lib/api/endpoint.ts';
import { json } from '../lib/http/http.ts';
import { mailConfiguration } from '../lib/mail/mail.ts';
import { storeNames, strongStore } from '../lib/storage/storage.ts';
import { API_ERRORS } from '../lib/http/errors.ts';

/** How often the health check proves that Blobs can be written, not only read. */
export const HEALTH_WRITE_PROBE_MS = 60_000;
const PROBE_KEY = 'probe';

/** Whether Blobs answer: the last write probe is read; when older than a minute, a new one is written and read back. */
export async function checkStorage(now = Date.now()): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    const store = strongStore(storeNames.health);
    const last = await store.get(PROBE_KEY, { type: 'text' });
    if (last !== null && now - Date.parse(last) < HEALTH_WRITE_PROBE_MS) return { ok: true };
    const probe = new Date(now).toISOString();
    await store.set(PROBE_KEY, probe);
    // Simultaneous probes may overwrite each other: any recent probe read back proves the write.
    const readBack = await store.get(PROBE_KEY, { type: 'text' });
    if (readBack === null || Number.isNaN(Date.parse(readBack))) return { ok: false, error: API_ERRORS.health_storage_unexpected.message };
    return { ok: true };
  } catch (error) {
    console.error('health: Blobs unavailable', error);
    return { ok: false, error: API_ERRORS.health_storage_unavailable.message };
  }
}

export default endpoint({
  name: 'health',
  methods: {
    GET: {
      permission: 'public',
      handle: async () => {
        const storage = await checkStorage();
        const mail = mailConfiguration();
        return storage.ok ? json({ ok: true, mail }) : json({ ok: false, error: storage.error, mail }, 503);
      },
    },
  },
});

export const config: Config = {
  path: '/api/health',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
