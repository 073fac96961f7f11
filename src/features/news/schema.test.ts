import { describe, expect, test } from 'vitest';
import { z } from 'astro/zod';
import { newsFrontmatterSchema } from './schema.server';

/** Astro's image() helper, as its content layer gives it: the path, marked for the page to import. */
const image = () => z.string().transform((path) => `__ASTRO_IMAGE_${path}`);
const schema = newsFrontmatterSchema({ image } as unknown as Parameters<typeof newsFrontmatterSchema>[0]);

const valid = {
  id: 5,
  titre: 'Un nouvel article de test',
  date: new Date('2020-01-15T00:00:00Z'),
  categorie: 'Événements',
  image: '/images/actualites/salon-commerce-martinique.svg',
  imageAlt: 'Un stand de salon professionnel',
  extrait: 'Un extrait assez long pour passer la longueur minimale demandée.',
  tags: ['salon'],
};

/** The fields a front matter fails on, with their messages. */
const problems = (data: unknown) => {
  const result = schema.safeParse(data);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.') || '(racine)', issue.message]));
};

describe('news front matter', () => {
  test('accepts a complete article, tags optional', () => {
    expect(problems(valid)).toEqual({});
    const { tags: _tags, ...withoutTags } = valid;
    expect(schema.parse(withoutTags).tags).toEqual([]);
  });

  test('the category must be one of Événements, Nos solutions, Recrutement', () => {
    expect(problems({ ...valid, categorie: 'Promotions' })).toEqual({
      categorie: 'la catégorie doit être l’une de : Événements, Nos solutions, Recrutement',
    });
  });

  test('the date must be a real date, not French text', () => {
    expect(Object.keys(problems({ ...valid, date: '11 avril 2019' }))).toEqual(['date']);
  });

  test('the id must be a positive whole number', () => {
    expect(Object.keys(problems({ ...valid, id: 'cinq' }))).toEqual(['id']);
    expect(Object.keys(problems({ ...valid, id: 0 }))).toEqual(['id']);
    expect(Object.keys(problems({ ...valid, id: 1.5 }))).toEqual(['id']);
  });

  test('the image must be in public/images/actualites/ and exist', () => {
    expect(Object.keys(problems({ ...valid, image: 'https://example.com/photo.jpg' }))).toEqual(['image']);
    expect(problems({ ...valid, image: '/images/actualites/absente.svg' })).toEqual({
      image: 'l’image /images/actualites/absente.svg est introuvable dans public/',
    });
  });

  test('an image is a photo beside the articles (./images/…) or a drawing of public/images/actualites/', () => {
    expect(problems({ ...valid, image: './images/2026-03-12-salon.jpg' })).toEqual({});
    expect(problems({ ...valid, image: 'https://example.com/photo.jpg' })).toEqual({
      image: 'l’image doit être une photo (./images/nom.jpg, dans content/news/images/) ou un dessin (/images/actualites/nom.svg, dans public/)',
    });
  });

  test('a draft is marked brouillon: true; an article is not a draft by default', () => {
    expect(schema.parse(valid).brouillon).toBe(false);
    expect(schema.parse({ ...valid, brouillon: true }).brouillon).toBe(true);
  });

  test('title, image description and excerpt are required and sized', () => {
    const { titre: _titre, ...withoutTitle } = valid;
    expect(Object.keys(problems(withoutTitle))).toEqual(['titre']);
    expect(Object.keys(problems({ ...valid, extrait: 'Trop court.' }))).toEqual(['extrait']);
    expect(Object.keys(problems({ ...valid, imageAlt: '' }))).toEqual(['imageAlt']);
  });

  test('a misspelt field is refused rather than ignored', () => {
    expect(problems({ ...valid, categori: 'Événements' })['(racine)']).toMatch(/^champ inconnu : categori \(vérifiez son orthographe/);
  });
});
