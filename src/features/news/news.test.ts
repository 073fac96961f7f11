import { describe, expect, test } from 'vitest';
import { newsArchivePath, newsCategoryPath } from '../../lib/paths';
import {
  archiveMonths,
  cardFactsOf,
  categoryCounts,
  categoryFromParam,
  countLabel,
  duplicateIds,
  filterFromParams,
  filterToSearch,
  matchesNewsFilter,
  sortNewestFirst,
  type NewsArticle,
  type NewsFilter,
  newsDay,
  publicArticles,
  publicationState,
  upcomingDays,
} from './news';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const article = (overrides: Partial<NewsArticle>): NewsArticle => ({
  id: 1,
  titre: 'Titre de l’article',
  date: day('2019-04-11'),
  categorie: 'Recrutement',
  image: '/images/actualites/exemple.svg',
  imageAlt: 'Une illustration',
  extrait: 'Un extrait.',
  tags: [],
  brouillon: false,
  hasBody: false,
  ...overrides,
});

const recruitment = article({ id: 1, titre: 'Vision Caraïbes recrute un technicien polyvalent (H/F)', extrait: 'Un CDD de 4 mois.', hasBody: true });
const shelfLabels = article({ id: 2, date: day('2019-02-25'), categorie: 'Nos solutions', titre: 'Nouvelle solution d’étiquettes électroniques', extrait: 'Les prix se mettent à jour.' });
const fair = article({ id: 3, date: day('2019-02-25'), categorie: 'Événements', titre: 'Retrouvez-nous au salon', extrait: 'Au palais des congrès de Madiana, à Schœlcher.' });
const everything: NewsFilter = { category: null, query: '', month: null };

describe('matchesNewsFilter', () => {
  test('« Tout » with an empty search matches every article', () => {
    for (const item of [recruitment, shelfLabels, fair]) expect(matchesNewsFilter(cardFactsOf(item), everything)).toBe(true);
  });

  test('a category matches only its articles', () => {
    const filter = { ...everything, category: 'Événements' as const };
    expect(matchesNewsFilter(cardFactsOf(fair), filter)).toBe(true);
    expect(matchesNewsFilter(cardFactsOf(recruitment), filter)).toBe(false);
  });

  test('search ignores case and accents: « ETIQUETTES electroniques » finds « étiquettes électroniques »', () => {
    expect(matchesNewsFilter(cardFactsOf(shelfLabels), { ...everything, query: 'ETIQUETTES electroniques' })).toBe(true);
  });

  test('search looks in the excerpt too', () => {
    expect(matchesNewsFilter(cardFactsOf(fair), { ...everything, query: 'schoelcher' })).toBe(true);
    expect(matchesNewsFilter(cardFactsOf(recruitment), { ...everything, query: 'schoelcher' })).toBe(false);
  });

  test('search does not look at the category or the tags', () => {
    const tagged = article({ tags: ['salon'], categorie: 'Événements' });
    expect(matchesNewsFilter(cardFactsOf(tagged), { ...everything, query: 'salon' })).toBe(false);
    expect(matchesNewsFilter(cardFactsOf(tagged), { ...everything, query: 'evenements' })).toBe(false);
  });

  test('search combines with the category', () => {
    expect(matchesNewsFilter(cardFactsOf(fair), { ...everything, category: 'Recrutement', query: 'salon' })).toBe(false);
    expect(matchesNewsFilter(cardFactsOf(fair), { ...everything, category: 'Événements', query: 'salon' })).toBe(true);
  });

  test('a month matches only the articles of that month', () => {
    expect(matchesNewsFilter(cardFactsOf(recruitment), { ...everything, month: '2019-04' })).toBe(true);
    expect(matchesNewsFilter(cardFactsOf(fair), { ...everything, month: '2019-04' })).toBe(false);
  });
});

