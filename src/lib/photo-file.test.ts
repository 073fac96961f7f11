import { mkdirSync, mkdtempSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { IMAGE_MARK, photoFileProblem } from './photo-file';

const news = mkdtempSync(join(tmpdir(), 'photo-file-'));
const article = join(news, '2026-03-12-salon.mdx');
const photo = (width: number, format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff') =>
  sharp({ create: { width, height: Math.round((width * 3) / 4), channels: 3, background: '#3a7bd5' } }).toFormat(format).toBuffer();

beforeAll(async () => {
  mkdirSync(join(news, 'images'));
  writeFileSync(join(news, 'images', 'salon.jpg'), await photo(800, 'jpeg'));
  writeFileSync(join(news, 'images', 'salon.png'), await photo(800, 'png'));
  writeFileSync(join(news, 'images', 'salon.webp'), await photo(800, 'webp'));
  writeFileSync(join(news, 'images', 'anime.gif'), await photo(80, 'gif'));
  writeFileSync(join(news, 'images', 'scan.tiff'), await photo(80, 'tiff'));
  // A real JPEG, padded past 10 Mo as a phone's huge export would be.
  writeFileSync(join(news, 'images', 'enorme.jpg'), await photo(800, 'jpeg'));
  appendFileSync(join(news, 'images', 'enorme.jpg'), Buffer.alloc(11 * 1024 * 1024));
});

describe('an editor’s photo (a news article’s or a product’s)', () => {
  test('JPEG, PNG and WebP photos are accepted; a drawing of public/ is not checked here', async () => {
    for (const file of ['./images/salon.jpg', 'images/salon.png', './images/salon.webp', '/images/actualites/salon.svg']) {
      expect(await photoFileProblem(article, file, 'content/news/images/'), file).toBeNull();
    }
  });

  test('another format is refused, naming the file and the format', async () => {
    expect(await photoFileProblem(article, './images/anime.gif', 'content/news/images/')).toBe('l’image anime.gif est refusée : seules les photos JPEG, PNG ou WebP sont acceptées (format reçu : GIF)');
    expect(await photoFileProblem(article, './images/scan.tiff', 'content/news/images/')).toMatch(/^l’image scan\.tiff est refusée : seules les photos JPEG, PNG ou WebP/);
  });

  test('a photo over 10 Mo is refused, naming the file and its weight', async () => {
    expect(await photoFileProblem(article, './images/enorme.jpg', 'content/news/images/')).toMatch(/^l’image enorme\.jpg est refusée : elle pèse 11 Mo, au plus 10 Mo sont acceptés/);
  });

  test('a missing photo is named', async () => {
    expect(await photoFileProblem(article, './images/absente.jpg', 'content/news/images/')).toBe(
      'l’image ./images/absente.jpg est introuvable (une photo se place dans content/news/images/ et s’écrit ./images/nom.jpg)',
    );
  });

  test('the path is read as the content layer stores it, marked as an image', async () => {
    expect(await photoFileProblem(article, `${IMAGE_MARK}./images/salon.jpg`, 'content/news/images/')).toBeNull();
    expect(await photoFileProblem(article, `${IMAGE_MARK}./images/anime.gif`, 'content/news/images/')).toMatch(/^l’image anime\.gif est refusée/);
  });
});
