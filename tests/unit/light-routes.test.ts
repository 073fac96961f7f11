/**
 * Light routes: a route that neither makes nor serves a PDF never reaches the PDF code (pdfkit and its fonts
 * weigh megabytes, loaded on every cold start), and only the routes that receive a ticket's photos reach
 * sharp (the image library that re-encodes them). A function of several routes loads each route's module on
 * its first call (netlify/lib/api/router.ts), so the function itself, before any route, reaches neither.
 *
 * But the bundler puts a function and all its routes in one file, and hoists every package a route imports
 * statically to that file's top: loaded at the start of every call, whatever the route. So a heavy package is
 * imported with `import()` by the code that uses it (kept lazy in the bundle), and the last test bundles each
 * function as Netlify does and finds no heavy package among its static imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PDF_ROUTES, PHOTO_ROUTES } from '../../scripts/lib/netlify-functions.mjs';

/** Every route module, by name, and its file; a function without a routes table is its own route. */
const routeFiles = readdirSync('netlify/routes', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap(({ name: folder }) => readdirSync(`netlify/routes/${folder}`).map((file) => ({ name: file.replace(/\.ts$/, ''), file: `netlify/routes/${folder}/${file}` })));
const functionFiles = readdirSync('netlify/functions')
  .filter((file) => file.endsWith('.mts'))
  .map((file) => ({ name: file.replace(/\.mts$/, ''), file: `netlify/functions/${file}` }));
const ideaFunctions = functionFiles.filter(({ file }) => /\broutes\(\{/.test(readFileSync(file, 'utf8')));
const routes = [...routeFiles, ...functionFiles.filter((entry) => !ideaFunctions.includes(entry))];

/** What a module loads with `import()` is left out: it is loaded later, by the call that needs it. */
const staticOnly: Plugin = {
  name: 'static-only',
  setup: (context) => context.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined)),
};

/** The source files a module reaches: everything, or what it loads before its first call (`start`); each built once. */
const built = new Map<string, Promise<string[]>>();
function inputsOf(file: string, { start = false } = {}): Promise<string[]> {
  const key = `${file} ${start}`;
  if (!built.has(key)) built.set(key, bundleInputs(file, start));
  return built.get(key)!;
}

async function bundleInputs(file: string, start: boolean): Promise<string[]> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    external: ['@netlify/*'],
    logLevel: 'silent',
    plugins: start ? [staticOnly] : [],
  });
  return Object.keys(result.metafile.inputs);
}

const usesSharp = (inputs: string[]) => inputs.some((input) => input.includes('node_modules/sharp/'));

const makesPdf = (inputs: string[]) => inputs.some((input) => /node_modules\/(pdfkit|fontkit)\/|netlify\/lib\/devis\/devis-pdf\.ts$/.test(input));

/**
 * The packages that cost a tenth of a second or more to load (or megabytes): only `import()`ed by the call that
 * uses them. What stays static is what nearly every call needs (zod, jose, the Blobs client…).
 */
const HEAVY_PACKAGES = /^(pdfkit|fontkit|sharp|date-holidays|@zxcvbn-ts\/.*|@simplewebauthn\/server(\/.*)?|web-push|qrcode|postmark)$/;

/** The packages a function's bundle imports statically (its local `import()`s inlined, as Netlify's bundler does). */
async function staticPackagesOf(file: string): Promise<string[]> {
  const result = await build({ entryPoints: [file], bundle: true, platform: 'node', format: 'esm', write: false, metafile: true, packages: 'external', logLevel: 'silent' });
  const packages = Object.values(result.metafile.inputs).flatMap(({ imports }) => imports.filter((entry) => entry.external && entry.kind !== 'dynamic-import').map((entry) => entry.path));
  return [...new Set(packages)].sort();
}

describe('light routes', () => {
  it('names routes that exist', () => {
    for (const name of [...PDF_ROUTES, ...PHOTO_ROUTES]) expect(routes.map((route) => route.name)).toContain(name);
  });

  it.each(routes.filter(({ name }) => !PDF_ROUTES.includes(name)))('$name imports no PDF code', async ({ file }) => {
    expect(makesPdf(await inputsOf(file))).toBe(false);
  });

  it.each(routes.filter(({ name }) => PDF_ROUTES.includes(name)))('$name, which makes or serves a PDF, does', async ({ file }) => {
    expect(makesPdf(await inputsOf(file))).toBe(true);
  });

  it.each(routes.filter(({ name }) => !PHOTO_ROUTES.includes(name)))('$name imports no image library', async ({ file }) => {
    expect(usesSharp(await inputsOf(file))).toBe(false);
  });

  it.each(routes.filter(({ name }) => PHOTO_ROUTES.includes(name)))('$name, which receives photos, re-encodes them with sharp', async ({ file }) => {
    expect(usesSharp(await inputsOf(file))).toBe(true);
  });

  it.each(ideaFunctions)('$name starts without the PDF code or the image library (its routes load them)', async ({ file }) => {
    const inputs = await inputsOf(file, { start: true });
    expect(makesPdf(inputs)).toBe(false);
    expect(usesSharp(inputs)).toBe(false);
    expect(inputs.some((input) => input.startsWith('netlify/routes/'))).toBe(false);
  });

  it.each(functionFiles)('$name, bundled with all its routes, imports no heavy package before a call needs it', async ({ file }) => {
    expect((await staticPackagesOf(file)).filter((name) => HEAVY_PACKAGES.test(name))).toEqual([]);
  });
});
