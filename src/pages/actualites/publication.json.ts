import type { APIRoute } from 'astro';
import { getUpcomingDays } from '../../features/news/articles';

/**
 * What this build held back for its date: the days (« AAAA-MM-JJ ») of the articles it left out, no titles.
 * The daily publication job reads it from the live site: a day that has come means the live site misses an
 * article, so it asks Netlify for a new build.
 */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify({ upcoming: await getUpcomingDays() }), { headers: { 'Content-Type': 'application/json' } });
