/**
 * One article for the news tests (feed, structured data): a recruitment post with a body, not a draft.
 * A test changes only what it is about: `articleFixture({ hasBody: false })`.
 */
import type { NewsArticle } from './news';

export const articleFixture = (changes: Partial<NewsArticle> = {}): NewsArticle => ({
  id: 1,
  titre: 'Vision Caraïbes recrute un technicien polyvalent (H/F)',
  date: new Date('2019-04-11T00:00:00Z'),
  categorie: 'Recrutement',
  image: '/images/actualites/recrutement-technicien.svg',
  imageAlt: 'Un établi',
  extrait: 'Un CDD de 4 mois pouvant évoluer en CDI.',
  tags: ['recrutement', 'CDD'],
  brouillon: false,
  hasBody: true,
  ...changes,
});
