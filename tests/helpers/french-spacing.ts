/**
 * The French-spacing detector: an ordinary space (U+0020, a tab or a line break) before « : ; ! ? » or a
 * « · » separator, after « or « n° », or before » lets a line start with the mark or end with the opening
 * quote or « n° »; French wants a no-break space there (src/lib/typography.ts). It reads plain text, the visible text and human attributes of an
 * HTML page, and the string literals and JSX texts of a TypeScript source file (the islands' texts).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import ts from 'typescript';

/** One fault: the few characters around it, the offending space shown as « ␣ » or « ⏎ ». */
export type SpacingFault = string;

const FAULT = /[ \t\r\n]+(?=[:;!?»·])|(?<=«|(?<![\p{L}\d])[nN]°)[ \t\r\n]+(?=\S)/gu;

/** Every ordinary space before « : ; ! ? » and « · », after « and « n° », or before » in a text, with its surroundings. */
export function spacingFaults(text: string): SpacingFault[] {
  return [...text.matchAll(FAULT)].map((match) => {
    const before = text.slice(Math.max(0, match.index - 30), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 20);
    const space = /[\r\n]/.test(match[0]) ? '⏎' : '␣';
    return `${before}${space}${after}`.replace(/\s+/g, ' ').trim();
  });
}

/** Elements whose text is not French prose, or not shown: code keeps its own rules, scripts and styles are not text. */
const NOT_PROSE = 'script, style, template, code, pre, kbd, samp, var, textarea';

/** The human text a page shows: the body's visible text (no-script content included) and its human attributes. */
export function pageTexts(html: string): string[] {
  const document = parse(html);
  const body = document.querySelector('body') ?? document;
  const texts: string[] = [];
  // The document is parsed here for this reading only: its elements may be removed as they are read.
  const visit = (copy: HTMLElement) => {
    for (const noscript of copy.querySelectorAll('noscript')) {
      visit(parse(noscript.innerHTML));
      noscript.remove();
    }
    for (const element of copy.querySelectorAll(NOT_PROSE)) element.remove();
    texts.push(copy.text);
    for (const element of copy.querySelectorAll('[alt], [title], [aria-label], [placeholder]')) {
      for (const name of ['alt', 'title', 'aria-label', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
  };
  visit(body);
  const head = document.querySelector('head');
  if (head) {
    texts.push(head.querySelector('title')?.text ?? '');
    for (const meta of head.querySelectorAll('meta[name="description"], meta[property="og:description"], meta[property="og:title"], meta[name="twitter:description"]')) {
      texts.push(meta.getAttribute('content') ?? '');
    }
  }
  return texts;
}

/** The faults of an HTML page's human text. */
export function pageFaults(html: string): SpacingFault[] {
  return pageTexts(html).flatMap(spacingFaults);
}

/**
 * The texts a TypeScript or TSX source file writes: its string literals, the literal parts of its template
 * strings and its JSX texts. Strings that are code (imports, regular expressions, CSS classes in
 * `className`) carry no such space; a string passed to `console.*` is a developer's message in English.
 */
export function sourceTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.expression.getText(file) === 'console') return;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) texts.push(node.text);
    else if (ts.isJsxText(node)) texts.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

/**
 * JSX attribute strings (`title="…"`) take no escapes: a `\u00a0` there is shown as these six characters.
 * They take HTML entities (`&nbsp;`, `&#8239;`) instead.
 */
function escapedAttributes(fileName: string, source: string): SpacingFault[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const faults: SpacingFault[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer) && /\\u[0-9a-f]{4}/i.test(node.initializer.getText(file))) {
      faults.push(`${node.getText(file)} (an escape in a JSX attribute is shown as is: write an entity)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return faults;
}

/** The faults of a source file's texts. */
export function sourceFaults(fileName: string, source: string): SpacingFault[] {
  return [...sourceTexts(fileName, source).flatMap(spacingFaults), ...escapedAttributes(fileName, source)];
}

/** Relative import paths of a source file (`from '…'`, `import '…'`, `import('…')`). */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The source file an import path lands on (with or without its extension, or a folder's index). */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
}

/** The client scripts of an Astro component: its `<script>` elements (not JSON data blocks), as TypeScript. */
export function astroScripts(source: string): string {
  return [...source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type=["']application\/(ld\+)?json/.test(attributes ?? ''))
    .map(([, , body]) => body)
    .join('\n');
}

/** One source the browser runs: its file and its TypeScript (an Astro component's client scripts only). */
export interface BrowserSource {
  file: string;
  source: string;
}

/**
 * What the browser runs, whose texts typograf cannot fix on the way: every React component (`.tsx`) and
 * Astro component's client scripts under `srcDir`, and every module they import, directly or not. `skip`
 * leaves out folders (paths relative to `srcDir`).
 */
export function browserSources(srcDir: string, skip: string[] = []): BrowserSource[] {
  const skipped = (file: string) => skip.some((folder) => relative(srcDir, file).startsWith(folder)) || /\.(test|d)\.tsx?$/.test(file);
  const pending: BrowserSource[] = readdirSync(srcDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(tsx|astro)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !skipped(file))
    .map((file) => {
      const text = readFileSync(file, 'utf8');
      return { file, source: file.endsWith('.astro') ? astroScripts(text) : text };
    });
  const found = new Map<string, BrowserSource>();
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (found.has(next.file)) continue;
    found.set(next.file, next);
    for (const [, specifier] of next.source.matchAll(IMPORT)) {
      const target = resolveImport(next.file, specifier!);
      if (target && target.startsWith(srcDir) && !skipped(target) && !found.has(target)) pending.push({ file: target, source: readFileSync(target, 'utf8') });
    }
  }
  return [...found.values()].sort((a, b) => a.file.localeCompare(b.file));
}
