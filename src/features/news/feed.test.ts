import { describe, expect, test } from 'vitest';
import { newsFeedItems } from './feed';
import { articleFixture } from './article-fixture';

const base = articleFixture({ tags: ['CDD'] });

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
