/**
 * GET /api/health — proves the function + Blobs pipeline: writes a probe, reads it back.
 * Answers { ok: true } or 503 with the reason, for uptime monitors.
 */
import type { Config } from '@netlify/functions';
import { json, methodNotAllowed } from '../lib/http.ts';
import { storeNames, strongStore } from '../lib/storage.ts';

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  // One key per request, so concurrent probes never read each other's value.
  const key = `probe-${crypto.randomUUID()}`;
  const probe = new Date().toISOString();
  try {
    const store = strongStore(storeNames.health);
    await store.set(key, probe);
    const readBack = await store.get(key, { type: 'text' });
    await store.delete(key);
    if (readBack !== probe) {
      return json({ ok: false, error: 'Le stockage a renvoyé une valeur inattendue.' }, 503);
    }
    return json({ ok: true });
  } catch (error) {
    console.error('health: Blobs unavailable', error);
    return json({ ok: false, error: 'Le stockage des données est indisponible.' }, 503);
  }
};

export const config: Config = {
  path: '/api/health',
};
