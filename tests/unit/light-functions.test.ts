/**
 * Light functions: a function that neither makes nor serves a devis PDF never bundles the PDF code
 * (pdfkit and its fonts weigh megabytes, loaded on every cold start).
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** The source files a function's bundle reaches. */
async function inputsOf(name: string): Promise<string[]> {
  const result = await build({ entryPoints: [`netlify/functions/${name}.mts`], bundle: true, platform: 'node', format: 'esm', write: false, metafile: true, external: ['@netlify/*'], logLevel: 'silent' });
  return Object.keys(result.metafile.inputs);
}

const makesPdf = (inputs: string[]) => inputs.some((input) => /node_modules\/pdfkit\/|netlify\/lib\/devis\/devis-pdf\.ts$/.test(input));

describe('light functions', () => {
  it.each(['contact-list', 'contact-request', 'purge-expired', 'mail-outbox', 'devis-admin', 'devis-admin-action'])('%s imports no PDF code', async (name) => {
    expect(makesPdf(await inputsOf(name))).toBe(false);
  });

  it.each(['devis-send', 'devis-public', 'devis-admin-pdf'])('%s, which makes or serves a PDF, does', async (name) => {
    expect(makesPdf(await inputsOf(name))).toBe(true);
  });
});
