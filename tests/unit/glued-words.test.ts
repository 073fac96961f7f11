/** The glued-word detector the built-site test runs over every page. */
import { describe, expect, test } from 'vitest';
import { gluedWords } from '../helpers/glued-words';

const joins = (html: string) => gluedWords(html).map(({ join }) => join);

describe('glued-word detector', () => {
  test('finds a word glued before a link', () => {
    expect(joins('<p>décrit dans notre<a href="/c">politique</a>.</p>')).toEqual(['décrit dans notre<a>politique']);
  });

  test('finds a word glued after an element, digits included', () => {
    expect(joins('<p>les <strong>3</strong>agences</p>')).toEqual(['3</strong>agences']);
  });

  test('reads the content of a noscript element', () => {
    expect(joins('<noscript><p>écrire à<a href="mailto:x@y.fr">x@y.fr</a></p></noscript>')).toHaveLength(1);
  });

  test('accepts spaces, punctuation and elements on their own', () => {
    const html = `<p>notre <a href="/c">politique</a>, l’<abbr title="x">HT</abbr> (<em>note</em>) et
      <a href="/a">un lien</a></p><ul><li><a href="/b">Accueil</a></li></ul><nav><a>A</a><a>B</a></nav>`;
    expect(joins(html)).toEqual([]);
  });

  test('ignores a block beside an inline element and empty elements', () => {
    expect(joins('<div><a href="/">Accueil</a><p>Texte</p>mot<span></span>suite</div>')).toEqual([]);
  });
});