describe('the list URL', () => {
  test('?categorie=Recrutement opens the list on that category', () => {
    expect(filterFromParams(new URLSearchParams('categorie=Recrutement'))).toEqual({ category: 'Recrutement', query: '', month: null });
  });

  test('the category parameter ignores case and accents', () => {
    expect(categoryFromParam('evenements')).toBe('Événements');
    expect(categoryFromParam('NOS SOLUTIONS')).toBe('Nos solutions');
  });

  test('an unknown category or a malformed month shows everything', () => {
    expect(filterFromParams(new URLSearchParams('categorie=Promotions&mois=avril'))).toEqual(everything);
  });

  test('a filter writes back to the same parameters', () => {
    const filter: NewsFilter = { category: 'Événements', query: ' salon ', month: '2019-02' };
    const search = filterToSearch(filter);
    expect(search).toBe('?categorie=%C3%89v%C3%A9nements&q=salon&mois=2019-02');
    expect(filterFromParams(new URLSearchParams(search))).toEqual({ ...filter, query: 'salon' });
  });

  test('the sidebar links built by paths.ts open the filter they name', () => {
    const paramsOf = (path: string) => new URL(path, 'https://example.fr').searchParams;
    expect(filterFromParams(paramsOf(newsCategoryPath('Événements'))).category).toBe('Événements');
    expect(filterFromParams(paramsOf(newsArchivePath('2019-02'))).month).toBe('2019-02');
  });

  test('« everything » has no query string', () => {
    expect(filterToSearch(everything)).toBe('');
  });
});

describe('ordering and sidebars', () => {
  test('articles are listed newest first, in id order on the same day', () => {
    expect(sortNewestFirst([fair, recruitment, shelfLabels]).map((item) => item.id)).toEqual([1, 2, 3]);
  });

  test('archive months are derived from the dates, newest first, with their counts', () => {
    expect(archiveMonths([shelfLabels, recruitment, fair])).toEqual([
      { key: '2019-04', label: 'Avril 2019', count: 1 },
      { key: '2019-02', label: 'Février 2019', count: 2 },
    ]);
  });

  test('every category is counted, in the buttons’ order, even when empty', () => {
    expect(categoryCounts([fair, shelfLabels])).toEqual([
      { category: 'Événements', count: 1 },
      { category: 'Nos solutions', count: 1 },
      { category: 'Recrutement', count: 0 },
    ]);
  });

  test('the count agrees in number', () => {
    expect(countLabel(1)).toBe('1 actualité');
    expect(countLabel(4)).toBe('4 actualités');
  });
});

describe('duplicateIds', () => {
  test('names the files that share an id', () => {
    expect(duplicateIds([{ id: 1, file: 'a.mdx' }, { id: 2, file: 'b.mdx' }, { id: 1, file: 'c.mdx' }])).toEqual([{ id: 1, files: ['a.mdx', 'c.mdx'] }]);
  });

  test('finds nothing when every id is unique', () => {
    expect(duplicateIds([{ id: 1, file: 'a.mdx' }, { id: 2, file: 'b.mdx' }])).toEqual([]);
  });
});

describe('publication', () => {
  const draft = article({ id: 5, brouillon: true, date: day('2019-01-10') });
  const scheduled = article({ id: 6, date: day('2026-12-01') });
  const sameDay = article({ id: 7, date: day('2026-12-01') });

  test('the day is Martinique’s (UTC−4): 03:59 UTC on 1 December is still 30 November there', () => {
    expect(newsDay(new Date('2026-12-01T03:59:00Z'))).toBe('2026-11-30');
    expect(newsDay(new Date('2026-12-01T04:00:00Z'))).toBe('2026-12-01');
  });

  test('a draft is never public, whatever its date', () => {
    expect(publicationState(draft, '2030-01-01')).toBe('brouillon');
    expect(publicArticles([recruitment, draft], '2030-01-01')).toEqual([recruitment]);
  });

  test('an article dated later waits for its day, and is public from that day on', () => {
    expect(publicationState(scheduled, '2026-11-30')).toBe('programme');
    expect(publicArticles([recruitment, scheduled], '2026-11-30')).toEqual([recruitment]);
    expect(publicArticles([recruitment, scheduled], '2026-12-01')).toEqual([recruitment, scheduled]);
  });

  test('the build lists the days it held articles back for, once each, never a draft’s', () => {
    expect(upcomingDays([recruitment, draft, scheduled, sameDay], '2026-11-30')).toEqual(['2026-12-01']);
    expect(upcomingDays([recruitment, draft, scheduled], '2026-12-01')).toEqual([]);
  });
});
