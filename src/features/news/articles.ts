/**
 * Reads the news collection for the pages: the articles visitors may see, newest first, each knowing
 * whether it has a body (and so a detail page). Every news view (list, detail pages, feed, sitemap through
 * the pages, archives) reads articles here, so drafts and articles waiting for their date are left out in
 * one place. `npm run dev` shows them all, with their state, so an editor can proofread them.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { getImage } from 'astro:assets';
import { photoFacts } from '../../lib/photos';
import { duplicateIds, newsDay, publicArticles, publicationState, sortNewestFirst, upcomingDays, type NewsArticle, type PublicationState } from './news';

/** An article with the collection entry its detail page renders and where it stands today. */
export interface NewsItem extends NewsArticle {
  entry: CollectionEntry<'news'>;
  state: PublicationState;
}

/** Whether drafts and scheduled articles are shown, with their badge: on `npm run dev` only (astro.config.mjs). */
const showUnpublished = import.meta.env.SHOW_UNPUBLISHED === true;

/** Every article of the collection, newest first. Fails the build when two files share an id (it is their address). */
async function allArticles(today: string): Promise<NewsItem[]> {
  const entries = await getCollection('news');
  const duplicates = duplicateIds(entries.map((entry) => ({ id: entry.data.id, file: entry.filePath ?? entry.id })));
  if (duplicates.length > 0) {
    const list = duplicates.map(({ id, files }) => `id ${id} : ${files.join(', ')}`).join(' ; ');
    throw new Error(`Actualités : plusieurs fichiers ont le même id (${list}). Chaque article doit avoir son propre id.`);
  }
  return sortNewestFirst(
    entries.map((entry) => ({ ...entry.data, hasBody: (entry.body ?? '').trim() !== '', entry, state: publicationState(entry.data, today) })),
  );
}

/** The articles of the site today (Martinique): the public ones in a build, every one on the dev server. */
export async function getNewsArticles(now: Date = new Date()): Promise<NewsItem[]> {
  const today = newsDay(now);
  const articles = await allArticles(today);
  return showUnpublished ? articles : publicArticles(articles, today);
}

/** The days on which an article held back for its date becomes due (see the daily publication job). */
export async function getUpcomingDays(now: Date = new Date()): Promise<string[]> {
  const today = newsDay(now);
  return upcomingDays(await allArticles(today), today);
}

/** The absolute-path URL of an article's image for feeds and search engines: a photo as a 1200 px JPEG. */
export async function shareImagePath(article: Pick<NewsArticle, 'image'>): Promise<string> {
  if (typeof article.image === 'string') return article.image;
  const jpeg = await getImage({ src: article.image, width: Math.min(1200, photoFacts(article.image).width), format: 'jpg' });
  return jpeg.src;
}
