/**
 * schema.org data of a news article page, for search engines (NewsArticle, as JSON-LD).
 */
import { company } from '../../lib/site';
import { isoDay } from '../../lib/format';
import { newsArticlePath } from '../../lib/paths';
import type { NewsArticle } from './news';

/**
 * The NewsArticle object of an article's detail page; `imagePath` is its image as served (a photo's resized
 * JPEG), `site` the public origin of the site.
 */
export function newsArticleJsonLd(article: NewsArticle, imagePath: string, site: URL | string): Record<string, unknown> {
  const url = new URL(newsArticlePath(article.id), site).href;
  const organization = {
    '@type': 'Organization',
    name: company.name,
    url: new URL('/', site).href,
    logo: { '@type': 'ImageObject', url: new URL('/favicon.svg', site).href },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.titre,
    description: article.extrait,
    image: [new URL(imagePath, site).href],
    datePublished: isoDay(article.date),
    dateModified: isoDay(article.date),
    articleSection: article.categorie,
    keywords: article.tags.join(', '),
    inLanguage: 'fr-FR',
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: organization,
    publisher: organization,
  };
}
