import { describe, expect, test } from 'vitest';
import { newsFeedItems } from './feed';
import type { NewsArticle } from './news';

const base: NewsArticle = {
  id: 1,
  titre: 'Vision Caraïbes recrute un technicien polyvalent (H/F)',
  date: new Date('2019-04-11T00:00:00Z'),
  categorie: 'Recrutement',
  image: '/images/actualites/recrutement-technicien.svg',
  imageAlt: 'Un établi',
  extrait: 'Un CDD de 4 mois pouvant évoluer en CDI.',
  tags: ['CDD'],
  brouillon: false,
  hasBody: true,
};

describe('newsFeedItems', () => {
  test('an article with a body links to its page', () => {
    expect(newsFeedItems([base])[0]).toEqual({
      title: base.titre,
      link: '/actualites/1',
      pubDate: base.date,
      description: base.extrait,
      categories: ['Recrutement', 'CDD'],
    });
  });

  test('an article without a body links to its card on the list', () => {
    expect(newsFeedItems([{ ...base, id: 3, hasBody: false }])[0]?.link).toBe('/actualites#actualite-3');
  });
});
