/**
 * Hourly Scheduled Function: deletes the idempotency keys of form submissions once their 24 hours are
 * over (netlify/lib/idempotency.ts).
 */
import type { Config } from '@netlify/functions';
import { purgeExpiredIdempotency } from '../lib/idempotency.ts';

export default async (): Promise<Response> => {
  const deleted = await purgeExpiredIdempotency();
  return new Response(JSON.stringify({ deleted }), { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
};

export const config: Config = {
  schedule: '@hourly',
};
