/**
 * Daily publication job (a Netlify Scheduled Function, at 09:00 UTC = 05:00 in Martinique, before the
 * working day): asks for a new build when an article held back for its date is due and missing from the
 * live site (netlify/lib/publication/scheduled-publication.ts). BUILD_HOOK_URL is the site's build hook; without it the
 * job only logs.
 */
import type { Config } from '@netlify/functions';
import { serverEnv } from '../lib/env.ts';
import { publishDueArticles } from '../lib/publication/scheduled-publication.ts';

export default async (): Promise<Response> => {
  const env = serverEnv();
  const outcome = await publishDueArticles(new Date(), { siteUrl: env.URL, buildHookUrl: env.BUILD_HOOK_URL });
  return new Response(null, { status: outcome.action === 'failed' ? 500 : 204 });
};

export const config: Config = {
  schedule: '0 9 * * *',
};
