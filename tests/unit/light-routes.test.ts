/**
 * Light routes: a route that neither makes nor serves a PDF loads no PDF code when it starts (pdfkit and its fonts
 * weigh megabytes, loaded on every cold start), and only the routes that receive a ticket's photos reach
 * sharp (the image library that re-encodes them). A function of several routes loads each route's module on
 * its first call (netlify/lib/api/router.ts), so the function itself, before any route, reaches neither.
 *
 * But the bundler puts a function and all its routes in one file, and hoists every package a route imports
 * statically to that file's top: loaded at the start of every call, whatever the route. So a heavy package is
 * imported with `import()` by the code that uses it (kept lazy in the bundle), and the last test finds no heavy
 * package among the static imports of each function bundled as Netlify does.
 *
 * Each function is bundled once (esbuild, packages left outside as Netlify's builder leaves them); every rule
 * is a walk over that bundle's import graph.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PDF_ROUTES, PHOTO_ROUTES } from '../../scripts/lib/netlify-functions.mjs';

const functionFiles = readdirSync('netlify/functions')
  .filter((file) => file.endsWith('.mts'))
  .map((file) => ({ name: file.replace(/\.mts$/, ''), file: `netlify/functions/${file}` }));
const ideaFunctions = functionFiles.filter(({ file }) => /\broutes\(\{/.test(readFileSync(file, 'utf8')));
/** Every route module, by name, with its function; a function without a routes table is its own route. */
const routeFiles = readdirSync('netlify/routes', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap(({ name: folder }) => readdirSync(`netlify/routes/${folder}`).map((file) => ({ name: file.replace(/\.ts$/, ''), file: `netlify/routes/${folder}/${file}`, fn: `netlify/functions/${folder}.mts` })));
const routes = [...routeFiles, ...functionFiles.filter((entry) => !ideaFunctions.includes(entry)).map((entry) => ({ ...entry, fn: entry.file }))];

/**
 * The packages that cost a tenth of a second or more to load (or megabytes): only `import()`ed by the call that
 * uses them. What stays static is what nearly every call needs (zod, jose, the Blobs client…).
 */
const HEAVY_PACKAGES = /^(pdfkit|fontkit|sharp|date-holidays|@zxcvbn-ts\/.*|@simplewebauthn\/server(\/.*)?|web-push|qrcode|postmark)$/;
const PDF_CODE = /^(pdfkit|fontkit)$|netlify\/lib\/(devis\/devis-pdf|pdf\/pdf-document|pdf\/pdf-flow|tickets\/report-pdf|repairs\/(slip|repair-report)-pdf)\.ts$/;
const IMAGE_LIBRARY = /^sharp$/;

/** A function's bundle graph, built once. */
const graphs = new Map<string, Promise<Metafile['inputs']>>();
function graphOf(fn: string): Promise<Metafile['inputs']> {
  if (!graphs.has(fn)) {
    graphs.set(
      fn,
      build({ entryPoints: [fn], bundle: true, platform: 'node', format: 'esm', write: false, metafile: true, packages: 'external', logLevel: 'silent' }).then(
        (result) => result.metafile.inputs,
      ),
    );
  }
  return graphs.get(fn)!;
}

type Edge = Metafile['inputs'][string]['imports'][number];

/**
 * What a module reaches in its function's graph: its source files and the packages it imports, with how. With
 * `lazy: false` an `import()` is not followed (what the module loads before its first call); with `lazy: true`
 * it is (everything it may load). `statically` lists the packages imported with `import … from`, which the
 * bundler hoists however the file holding them is reached.
 */
async function reach(fn: string, from: string, { lazy }: { lazy: boolean }): Promise<{ files: Set<string>; packages: Set<string>; statically: Set<string> }> {
  const inputs = await graphOf(fn);
  const files = new Set<string>([from]);
  const packages = new Set<string>();
  const statically = new Set<string>();
  const queue = [from];
  while (queue.length > 0) {
    for (const edge of inputs[queue.shift()!]?.imports ?? ([] as Edge[])) {
      if (edge.kind === 'dynamic-import' && !lazy) continue;
      if (edge.external) {
        packages.add(edge.path);
        if (edge.kind !== 'dynamic-import') statically.add(edge.path);
      } else if (!files.has(edge.path)) {
        files.add(edge.path);
        queue.push(edge.path);
      }
    }
  }
  return { files, packages, statically };
}

const touches = (found: { files: Set<string>; packages: Set<string> }, pattern: RegExp) => [...found.files, ...found.packages].some((name) => pattern.test(name));

describe('light routes', () => {
  it('names routes that exist', () => {
    for (const name of [...PDF_ROUTES, ...PHOTO_ROUTES]) expect(routes.map((route) => route.name)).toContain(name);
  });

  // A route may reach the PDF code through an `import()` of a case that makes one (a repair moved to « Réparé »
  // makes its report, whichever screen moved it): that code loads with that call only. What it loads when it
  // starts holds none of it.
  it.each(routes.filter(({ name }) => !PDF_ROUTES.includes(name)))('$name loads no PDF code when it starts', async ({ fn, file }) => {
    expect(touches(await reach(fn, file, { lazy: false }), PDF_CODE)).toBe(false);
  });

  it.each(routes.filter(({ name }) => PDF_ROUTES.includes(name)))('$name, which makes or serves a PDF, does', async ({ fn, file }) => {
    expect(touches(await reach(fn, file, { lazy: true }), PDF_CODE)).toBe(true);
  });

  it.each(routes.filter(({ name }) => !PHOTO_ROUTES.includes(name)))('$name imports no image library', async ({ fn, file }) => {
    expect(touches(await reach(fn, file, { lazy: true }), IMAGE_LIBRARY)).toBe(false);
  });

  it.each(routes.filter(({ name }) => PHOTO_ROUTES.includes(name)))('$name, which receives photos, re-encodes them with sharp', async ({ fn, file }) => {
    expect(touches(await reach(fn, file, { lazy: true }), IMAGE_LIBRARY)).toBe(true);
  });

  it.each(ideaFunctions)('$name starts without the PDF code or the image library (its routes load them)', async ({ file }) => {
    const start = await reach(file, file, { lazy: false });
    expect(touches(start, PDF_CODE)).toBe(false);
    expect(touches(start, IMAGE_LIBRARY)).toBe(false);
    expect([...start.files].some((input) => input.startsWith('netlify/routes/'))).toBe(false);
  });

  it.each(functionFiles)('$name, bundled with all its routes, imports no heavy package before a call needs it', async ({ file }) => {
    const everything = await reach(file, file, { lazy: true });
    expect([...everything.statically].filter((name) => HEAVY_PACKAGES.test(name))).toEqual([]);
  });
});
