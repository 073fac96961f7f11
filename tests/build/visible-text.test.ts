/**
 * What a visitor reads never shows markup: no page of the build has an HTML entity (« &nbsp; ») or a tag
 * (« <br> ») in its visible text — the sign of markup passed where plain text was expected (an Astro
 * prop string is text, so `&nbsp;` in it is shown as is). Reads dist/ (Vitest's `build` project, after
 * `astro build`).
 */
import { describe, expect, test } from 'vitest';
import type { HTMLElement } from 'node-html-parser';
import { builtPages } from '../helpers/built-site';

/** The text a visitor sees: the body without scripts, styles and templates, entities decoded once. */
function visibleText(body: HTMLElement): string {
  const copy = body.clone() as HTMLElement;
  for (const hidden of copy.querySelectorAll('script, style, noscript, template')) hidden.remove();
  return copy.text;
}

const ENTITY = /&(?:[a-z][a-z0-9]{1,31}|#\d{1,7}|#x[0-9a-f]{1,6});/i;
const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;

describe('visible text of every built page', () => {
  test('holds no HTML entity and no tag shown as text', () => {
    const offenders: string[] = [];
    for (const page of builtPages()) {
      const body = page.document.querySelector('body');
      if (!body) continue;
      const text = visibleText(body);
      const found = text.match(ENTITY) ?? text.match(TAG);
      if (found) offenders.push(`${page.path}: « ${text.slice(Math.max(0, found.index! - 40), found.index! + 40).replace(/\s+/g, ' ')} »`);
    }
    expect(offenders).toEqual([]);
  });

  test('the check itself catches an entity shown as text', async () => {
    const { parse } = await import('node-html-parser');
    expect(visibleText(parse('<body><p>question&amp;nbsp;: oui</p></body>').querySelector('body')!)).toMatch(ENTITY);
    expect(visibleText(parse('<body><p>question&nbsp;: oui</p></body>').querySelector('body')!)).not.toMatch(ENTITY);
    expect(visibleText(parse('<body><p>un &lt;br&gt; ici</p></body>').querySelector('body')!)).toMatch(TAG);
  });
});
