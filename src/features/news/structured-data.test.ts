import { describe, expect, test } from 'vitest';
import { newsArticleJsonLd } from './structured-data';
import { articleFixture } from './article-fixture';

const article = articleFixture();

describe('newsArticleJsonLd', () => {
  test('describes the article as a schema.org NewsArticle with absolute URLs', () => {
    const data = newsArticleJsonLd(article, '/images/actualites/recrutement-technicien.svg', 'https://www.example.fr');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: article.titre,
      datePublished: '2019-04-11',
      articleSection: 'Recrutement',
      keywords: 'recrutement, CDD',
      image: ['https://www.example.fr/images/actualites/recrutement-technicien.svg'],
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://www.example.fr/actualites/1' },
      publisher: { '@type': 'Organization', name: 'Vision Caraïbes' },
    });
  });
});
