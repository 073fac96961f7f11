/**
 * The items of the news RSS feed: every article, newest first. An article without a body has no page
 * of its own, so its item links to its card on the list.
 */
import type { RSSFeedItem } from '@astrojs/rss';
import { newsArticlePath, paths } from '../../lib/paths';
import type { NewsArticle } from './news';

/** The id of an article's card on the list, so a link can point at it. */
export const cardAnchor = (id: number): string => `actualite-${id}`;

/** The public URL of an article: its detail page, or its card on the list. */
export const articleLink = (article: Pick<NewsArticle, 'id' | 'hasBody'>): string =>
  article.hasBody ? newsArticlePath(article.id) : `${paths.news}#${cardAnchor(article.id)}`;

/** One RSS item per article, in the order given. */
export function newsFeedItems(articles: readonly NewsArticle[]): RSSFeedItem[] {
  return articles.map((article) => ({
    title: article.titre,
    link: articleLink(article),
    pubDate: article.date,
    description: article.extrait,
    categories: [article.categorie, ...article.tags],
  }));
}
