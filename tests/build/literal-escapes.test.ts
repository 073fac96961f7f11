/**
 * What a person reads never shows a JavaScript escape written out (« Passer à «\u00a0Pris en charge\u00a0» »):
 * the sign of `\u00a0` typed in JSX text, where it is not a string and stays as six characters. No built
 * page's visible text holds `\u` + four hex digits or `\u{…}`, and no built island renders such text: the
 * React elements' `children` strings of the bundles (parsed with TypeScript's parser) hold no escape with
 * its backslash escaped — what JSX text's literal `\u00a0` compiles to, where a string's `\u00a0` stays a
 * single-backslash escape or the character itself. Reads dist/ (Vitest's `build` project, after `astro build`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import type { HTMLElement } from 'node-html-parser';
import { builtPages, distDir } from '../helpers/built-site';

/** A JavaScript Unicode escape written out in text. */
const WRITTEN_ESCAPE = /\\u(?:[0-9a-f]{4}|\{[0-9a-f]{1,6}\})/i;
/** The same escape in a bundle's source, with its backslash escaped. */
const ESCAPED_ESCAPE = /\\\\u(?:[0-9a-f]{4}|\{[0-9a-f]{1,6}\})/i;

/** The `children` strings of a bundle's React elements (`{children: "…"}`, `{children: ["…", x, "…"]}`) that hold an escaped escape, as written. */
function childrenWithEscape(code: string): string[] {
  if (!ESCAPED_ESCAPE.test(code)) return [];
  const found: string[] = [];
  const isText = (node: ts.Node) => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
  const visit = (node: ts.Node, source: ts.SourceFile): void => {
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'children') {
      const value = node.initializer;
      const texts = ts.isArrayLiteralExpression(value) ? value.elements.filter(isText) : isText(value) ? [value] : [];
      for (const text of texts) if (ESCAPED_ESCAPE.test(text.getText(source))) found.push(text.getText(source));
    }
    node.forEachChild((child) => visit(child, source));
  };
  const source = ts.createSourceFile('bundle.js', code, ts.ScriptTarget.ESNext, true, ts.ScriptKind.JS);
  visit(source, source);
  return found;
}

function visibleText(body: HTMLElement): string {
  const copy = body.clone() as HTMLElement;
  for (const hidden of copy.querySelectorAll('script, style, noscript, template')) hidden.remove();
  return copy.text;
}

/** Every built script of the islands and pages. */
const builtScripts = (): string[] =>
  readdirSync(join(distDir, '_astro'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(distDir, '_astro', name));

const around = (text: string, index: number) => text.slice(Math.max(0, index - 40), index + 40).replace(/\s+/g, ' ');

describe('no escape written out in what is read', () => {
  test('no built page shows a \\u escape in its visible text', () => {
    const offenders: string[] = [];
    for (const page of builtPages()) {
      const body = page.document.querySelector('body');
      const found = body && visibleText(body).match(WRITTEN_ESCAPE);
      if (found) offenders.push(`${page.path}: « ${around(found.input!, found.index!)} »`);
    }
    expect(offenders).toEqual([]);
  });

  test('no built island renders an escape written out (JSX text)', () => {
    const offenders = builtScripts().flatMap((file) => childrenWithEscape(readFileSync(file, 'utf8')).map((text) => `${file.slice(distDir.length)}: ${text}`));
    expect(offenders).toEqual([]);
  });

  test('the checks themselves catch a JSX text escape and let a string escape and a library’s regular expression through', async () => {
    const { transform } = await import('esbuild');
    const compile = async (source: string) => (await transform(source, { loader: 'tsx', jsx: 'automatic', minify: true })).code;
    expect(childrenWithEscape(await compile('export const A = () => <p>Passer à «\\u00a0Pris\\u00a0»</p>;'))).toHaveLength(1);
    expect(childrenWithEscape(await compile('export const A = ({ x }: { x: string }) => <p>Passer à «\\u00a0{x}\\u00a0»</p>;'))).toHaveLength(2);
    expect(childrenWithEscape(await compile('export const A = ({ x }: { x: string }) => <p>{`Passer à «\\u00a0${x}\\u00a0»`}</p>;'))).toEqual([]);
    expect(childrenWithEscape('const name = RegExp("^[:A-Z_a-z\\\\u00C0-\\\\u00D6]");')).toEqual([]);
    const { parse } = await import('node-html-parser');
    expect(visibleText(parse('<body><p>Passer à «\\u00a0Pris »</p></body>').querySelector('body')!)).toMatch(WRITTEN_ESCAPE);
    expect(visibleText(parse('<body><p>Passer à « Pris »</p></body>').querySelector('body')!)).not.toMatch(WRITTEN_ESCAPE);
  });
});
