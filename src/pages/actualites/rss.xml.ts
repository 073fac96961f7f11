import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getNewsArticles } from '../../features/news/articles';
import { newsFeedItems } from '../../features/news/feed';
import { company } from '../../lib/site';

/** The RSS feed of every news article, newest first. */
export const GET: APIRoute = async ({ site }) => {
  const articles = await getNewsArticles();
  return rss({
    title: `Actualités de ${company.name}`,
    description: 'Salons, nouvelles solutions et recrutements de nos équipes en Martinique, en Guadeloupe et en Guyane.',
    site: site!,
    items: newsFeedItems(articles),
    customData: '<language>fr-FR</language>',
    trailingSlash: false,
  });
};
