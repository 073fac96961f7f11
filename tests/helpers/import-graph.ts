/**
 * The import graph of the project's own files, for the tests that keep its layers one way: the relative
 * import paths of a file (`from '…'`, `import '…'`, `import('…')`, type imports included) resolved
 * against its folder; the graph between the folders of a root, and a search for its cycles.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SOURCE = /\.(ts|tsx|astro|mts)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** A source file and its text. */
export interface SourceFile {
  file: string;
  text: string;
}

/** Every non-test source file under `dir`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The absolute paths a file imports (relative imports only: packages are not the project's layers). */
export function importsOf({ file, text }: SourceFile): string[] {
  return [...text.matchAll(IMPORT)].map(([, specifier]) => resolve(dirname(file), specifier!));
}

/** The folder of `root` a path belongs to (its first folder), or undefined outside or at its top. */
export function folderOf(root: string, path: string): string | undefined {
  const inside = relative(root, path);
  if (inside.startsWith('..')) return undefined;
  const [folder] = inside.split(sep);
  return folder && inside.includes(sep) ? folder : undefined;
}

/** folder → folder it imports → one file that does it, for the folders of `root`. */
export function folderGraph(root: string, files: SourceFile[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const source of files) {
    const from = folderOf(root, source.file);
    if (!from) continue;
    for (const target of importsOf(source)) {
      const to = folderOf(root, target);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, relative(root, source.file));
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle of the graph, as « a → b (file) → a (file) », each found once from its smallest folder. */
export function cycles(graph: Map<string, Map<string, string>>): string[] {
  const found: string[] = [];
  const walk = (start: string, at: string, path: string[]) => {
    for (const [next, file] of graph.get(at) ?? []) {
      const step = `${next} (${file})`;
      if (next === start) found.push([start, ...path, step].join(' → '));
      else if (next > start && !path.some((p) => p.startsWith(`${next} (`))) walk(start, next, [...path, step]);
    }
  };
  for (const folder of [...graph.keys()].sort()) walk(folder, folder, []);
  return found;
}

/**
 * The import chains by which a file of `entries` reaches a file under `forbidden`, following imports
 * through the files of `files` (so an indirect import counts): « a.ts → b.ts → netlify/lib/x.ts ».
 * `relativeTo` only shortens the names printed.
 */
export function forbiddenChains(files: SourceFile[], entries: readonly string[], forbidden: string, relativeTo: string): string[] {
  const known = new Map(files.map((source) => [source.file, source]));
  const withExtension = (path: string) => [path, `${path}.ts`, `${path}.tsx`, path.replace(/\.js$/, '.ts')].find((candidate) => known.has(candidate));
  const inside = (path: string) => !relative(forbidden, path).startsWith('..');
  const chains: string[] = [];
  for (const entry of entries) {
    const seen = new Set<string>([entry]);
    const queue: string[][] = [[entry]];
    while (queue.length > 0) {
      const path = queue.shift()!;
      const source = known.get(path.at(-1)!);
      if (!source) continue;
      for (const target of importsOf(source)) {
        if (inside(target)) {
          chains.push([...path, target].map((file) => relative(relativeTo, file)).join(' → '));
          continue;
        }
        const next = withExtension(target);
        if (next && !seen.has(next)) {
          seen.add(next);
          queue.push([...path, next]);
        }
      }
    }
  }
  return chains;
}
