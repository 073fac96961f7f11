/**
 * The cold-start benchmark's rules (scripts/lib/netlify-functions.mjs): only the functions that make a
 * PDF may bundle the PDF library, only those that receive photos the image library, the worst cold import
 * stays within 2 × the median of the functions without PDF, and the settings are netlify.toml's own.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coldVerdict, functionsSettings, imageLibrariesIn, PDF_FUNCTIONS, PHOTO_FUNCTIONS, pdfLibrariesIn } from '../../scripts/lib/netlify-functions.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const result = (name: string, importMs: number, pdfLibraries: string[] = [], megabytes = 1, imageLibraries: string[] = []) => ({ name, coldMs: importMs + 80, importMs, pdfLibraries, imageLibraries, megabytes });

describe('cold-start verdict', () => {
  it('passes functions within 2 × the median import of those without PDF, and names the medians, the worst and the largest', () => {
    const { summary, failures } = coldVerdict([result('health', 100), result('requests', 120, [], 2.5), result('staff', 190), result('devis', 230, ['pdfkit'])]);
    expect(failures).toEqual([]);
    expect(summary).toBe('cold: 4 functions, median 235 ms, cold import: median without PDF 120 ms, worst 230 ms (devis), largest 2.5 MB (requests)');
  });

  it('fails a function that makes no PDF but bundles the PDF library, naming it', () => {
    const { failures } = coldVerdict([result('contact-list', 100, ['pdfkit', 'fontkit']), result('health', 100)]);
    expect(failures).toEqual(['contact-list ne fait aucun PDF mais embarque pdfkit et fontkit (la bibliothèque PDF)']);
  });

  it('lets a function that makes PDFs bundle the PDF library', () => {
    expect(coldVerdict(PDF_FUNCTIONS.map((name) => result(name, 100, ['pdfkit']))).failures).toEqual([]);
  });

  it('fails when the worst cold import is over 2 × the median of the functions without PDF, a PDF function included, saying why', () => {
    expect(coldVerdict([result('a', 100), result('b', 100), result('c', 201)]).failures).toEqual(['c importe son code à froid en 201 ms, plus de 2 fois la médiane des fonctions sans PDF (100 ms)']);
    expect(coldVerdict([result('a', 100), result('b', 100), result('devis', 201, ['pdfkit'])]).failures).toEqual(['devis importe son code à froid en 201 ms, plus de 2 fois la médiane des fonctions sans PDF (100 ms)']);
  });

  it('fails a function that receives no photo but bundles the image library, and lets the photo functions bundle it', () => {
    expect(coldVerdict([result('requests', 100, [], 1, ['sharp']), result('health', 100)]).failures).toEqual(['requests ne reçoit aucune photo mais embarque sharp (la bibliothèque d’images)']);
    expect(coldVerdict(PHOTO_FUNCTIONS.map((name) => result(name, 100, [], 1, ['sharp']))).failures).toEqual([]);
    expect(imageLibrariesIn(['/site/node_modules/sharp/lib/index.js', '/site/node_modules/@img/sharp-linux-x64/lib/sharp.node'])).toEqual(['sharp']);
  });

  it('fails a function whose call failed', () => {
    const { failures } = coldVerdict([{ ...result('health', 100), problem: 'a répondu 500 au lieu de 405' }]);
    expect(failures).toEqual(['health\u00a0: a répondu 500 au lieu de 405']);
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
