/**
 * The site's Netlify Functions as Netlify builds them: their settings read from netlify.toml, the list of
 * the functions allowed to carry the PDF library, and the verdict of the cold-start benchmark
 * (scripts/bench-cold.mjs), kept apart from it so that a unit test can check the rules.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

/**
 * The routes that make a PDF (a devis, a ticket's report, a repair's deposit slip or devis): the only ones whose module graph may reach the
 * PDF library (tests/unit/light-routes.test.ts). A route is named by its module's file name
 * (netlify/routes/<function>/<route>.ts), or a function of one path by its own name.
 */
export const PDF_ROUTES = ['devis-public', 'devis-admin-pdf', 'devis-send', 'space-devis-document', 'ticket-resolution', 'repair-reception', 'repair-devis'];

/**
 * The routes that receive a ticket's or a repair's photos and re-encode them: the only ones that may reach sharp (a native
 * image library of tens of megabytes). Serving a kept photo needs only its bytes.
 */
export const PHOTO_ROUTES = ['space-tickets', 'space-ticket', 'ticket-staff-messages', 'repair-reception'];

/** The functions that serve a PDF route (its module loaded by that route only): the only ones that may carry the PDF library. */
export const PDF_FUNCTIONS = ['devis', 'devis-public', 'space', 'tickets', 'repairs'];

/** The functions that serve a photo route: the only ones that may carry the image library. */
export const PHOTO_FUNCTIONS = ['space', 'tickets', 'repairs'];

/** The packages that make the PDF library: a function that bundles one of them carries it all (fonts, brotli…). */
export const PDF_LIBRARIES = ['pdfkit', 'fontkit'];

/** The image library (native, tens of megabytes). */
export const IMAGE_LIBRARIES = ['sharp'];

/**
 * The worst cold import of any function may be at most this many times the median of those that make no PDF:
 * a function of several routes, PDF ones included, starts about as light as one of one route (its heavy
 * packages loaded by the calls that use them, tests/unit/light-routes.test.ts).
 */
export const COLD_SPREAD_MAX = 2;

/** netlify.toml's per-function keys, as @netlify/zip-it-and-ship-it names them. */
const CONFIG_KEYS = {
  node_bundler: 'nodeBundler',
  included_files: 'includedFiles',
  external_node_modules: 'externalNodeModules',
  ignored_node_modules: 'ignoredNodeModules',
};

/** netlify.toml's settings for the keys zip-it-and-ship-it reads; an unknown key is dropped. */
function zisiSettings(section) {
  return Object.fromEntries(Object.entries(section).flatMap(([key, value]) => (CONFIG_KEYS[key] ? [[CONFIG_KEYS[key], value]] : [])));
}

/**
 * The functions folder and the zip-it-and-ship-it `config` netlify.toml gives: `[functions]` for every
 * function (`'*'`), `[functions.<name or glob>]` for some.
 * @param {string} root the project folder
 */
export function functionsSettings(root) {
  const { functions = {} } = parse(readFileSync(join(root, 'netlify.toml'), 'utf8'));
  const config = { '*': zisiSettings(functions) };
  for (const [key, value] of Object.entries(functions)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) config[key] = zisiSettings(value);
  }
  return { directory: join(root, functions.directory ?? 'netlify/functions'), config };
}

/** The packages of a list among a function's inputs (files of its bundle), by package folder. */
const packagesIn = (names, inputs) => names.filter((name) => inputs.some((input) => input.replaceAll('\\', '/').includes(`/node_modules/${name}/`)));

/** The PDF packages among a function's inputs, by package name. */
export const pdfLibrariesIn = (inputs) => packagesIn(PDF_LIBRARIES, inputs);

/** The image library among a function's inputs. */
export const imageLibrariesIn = (inputs) => packagesIn(IMAGE_LIBRARIES, inputs);

/** The median of a non-empty list of numbers. */
export function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The benchmark's summary line and its failures (empty when it passes): the worst cold import of all the
 * functions against the median of those that make no PDF.
 * @param {Array<{ name: string, megabytes: number, coldMs: number, importMs: number, pdfLibraries: string[], imageLibraries?: string[], problem?: string }>} results
 */
export function coldVerdict(results) {
  const failures = [];
  for (const { name, pdfLibraries, imageLibraries = [], problem } of results) {
    if (problem) failures.push(`${name}\u00a0: ${problem}`);
    if (pdfLibraries.length > 0 && !PDF_FUNCTIONS.includes(name)) {
      failures.push(`${name} ne fait aucun PDF mais embarque ${pdfLibraries.join(' et ')} (la bibliothèque PDF)`);
    }
    if (imageLibraries.length > 0 && !PHOTO_FUNCTIONS.includes(name)) {
      failures.push(`${name} ne reçoit aucune photo mais embarque ${imageLibraries.join(' et ')} (la bibliothèque d’images)`);
    }
  }
  const light = results.filter((result) => !PDF_FUNCTIONS.includes(result.name));
  const middle = medianOf(light.map((result) => result.importMs));
  const worst = results.reduce((a, b) => (b.importMs > a.importMs ? b : a));
  const largest = results.reduce((a, b) => (b.megabytes > a.megabytes ? b : a));
  if (worst.importMs > COLD_SPREAD_MAX * middle) {
    failures.push(`${worst.name} importe son code à froid en ${Math.round(worst.importMs)} ms, plus de ${COLD_SPREAD_MAX} fois la médiane des fonctions sans PDF (${Math.round(middle)} ms)`);
  }
  const allMiddle = medianOf(results.map((result) => result.coldMs));
  const summary = `cold: ${results.length} functions, median ${Math.round(allMiddle)} ms, cold import: median without PDF ${Math.round(middle)} ms, worst ${Math.round(worst.importMs)} ms (${worst.name}), largest ${largest.megabytes.toFixed(1)} MB (${largest.name})`;
  return { summary, failures };
}
