/**
 * One way to write a moment: `src/records/moment.ts`. Anywhere else in src/ and netlify/, turning a date
 * into text through the runtime's locale machinery (`Intl.DateTimeFormat`, `toLocaleDateString`,
 * `toLocaleTimeString`, `toLocaleString` on a Date) is refused: it picks the browser's or the head office's
 * zone instead of the record's. `toLocaleString` on a number (« 1 000 ») is fine: the receiver's type
 * decides, read by TypeScript's checker, so a Date held in any variable is caught.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const THE_ONE_PLACE = 'src/records/moment.ts';
const SOURCE = /\.(ts|tsx|mts|mjs|js|astro)$/;

/** The project's source files under a folder, tests left out (a test may check against the runtime). */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** Calls that only ever format dates. */
const DATE_ONLY = /\bIntl\s*\.\s*DateTimeFormat\b|\.toLocale(?:Date|Time)String\s*\(/g;
/** Options only a date's `toLocaleString` takes (in a file the type checker does not read: .astro). */
const DATE_OPTIONS = /\.toLocaleString\s*\([^)]*\b(?:timeZone|dateStyle|timeStyle|weekday|hour|minute|month)\b/g;

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** The date-only calls of some texts, as « file:line ». */
function dateOnlyCalls(files: readonly { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) => [...text.matchAll(DATE_ONLY), ...(file.endsWith('.astro') ? text.matchAll(DATE_OPTIONS) : [])].map((match) => `${file}:${lineOf(text, match.index)}`));
}

/**
 * The `toLocaleString` calls whose receiver is a Date, in TypeScript files, as « file:line ». The standard
 * library without the DOM's declarations: a Date is the language's, and the checker starts in a third of the time.
 */
function dateToLocaleStringCalls(files: readonly string[]): string[] {
  const program = ts.createProgram(files, { allowJs: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, jsx: ts.JsxEmit.ReactJSX, allowImportingTsExtensions: true, lib: ['lib.es2023.d.ts'], types: [] });
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'toLocaleString') {
        const type = checker.getTypeAtLocation(node.expression.expression);
        const isDate = (candidate: ts.Type): boolean => (candidate.isUnion() ? candidate.types.some(isDate) : candidate.getSymbol()?.getName() === 'Date');
        if (isDate(type)) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('one way to write a moment', () => {
  const files = [...sources(join(root, 'src')), ...sources(join(root, 'netlify'))].filter((file) => relative(root, file) !== THE_ONE_PLACE);
  const typed = files.filter((file) => !file.endsWith('.astro') && readFileSync(file, 'utf8').includes('toLocaleString'));
  // A sample beside the project's files, read by the same program (the checker starts once).
  const folder = mkdtempSync(join(tmpdir(), 'moments-'));
  const sample = join(folder, 'sample.ts');
  writeFileSync(
    sample,
    [
      'const count = 12_000;',
      'const sentAt: Date | undefined = new Date();',
      "export const amount = count.toLocaleString('fr-FR');",
      "export const when = new Date(0).toLocaleString('fr-FR');",
      "export const price = (12.5).toLocaleString('fr-FR', { maximumFractionDigits: 1 });",
      "export const later = sentAt?.toLocaleString('fr-FR', { timeZone: 'UTC' });",
    ].join('\n'),
  );
  let hits: string[] | undefined;
  const typedHits = (): string[] => (hits ??= dateToLocaleStringCalls([sample, ...typed]));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('finds a date formatted through the locale machinery, and leaves numbers alone', () => {
    const samples = [
      { file: 'a.ts', text: "const f = new Intl.DateTimeFormat('fr-FR');" },
      { file: 'b.ts', text: "const t = new Date().toLocaleDateString('fr-FR');\nconst u = at.toLocaleTimeString();" },
      { file: 'c.astro', text: "---\nconst t = when.toLocaleString('fr-FR', { timeZone: 'UTC' });\n---" },
      { file: 'd.ts', text: "const n = (12000).toLocaleString('fr-FR', { maximumFractionDigits: 1 });" },
    ];
    expect(dateOnlyCalls(samples)).toEqual(['a.ts:1', 'b.ts:1', 'b.ts:2', 'c.astro:2']);
  });

  it('reads the receiver’s type: a Date in a variable is caught, a number is not', () => {
    expect(typedHits().filter((hit) => hit.startsWith(sample))).toEqual([`${sample}:4`, `${sample}:6`]);
  }, 120_000);

  it(`no file of src/ or netlify/ but ${THE_ONE_PLACE} formats a date itself`, () => {
    expect(files.length).toBeGreaterThan(100);
    const texts = files.map((file) => ({ file: relative(root, file), text: readFileSync(file, 'utf8') }));
    expect(dateOnlyCalls(texts), `write moments with moment() or calendarDay() from ${THE_ONE_PLACE}`).toEqual([]);
    const project = typedHits().filter((hit) => !hit.startsWith(sample));
    expect(project.map((hit) => relative(root, hit)), `write moments with moment() from ${THE_ONE_PLACE}`).toEqual([]);
  }, 120_000);
});
