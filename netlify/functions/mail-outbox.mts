/**
 * The outbox job, a Netlify Scheduled Function run every minute: sends every e-mail that is due (retries
 * of failed sends, e-mails a stopped function never tried, claims whose sender stopped). See
 * netlify/lib/outbox.ts for the rules. Locally: `curl -X POST http://localhost:8888/.netlify/functions/mail-outbox`.
 */
import type { Config } from '@netlify/functions';
import { runOutbox } from '../lib/outbox.ts';

export default async (): Promise<Response> => {
  const run = await runOutbox();
  if (run.pending > 0) console.log('mail-outbox:', JSON.stringify(run));
  return new Response(JSON.stringify(run), { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
};

export const config: Config = {
  schedule: '* * * * *',
};
