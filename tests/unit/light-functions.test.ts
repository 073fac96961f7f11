/**
 * Light functions: a function that neither makes nor serves a devis PDF never bundles the PDF code
 * (pdfkit and its fonts weigh megabytes, loaded on every cold start), and only the functions that receive
 * a ticket's photos bundle sharp (the image library that re-encodes them).
 */
import { readdirSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PDF_FUNCTIONS, PHOTO_FUNCTIONS } from '../../scripts/lib/netlify-functions.mjs';

/** Every function of the site, by name; those that make or serve a PDF are listed once, with the benchmark. */
const functions = readdirSync('netlify/functions').filter((file) => file.endsWith('.mts')).map((file) => file.replace(/\.mts$/, ''));
const light = functions.filter((name) => !PDF_FUNCTIONS.includes(name));

/** The source files a function's bundle reaches. */
async function inputsOf(name: string): Promise<string[]> {
  const result = await build({ entryPoints: [`netlify/functions/${name}.mts`], bundle: true, platform: 'node', format: 'esm', write: false, metafile: true, external: ['@netlify/*'], logLevel: 'silent' });
  return Object.keys(result.metafile.inputs);
}

const usesSharp = (inputs: string[]) => inputs.some((input) => input.includes('node_modules/sharp/'));

const makesPdf = (inputs: string[]) => inputs.some((input) => /node_modules\/pdfkit\/|netlify\/lib\/devis\/devis-pdf\.ts$/.test(input));

describe('light functions', () => {
  it.each(light)('%s imports no PDF code', async (name) => {
    expect(makesPdf(await inputsOf(name))).toBe(false);
  });

  it.each(PDF_FUNCTIONS)('%s, which makes or serves a PDF, does', async (name) => {
    expect(makesPdf(await inputsOf(name))).toBe(true);
  });

  it.each(functions.filter((name) => !PHOTO_FUNCTIONS.includes(name)))('%s imports no image library', async (name) => {
    expect(usesSharp(await inputsOf(name))).toBe(false);
  });

  it.each(PHOTO_FUNCTIONS)('%s, which receives photos, re-encodes them with sharp', async (name) => {
    expect(usesSharp(await inputsOf(name))).toBe(true);
  });
});
