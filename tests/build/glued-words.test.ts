/**
 * No word glued to a link or any inline element on any built page, no-script content included: Astro drops
 * the line break between a text and an element written on the next line, so « notre<a>politique » shows
 * « notrepolitique ». Reads dist/ (Vitest's `build` project, after `astro build`), so every page is covered as
 * pages are added.
 */
import { expect, test } from 'vitest';
import { builtPages } from '../helpers/built-site';
import { gluedWords } from '../helpers/glued-words';

test('no letter or digit touches the start or end of an inline element’s text on any page', () => {
  const glued = builtPages().flatMap((page) => gluedWords(page.html).map(({ join }) => `${page.path}: ${join}`));
  expect(glued, 'write the space out ({\' \'}) or keep the element on the same line as the word').toEqual([]);
});
