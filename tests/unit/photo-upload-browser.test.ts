/**
 * The ticket's photos in a real browser (Debian's Chromium): a 4032 × 3024 phone photo is resized by
 * photo-upload.ts before it travels (≤ 400 KB sent, ≤ 1 600 px), then re-encoded by the server (≤ 250 KB
 * kept); the photo field (photo-picker.ts) refuses a GIF and a sixth photo in French, and « Retirer » takes a
 * photo out. The browser modules are bundled as the site bundles them (esbuild), into a blank page.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { headlessShellLaunchOptions } from '../../scripts/ensure-chromium.mjs';
import { acceptPhoto } from '../../netlify/lib/tickets/photos';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs';
import { PHOTO_HEIGHT, PHOTO_WIDTH, writePhoto } from '../helpers/photo';

const features = fileURLToPath(new URL('../../src/features/tickets/', import.meta.url));
let browser: Browser;
let page: Page;
let blobs: TestBlobs;
let folder = '';

beforeAll(async () => {
  blobs = await startTestBlobs();
  folder = await mkdtemp(join(tmpdir(), 'photo-upload-'));
  const bundle = await build({
    stdin: { contents: "export { resizePhotos } from './photo-upload.ts'; export { photoPicker } from './photo-picker.ts';", resolveDir: features, loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: 'ticketPhotos',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  browser = await chromium.launch(headlessShellLaunchOptions);
  page = await browser.newPage({ viewport: { width: 390, height: 800 }, locale: 'fr-FR' });
  await page.setContent('<!doctype html><html lang="fr"><body><label for="photos">Photos</label><input id="photos" type="file" multiple></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await blobs.stop();
  await rm(folder, { recursive: true, force: true });
});

describe('a phone photo on its way', () => {
  test('is resized by the browser to ≤ 1 600 px and ≤ 400 KB, then kept by the server in ≤ 250 KB', async () => {
    const file = join(folder, 'IMG_2041.jpg');
    const original = await writePhoto(file);
    await page.setInputFiles('#photos', file);
    const sent = await page.evaluate(async () => {
      const input = document.querySelector<HTMLInputElement>('#photos')!;
      const started = performance.now();
      const [photo] = await (window as unknown as { ticketPhotos: { resizePhotos: (files: File[]) => Promise<File[]> } }).ticketPhotos.resizePhotos([...input.files!]);
      const bytes = new Uint8Array(await photo!.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return { name: photo!.name, type: photo!.type, base64: btoa(binary), ms: Math.round(performance.now() - started) };
    });
    const bytes = Buffer.from(sent.base64, 'base64');
    const metadata = await sharp(bytes).metadata();
    expect([sent.name, sent.type, metadata.format]).toEqual(['IMG_2041.jpg', 'image/jpeg', 'jpeg']);
    expect(Math.max(metadata.width!, metadata.height!)).toBeLessThanOrEqual(1600);
    expect(metadata.width! / metadata.height!).toBeCloseTo(PHOTO_WIDTH / PHOTO_HEIGHT, 2);
    expect(bytes.byteLength).toBeLessThanOrEqual(400 * 1024);
    const kept = await acceptPhoto('t-browser', bytes, sent.type);
    if ('error' in kept) throw new Error(kept.error);
    expect(kept.bytes).toBeLessThanOrEqual(250 * 1024);
    console.log(`photo: ${PHOTO_WIDTH} × ${PHOTO_HEIGHT}, chosen ${Math.round(original / 1024)} KB, sent ${Math.round(bytes.byteLength / 1024)} KB (resized in ${sent.ms} ms), stored ${Math.round(kept.bytes / 1024)} KB`);
  }, 60_000);
});

describe('the photo field', () => {
  test('refuses a GIF and a sixth photo in French, shows a preview of each photo kept, and « Retirer » takes one out', async () => {
    const jpeg = join(folder, 'caisse.jpg');
    const gif = join(folder, 'anime.jpg');
    await writeFile(jpeg, await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a7bd5' } }).jpeg().toBuffer());
    await writeFile(gif, await sharp({ create: { width: 30, height: 20, channels: 3, background: '#d53a3a' } }).gif().toBuffer());
    await page.setContent('<!doctype html><html lang="fr"><body><label for="photos">Photos</label><input id="photos" type="file" multiple></body></html>');
    await page.addScriptTag({ content: (await build({ stdin: { contents: "export { photoPicker } from './photo-picker.ts';", resolveDir: features, loader: 'ts' }, bundle: true, format: 'iife', globalName: 'ticketPhotos', write: false, logLevel: 'silent' })).outputFiles[0]!.text });
    await page.evaluate(() => {
      const field = (window as unknown as { ticketPhotos: { photoPicker: (input: HTMLInputElement) => { files: () => File[] } } }).ticketPhotos.photoPicker(document.querySelector('#photos')!);
      (window as unknown as { chosen: () => number }).chosen = () => field.files().length;
    });
    const chosen = () => page.evaluate(() => (window as unknown as { chosen: () => number }).chosen());

    await page.setInputFiles('#photos', [jpeg, gif]);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('«\u00a0anime.jpg\u00a0» n’est pas une photo JPEG, PNG ou WebP.');
    await expect.poll(() => page.getByRole('img', { name: /^Photo 1\s: caisse\.jpg$/ }).count()).toBe(1);
    expect(await chosen()).toBe(1);

    await page.setInputFiles('#photos', [jpeg, jpeg, jpeg, jpeg, jpeg]);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('5\u00a0photos au plus\u00a0: «\u00a0caisse.jpg\u00a0» n’a pas été ajoutée.');
    expect(await chosen()).toBe(5);

    await page.getByRole('button', { name: 'Retirer la photo 2 (caisse.jpg)' }).click();
    await expect.poll(() => page.getByRole('listitem').count()).toBe(4);
    expect(await chosen()).toBe(4);
    expect(await page.getByRole('status').textContent()).toBe('Photo «\u00a0caisse.jpg\u00a0» retirée.');
  }, 60_000);
});
