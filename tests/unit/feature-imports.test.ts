/**
 * Features depend on each other one way only: no folder of src/features imports (directly or through other
 * features) from a feature that imports it back. How: every non-test source file of src/features is read,
 * its relative import paths (`from '…'`, `import '…'`, `import('…')`) resolved to the feature folder they
 * land in; the feature → feature graph is then searched for cycles. A cycle names its features and one
 * file per arrow, so the fix (move the shared piece down, or turn the dependency around) is plain.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { cycles, folderGraph, sourceFiles, type SourceFile } from '../helpers/import-graph';

const featuresDir = fileURLToPath(new URL('../../src/features', import.meta.url));

/** feature → feature it imports → one file that does it. */
const featureGraph = (files: SourceFile[]) => folderGraph(featuresDir, files);

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
