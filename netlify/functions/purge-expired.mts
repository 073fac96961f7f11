/**
 * Daily job (a Netlify Scheduled Function, run at midnight UTC): marks expired the devis past their
 * validity, and erases every record past its lifetime (src/lib/lifetimes.ts; each idea's purge, run in order
 * by netlify/lib/retention/retention.ts). Netlify does not expose it at a
 * URL in production; locally, `npm run inbox -- purge` runs it (docs/features/inbox.md).
 */
import type { Config } from '@netlify/functions';
import { expireDevis } from '../lib/devis/devis-records.ts';
import { purgeExpired, purgeSummary } from '../lib/retention/retention.ts';

export default async (): Promise<Response> => {
  try {
    const now = new Date();
    // Devis past their validity are marked expired (with an event in their request's history).
    const expiredDevis = await expireDevis(now);
    console.log(`purge-expired: ${expiredDevis} devis marked expired`);
    const report = await purgeExpired(now);
    console.log(`purge-expired: ${purgeSummary(report)}`);
    return new Response(null, { status: 204 });
  } catch (error) {
    console.error('purge-expired: failed; the next daily run tries again', error);
    return new Response(null, { status: 500 });
  }
};

export const config: Config = {
  schedule: '@daily',
};
