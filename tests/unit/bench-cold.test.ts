/**
 * The cold-start benchmark's rules (scripts/lib/netlify-functions.mjs): only the functions that make a
 * PDF may bundle the PDF library, the worst cold start stays within 3 × the median, and the settings are
 * netlify.toml's own.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coldVerdict, functionsSettings, PDF_FUNCTIONS, pdfLibrariesIn } from '../../scripts/lib/netlify-functions.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const result = (name: string, coldMs: number, pdfLibraries: string[] = [], megabytes = 1) => ({ name, coldMs, pdfLibraries, megabytes });

describe('cold-start verdict', () => {
  it('passes light functions within 3 × the median, and names the median, the worst and the largest', () => {
    const { summary, failures } = coldVerdict([result('health', 100), result('contact-list', 120, [], 2.5), result('quote', 290)]);
    expect(failures).toEqual([]);
    expect(summary).toBe('cold: 3 functions, median 120 ms, worst 290 ms (quote), largest 2.5 MB (contact-list)');
  });

  it('fails a function that makes no PDF but bundles the PDF library, naming it', () => {
    const { failures } = coldVerdict([result('contact-list', 100, ['pdfkit', 'fontkit']), result('health', 100)]);
    expect(failures).toEqual(['contact-list ne fait aucun PDF mais embarque pdfkit et fontkit (la bibliothèque PDF)']);
  });

  it('lets a function that makes PDFs bundle the PDF library', () => {
    expect(coldVerdict(PDF_FUNCTIONS.map((name) => result(name, 100, ['pdfkit']))).failures).toEqual([]);
  });

  it('fails when the worst cold start is over 3 × the median, saying why', () => {
    const { failures } = coldVerdict([result('a', 100), result('b', 100), result('c', 301)]);
    expect(failures).toEqual(['c démarre à froid en 301 ms, plus de 3 fois la médiane (100 ms)']);
  });

  it('fails a function whose call failed', () => {
    const { failures } = coldVerdict([{ ...result('health', 100), problem: 'a répondu 500 au lieu de 405' }]);
    expect(failures).toEqual(['health : a répondu 500 au lieu de 405']);
  });

  it('finds the PDF packages among a bundle’s inputs by package folder, not by a name inside another', () => {
    expect(pdfLibrariesIn(['/site/node_modules/pdfkit/js/pdfkit.js', '/site/node_modules/jose/index.js'])).toEqual(['pdfkit']);
    expect(pdfLibrariesIn(['C:\\site\\node_modules\\fontkit\\dist\\main.cjs'])).toEqual(['fontkit']);
    expect(pdfLibrariesIn(['/site/node_modules/not-pdfkit/index.js', '/site/netlify/lib/devis/pdfkit.ts'])).toEqual([]);
  });
});

describe('function settings', () => {
  it('are netlify.toml’s [functions] settings, for every function and per function, named as Netlify’s builder reads them', () => {
    const folder = mkdtempSync(join(tmpdir(), 'functions-settings-'));
    try {
      writeFileSync(
        join(folder, 'netlify.toml'),
        ['[functions]', '  directory = "fonctions"', '  node_bundler = "esbuild"', '  included_files = ["a/*.json"]', '  external_node_modules = ["pdfkit"]', '[functions."devis-*"]', '  included_files = ["fonts/*.ttf"]'].join('\n'),
      );
      expect(functionsSettings(folder)).toEqual({
        directory: join(folder, 'fonctions'),
        config: {
          '*': { nodeBundler: 'esbuild', includedFiles: ['a/*.json'], externalNodeModules: ['pdfkit'] },
          'devis-*': { includedFiles: ['fonts/*.ttf'] },
        },
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('read the site’s own netlify.toml: esbuild, as Netlify builds these functions', () => {
    const { directory, config } = functionsSettings(root);
    expect(directory).toBe(join(root, 'netlify', 'functions'));
    expect(config['*']?.nodeBundler).toBe('esbuild');
  });
});
