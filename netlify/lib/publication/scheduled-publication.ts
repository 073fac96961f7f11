/**
 * Scheduled publication of news. A build leaves out the articles dated after its day (Martinique time) and
 * publishes the days it held articles back for at /actualites/publication.json (days only, no titles). Once
 * a day, `publishDueArticles` reads that file from the live site: when one of those days has come, the live
 * site misses an article, so it calls the Netlify build hook (BUILD_HOOK_URL) and the new build publishes
 * it. Reading the live site, rather than trusting the clock alone, means an article is rebuilt for exactly
 * when it is due and missing: a failed build is retried the next morning, a published one never again.
 */
import { newsDay } from '../../../src/features/news/news.ts';

/** Where a build says which days it held articles back for. */
export const PUBLICATION_FILE = '/actualites/publication.json';

export interface PublicationSettings {
  /** The live site's origin (Netlify sets URL for functions). */
  siteUrl: string | undefined;
  /** The build hook's URL (Netlify, Site configuration → Build hooks); without it nothing is called. */
  buildHookUrl: string | undefined;
  log?: (line: string) => void;
}

/** What the daily check did. */
export type PublicationOutcome =
  | { action: 'nothing-due'; today: string }
  | { action: 'build-requested'; today: string; due: string[] }
  | { action: 'no-build-hook'; today: string; due: string[] }
  | { action: 'failed'; today: string; reason: string };

/** Checks the live site on the day `now` falls on in Martinique, and asks for a build when an article is due. */
export async function publishDueArticles(now: Date, settings: PublicationSettings): Promise<PublicationOutcome> {
  const log = settings.log ?? console.log;
  const today = newsDay(now);
  if (!settings.siteUrl) return failed(log, today, 'the site URL is unknown (URL is not set)');

  let upcoming: string[];
  try {
    const response = await fetch(new URL(PUBLICATION_FILE, settings.siteUrl), { headers: { accept: 'application/json' } });
    if (!response.ok) return failed(log, today, `${PUBLICATION_FILE} answered ${response.status}`);
    const body = (await response.json()) as { upcoming?: unknown };
    upcoming = Array.isArray(body.upcoming) ? body.upcoming.filter((day): day is string => typeof day === 'string') : [];
  } catch (error) {
    return failed(log, today, `${PUBLICATION_FILE} could not be read (${String(error)})`);
  }

  const due = upcoming.filter((day) => day <= today);
  if (due.length === 0) {
    log(`scheduled-publication: ${today}: no held-back article is due`);
    return { action: 'nothing-due', today };
  }
  if (!settings.buildHookUrl) {
    log(`scheduled-publication: ${today}: articles dated ${due.join(', ')} are due, but BUILD_HOOK_URL is not set: no build requested`);
    return { action: 'no-build-hook', today, due };
  }
  try {
    const response = await fetch(settings.buildHookUrl, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    if (!response.ok) return failed(log, today, `the build hook answered ${response.status}`);
  } catch (error) {
    return failed(log, today, `the build hook could not be called (${String(error)})`);
  }
  log(`scheduled-publication: ${today}: articles dated ${due.join(', ')} are due: build requested`);
  return { action: 'build-requested', today, due };
}

function failed(log: (line: string) => void, today: string, reason: string): PublicationOutcome {
  log(`scheduled-publication: ${today}: ${reason}; the next daily run tries again`);
  return { action: 'failed', today, reason };
}
