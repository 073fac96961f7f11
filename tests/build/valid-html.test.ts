/**
 * Every built page is valid HTML by html-validate's `html-validate:standard` preset: the HTML standard's own
 * rules (elements where their content model allows them, attributes, ids, nesting, closing tags), none of the
 * style rules of `recommended` (attribute quoting, `<input>` with an explicit type, `tel:` links without
 * breaks) turned on. No rule is turned off. The validator is tested first: fed a bad page, it must fail.
 * Reads dist/ (Vitest's `build` project, after `astro build`).
 */
import { HtmlValidate, StaticConfigLoader } from 'html-validate';
import { describe, expect, test } from 'vitest';
import { builtPages } from '../helpers/built-site';

const validator = new HtmlValidate(new StaticConfigLoader({ root: true, extends: ['html-validate:standard'] }));

/** A page's faults, one line each (« 12:40 element-permitted-content: … »). */
async function faults(html: string, name = 'page.html'): Promise<string[]> {
  const report = await validator.validateString(html, name);
  return report.results.flatMap((result) => result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`));
}

const page = (body: string) => `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Page</title></head><body>${body}</body></html>`;

describe('the validator', () => {
  test('refuses a <style> in a <section>, accepts it in the head', async () => {
    expect(await faults(page('<main><section><h2>A</h2><style>p{color:red}</style></section></main>'))).toEqual([expect.stringContaining('element-permitted-content')]);
    expect(await faults(page('<main><section><h2>A</h2></section></main>').replace('</head>', '<style>p{color:red}</style></head>'))).toEqual([]);
  });
});

describe('every built page', () => {
  test('is valid HTML (html-validate:standard)', async () => {
    const offenders: string[] = [];
    for (const built of builtPages()) {
      for (const fault of await faults(built.html, built.file)) offenders.push(`${built.path} ${fault}`);
    }
    expect(offenders).toEqual([]);
    // About 5 s alone for 180 pages; several times that beside the other build checks on two busy cores.
  }, 120_000);
});
