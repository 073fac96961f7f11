/**
 * Daily job (a Netlify Scheduled Function, run at midnight UTC): marks expired the devis past their
 * validity, and erases the requests whose
 * last change is more than three years old, with everything derived from them (e-mails, devis), and the expired
 * revoked-token, login-throttle and idempotency-key records (netlify/lib/retention/retention.ts). Netlify does not expose it at a
 * URL in production; locally, `npm run inbox -- purge` runs it (README, « Durée de conservation »).
 */
import type { Config } from '@netlify/functions';
import { expireDevis } from '../lib/devis/devis-records.ts';
import { purgeExpired } from '../lib/retention/retention.ts';

export default async (): Promise<Response> => {
  try {
    const now = new Date();
    // Devis past their validity are marked expired (with an event in their request's history).
    const expiredDevis = await expireDevis(now);
    console.log(`purge-expired: ${expiredDevis} devis marked expired`);
    const report = await purgeExpired(now);
    console.log(`purge-expired: deleted ${report.requests} requests, ${report.revokedTokens} revoked tokens, ${report.throttleRecords} login-throttle records, ${report.idempotencyKeys} idempotency keys, ${report.acknowledgementCaps} acknowledgement counters, ${report.team.invitations} expired invitations, ${report.team.challenges} passkey challenges, ${report.team.journal} journal entries older than one year; closed ${report.tickets.closed} resolved tickets, erased ${report.tickets.erased} tickets`);
    return new Response(null, { status: 204 });
  } catch (error) {
    console.error('purge-expired: failed; the next daily run tries again', error);
    return new Response(null, { status: 500 });
  }
};

export const config: Config = {
  schedule: '@daily',
};
