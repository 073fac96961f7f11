/**
 * Features depend on each other one way only: no folder of src/features imports (directly or through other
 * features) from a feature that imports it back. How: every non-test source file of src/features is read,
 * its relative import paths (`from '…'`, `import '…'`, `import('…')`) resolved to the feature folder they
 * land in; the feature → feature graph is then searched for cycles. A cycle names its features and one
 * file per arrow, so the fix (move the shared piece down, or turn the dependency around) is plain.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const featuresDir = fileURLToPath(new URL('../../src/features', import.meta.url));
const SOURCE = /\.(ts|tsx|astro|mts)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The feature a path under src/features belongs to (its first folder), or undefined outside. */
function featureOf(path: string): string | undefined {
  const inside = relative(featuresDir, path);
  if (inside.startsWith('..')) return undefined;
  const [feature] = inside.split(sep);
  return feature && inside.includes(sep) ? feature : undefined;
}

/** feature → feature it imports → one file that does it. */
export function featureGraph(files: { file: string; text: string }[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const { file, text } of files) {
    const from = featureOf(file);
    if (!from) continue;
    for (const [, specifier] of text.matchAll(IMPORT)) {
      const to = featureOf(resolve(dirname(file), specifier!));
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, relative(featuresDir, file));
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle of the graph, as « a → b (file) → a (file) », each found once from its smallest feature. */
export function cycles(graph: Map<string, Map<string, string>>): string[] {
  const found: string[] = [];
  const walk = (start: string, at: string, path: string[]) => {
    for (const [next, file] of graph.get(at) ?? []) {
      const step = `${next} (${file})`;
      if (next === start) found.push([start, ...path, step].join(' → '));
      else if (next > start && !path.some((p) => p.startsWith(`${next} (`))) walk(start, next, [...path, step]);
    }
  };
  for (const feature of [...graph.keys()].sort()) walk(feature, feature, []);
  return found;
}

describe('imports between feature folders', () => {
  test('the cycle finder names a two-way and a three-way cycle, and accepts one-way arrows', () => {
    const at = (name: string) => join(featuresDir, name);
    const graph = featureGraph([
      { file: at('cart/Cart.tsx'), text: "import Q from '../quote/Quote';" },
      { file: at('quote/Quote.tsx'), text: "import { c } from '../cart/cart';" },
      { file: at('a/a.ts'), text: "import '../b/b';" },
      { file: at('b/b.ts'), text: "export const x = await import('../c/c');" },
      { file: at('c/c.ts'), text: "import { y } from '../a/a';" },
      { file: at('store/s.ts'), text: "import { c } from '../cart/cart';\nimport { p } from '../../lib/paths';" },
    ]);
    expect(cycles(graph)).toEqual([
      'a → b (a/a.ts) → c (b/b.ts) → a (c/c.ts)',
      'cart → quote (cart/Cart.tsx) → cart (quote/Quote.tsx)',
    ]);
  });

  test('no feature imports from a feature that imports it back', () => {
    const files = sourceFiles(featuresDir).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(10);
    expect(cycles(featureGraph(files)), 'move the shared piece down (src/lib) or turn the dependency around').toEqual([]);
  });
});
