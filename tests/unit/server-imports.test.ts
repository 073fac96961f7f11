/**
 * The server laid out like the site: the folders of netlify/lib (http, storage, auth, mail, requests,
 * devis, catalogue, retention…) import each other one way only, and no code of src/ that ships to the
 * browser reaches a file of netlify/, directly or through other files (the browser would get server
 * code, or the build would fail on a Node module). Build-time and server-only code of src/ may: the
 * `*.server.ts` modules, the content config, build integrations, the pages' endpoints, and the frontmatter
 * of `.astro` files (only their `<script>` ships).
 */
import { readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { cycles, folderGraph, forbiddenChains, sourceFiles, type SourceFile } from '../helpers/import-graph';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverLib = join(root, 'netlify/lib');
const netlifyDir = join(root, 'netlify');
const srcDir = join(root, 'src');

const read = (file: string): SourceFile => ({ file, text: readFileSync(file, 'utf8') });

/** Whether a file of src/ runs only on the server or at build time. */
function isServerOrBuildOnly(file: string): boolean {
  const path = relative(srcDir, file);
  return (
    /\.server\.tsx?$/.test(path) ||
    /\.d\.ts$/.test(path) ||
    path === 'content.config.ts' ||
    basename(path) === 'integration.ts' ||
    (path.startsWith(`pages/`) && /\.ts$/.test(path))
  );
}

/** What of a file ships to the browser: the whole module, or only the `<script>` blocks of an `.astro` file. */
function shippedPart(source: SourceFile): SourceFile {
  if (!source.file.endsWith('.astro')) return source;
  return { file: source.file, text: [...source.text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body).join('\n') };
}

describe('imports between server folders', () => {
  test('the cycle finder names a cycle between server folders, and accepts one-way arrows', () => {
    const at = (name: string) => join(serverLib, name);
    const graph = folderGraph(serverLib, [
      { file: at('mail/outbox.ts'), text: "import { setMailStatus } from '../requests/requests.ts';" },
      { file: at('requests/requests.ts'), text: "import type { Mail } from '../mail/mail.ts';\nimport { strongStore } from '../storage/storage.ts';" },
      { file: at('devis/devis.ts'), text: "import { touchRequest } from '../requests/requests.ts';" },
      { file: at('storage/storage.ts'), text: "import { getStore } from '@netlify/blobs';" },
    ]);
    expect(cycles(graph)).toEqual(['mail → requests (mail/outbox.ts) → mail (requests/requests.ts)']);
  });

  test('no server folder imports from a folder that imports it back', () => {
    const files = sourceFiles(serverLib).map(read);
    expect(files.length).toBeGreaterThan(20);
    const graph = folderGraph(serverLib, files);
    expect(graph.size, 'the server folders import each other').toBeGreaterThan(4);
    expect(cycles(graph), 'move the shared piece down, or report through a callback the higher folder registers').toEqual([]);
  });
});

describe('browser code and the server', () => {
  test('the chain finder follows imports through other files to netlify/, and leaves build-only files out', () => {
    const files: SourceFile[] = [
      { file: join(srcDir, 'features/x/Island.tsx'), text: "import { a } from '../../lib/a';" },
      { file: join(srcDir, 'lib/a.ts'), text: "import { b } from './b.ts';\nexport const a = 1;" },
      { file: join(srcDir, 'lib/b.ts'), text: "import { json } from '../../netlify/lib/http/http.ts';" },
      { file: join(srcDir, 'features/x/clean.ts'), text: "import { z } from 'zod';\nimport { c } from './c';" },
    ];
    expect(forbiddenChains(files, [files[0]!.file, files[3]!.file], netlifyDir, root)).toEqual([
      'src/features/x/Island.tsx → src/lib/a.ts → src/lib/b.ts → netlify/lib/http/http.ts',
    ]);
    expect(isServerOrBuildOnly(join(srcDir, 'features/seo/social-card.server.ts'))).toBe(true);
    expect(isServerOrBuildOnly(join(srcDir, 'features/contact/request.ts'))).toBe(false);
    expect(shippedPart({ file: 'a.astro', text: "---\nimport x from '../../netlify/lib/x';\n---\n<script>import '../y';</script>" }).text).not.toContain('netlify');
  });

  test('no code of src/ that ships to the browser imports a netlify/ file, directly or not', () => {
    const files = sourceFiles(srcDir).map(read);
    const shipped = files.filter((source) => !isServerOrBuildOnly(source.file));
    expect(shipped.length).toBeGreaterThan(50);
    const graphFiles = files.map((source) => (isServerOrBuildOnly(source.file) ? source : shippedPart(source)));
    expect(forbiddenChains(graphFiles, shipped.map((source) => source.file), netlifyDir, root), 'browser code must not reach netlify/: share through src/ instead').toEqual([]);
  });
});
