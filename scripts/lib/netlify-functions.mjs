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

/** The packages that make the PDF library: a function that bundles one of them carries it all (fonts, brotli…). */
export const PDF_LIBRARIES = ['pdfkit', 'fontkit'];

/** A function's worst cold start may be at most this many times the median of all of them. */
export const COLD_SPREAD_MAX = 3;

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

/** The PDF packages among a function's inputs (files of its bundle), by package name. */
export function pdfLibrariesIn(inputs) {
  return PDF_LIBRARIES.filter((name) => inputs.some((input) => input.replaceAll('\\', '/').includes(`/node_modules/${name}/`)));
}

/** The median of a non-empty list of numbers. */
export function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The benchmark's summary line and its failures (empty when it passes).
 * @param {Array<{ name: string, megabytes: number, coldMs: number, pdfLibraries: string[], problem?: string }>} results
 */
export function coldVerdict(results) {
  const failures = [];
  for (const { name, pdfLibraries, problem } of results) {
    if (problem) failures.push(`${name} : ${problem}`);
    if (pdfLibraries.length > 0 && !PDF_FUNCTIONS.includes(name)) {
      failures.push(`${name} ne fait aucun PDF mais embarque ${pdfLibraries.join(' et ')} (la bibliothèque PDF)`);
    }
  }
  const middle = medianOf(results.map((result) => result.coldMs));
  const worst = results.reduce((a, b) => (b.coldMs > a.coldMs ? b : a));
  const largest = results.reduce((a, b) => (b.megabytes > a.megabytes ? b : a));
  if (worst.coldMs > COLD_SPREAD_MAX * middle) {
    failures.push(`${worst.name} démarre à froid en ${Math.round(worst.coldMs)} ms, plus de ${COLD_SPREAD_MAX} fois la médiane (${Math.round(middle)} ms)`);
  }
  const summary = `cold: ${results.length} functions, median ${Math.round(middle)} ms, worst ${Math.round(worst.coldMs)} ms (${worst.name}), largest ${largest.megabytes.toFixed(1)} MB (${largest.name})`;
  return { summary, failures };
}
