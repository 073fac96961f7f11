/** The layout check's rules (tests/helpers/layout.ts) on measured pages, as the browser reports them. */
import { describe, expect, it } from 'vitest';
import { judgeLayout, type TextRun } from '../helpers/layout';

const run = (overrides: Partial<TextRun>): TextRun => ({ text: 'Un texte', words: 2, lines: 1, blockWidth: 300, left: 20, right: 320, inScroller: false, ...overrides });
const page = (texts: TextRun[], pageWidth = 390) => judgeLayout({ viewportWidth: 390, pageWidth, texts });

describe('the layout check', () => {
  it('passes a page whose text sits inside its margins in readable columns', () => {
    expect(page([run({}), run({ text: 'Prise en charge avant le 27 novembre à 10:00', words: 9, lines: 2, blockWidth: 200 })])).toEqual([]);
  });

  it('finds a page wider than the screen', () => {
    expect(page([run({})], 611)).toEqual(['page 611 px wide for a 390 px screen']);
  });

  it('finds text without side margins or cut off at the right edge, but not in a region that scrolls sideways', () => {
    expect(page([run({ left: 0, right: 200 })])[0]).toMatch(/from 0 to 200 px: no 12 px side margin/);
    expect(page([run({ left: 300, right: 420 })])[0]).toMatch(/from 300 to 420 px/);
    expect(page([run({ left: 300, right: 420, inScroller: true })])).toEqual([]);
    expect(page([run({ left: 12, right: 378 })])).toEqual([]);
  });

  it('finds a squeezed column (more than 4 words under 120 px), not a short label there', () => {
    expect(page([run({ text: 'Assigné à Marie Joseph, le 27 novembre', words: 7, lines: 4, blockWidth: 90 })])).toEqual(['text « Assigné à Marie Joseph, le 27 novembre » squeezed: 7 words in a 90 px column']);
    expect(page([run({ text: 'Pris en charge', words: 3, lines: 1, blockWidth: 90 })])).toEqual([]);
  });

  it('finds text set one word per line, and a word broken over three lines (an e-mail address)', () => {
    expect(page([run({ text: 'Carte mère TPV-15 remplacée', words: 4, lines: 4, blockWidth: 130 })])).toEqual(['text « Carte mère TPV-15 remplacée » set one word per line over 4 lines (130 px column)']);
    // Three words on three lines may be a long word's fair wrap (« Application d’authentification enregistrée »).
    expect(page([run({ text: 'Application d’authentification enregistrée', words: 3, lines: 3, blockWidth: 232 })])).toEqual([]);
    expect(page([run({ text: 'lea-1764212345@exemple.fr', words: 1, lines: 4, blockWidth: 60 })])).toEqual(['text « lea-1764212345@exemple.fr » set a word broken over 4 lines (60 px column)']);
    // Two lines of a long address on a phone are allowed; so is a paragraph of many words over many lines.
    expect(page([run({ words: 1, lines: 2 })])).toEqual([]);
    expect(page([run({ words: 40, lines: 8 })])).toEqual([]);
  });
});
