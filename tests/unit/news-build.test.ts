/**
 * Real `astro build`s of a throw-away copy of the site (in the system's temp folder, never the
 * repository's dist/ or content/): one with the example article of docs/features/editing.md added, following its
 * steps, plus a draft, an article dated in the future and an article with a phone photo; one with a
 * malformed article; the first also gives a product a phone photo. They prove that the editor's guide works,
 * that unpublished articles stay out of every public view, that photos (an article's, a product's) are served
 * resized, and that a bad file stops the build with its name and field.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { writePhoto } from '../helpers/photo';
import { serveFolder } from '../helpers/static-server';
import { headlessShellLaunchOptions } from '../../scripts/ensure-chromium.mjs';
import { RASTER_IMAGE_BUDGET, pageImages } from '../../scripts/budget.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const BUILD_TIMEOUT_MS = 180_000;
const fixtures: string[] = [];

/** A copy of the site whose content/news holds the real articles plus `extra` files; returns its root. */
async function siteCopy(extra: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'news-build-'));
  fixtures.push(root);
  for (const entry of ['node_modules', 'package.json', 'tsconfig.json']) await symlink(join(repo, entry), join(root, entry));
  // Copied, not linked: Vite resolves a linked source folder outside the project and loses its modules.
  for (const entry of ['src', 'public']) await cp(join(repo, entry), join(root, entry), { recursive: true });
  // The content is a copy the test can add to (news) and change (a product's image).
  await cp(join(repo, 'content'), join(root, 'content'), { recursive: true });
  for (const [name, text] of Object.entries(extra)) {
    await mkdir(join(root, 'content', 'news', name, '..'), { recursive: true });
    await writeFile(join(root, 'content', 'news', name), text);
  }
  // The real configuration, with its caches kept inside the copy (the default is the shared node_modules).
  await writeFile(
    join(root, 'astro.config.mjs'),
    `import config from ${JSON.stringify(join(repo, 'astro.config.mjs'))};\n` +
      `export default { ...config, cacheDir: './.cache', vite: { ...config.vite, cacheDir: './.vite' } };\n`,
  );
  return root;
}

/** Runs `astro build` in a copy, as a production build (Vitest's NODE_ENV=test would make it a development one); resolves with its exit code and everything it printed. */
function build(root: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(repo, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--root', root],
      { cwd: root, env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' }, maxBuffer: 20 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
    );
  });
}

/** The example article of docs/features/editing.md: its file name and its text. */
async function readmeExample(): Promise<{ file: string; text: string }> {
  const readme = await readFile(join(repo, 'docs/features/editing.md'), 'utf8');
  const match = /^Example: `content\/news\/([^`]+\.mdx)`\s*```mdx\n([\s\S]*?)```/m.exec(readme);
  if (!match) throw new Error('docs/features/editing.md: the « Files by hand » example was not found');
  return { file: match[1]!, text: match[2]! };
}

afterAll(async () => {
  await Promise.all(fixtures.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

/** An article's front matter and body, as an editor or the CMS writes them. */
function article(fields: Record<string, string>, body = 'Un paragraphe du corps de l’article.\n'): string {
  return ['---', ...Object.entries(fields).map(([key, value]) => `${key}: ${value}`), '---', '', body].join('\n');
}

const common = {
  categorie: 'Événements',
  imageAlt: '"Un stand de salon professionnel avec un comptoir"',
  extrait: '"Un extrait assez long pour respecter la longueur minimale demandée par le schéma."',
  tags: '[salon, Martinique]',
};

describe('a copy of the site with the guide’s example, a draft, a scheduled article, a photo article and a product photo', () => {
  let root = '';
  let example = { file: '', text: '' };
  let built = { code: -1, output: '' };
  const read = (path: string) => readFile(join(root, 'dist', path), 'utf8');
  /** A built page's first <picture>, which must offer AVIF and WebP; its markup and its <img>. */
  const resizedPicture = async (path: string) => {
    const picture = /<picture>[\s\S]*?<\/picture>/.exec(await read(path))?.[0] ?? '';
    expect(picture).toContain('type="image/avif"');
    expect(picture).toContain('type="image/webp"');
    return { picture, img: /<img[^>]*>/.exec(picture)?.[0] ?? '' };
  };
  /** The build's copies of a photo (files of _astro/ named `prefix`…), each far under the 4 Mo original. */
  const publishedCopies = async (prefix: string) => {
    const names = (await readdir(join(root, 'dist', '_astro'))).filter((name) => name.startsWith(prefix));
    for (const name of names) expect((await stat(join(root, 'dist', '_astro', name))).size, name).toBeLessThan(1_000_000);
    return names;
  };
  /** Every raster image a built page offers passes the budget's image rule. */
  const expectImageBudget = (file: string) => {
    const { images, unsized } = pageImages(join(root, 'dist', file));
    expect(unsized, file).toEqual([]);
    for (const [url, bytes] of images) expect(bytes, url).toBeLessThanOrEqual(RASTER_IMAGE_BUDGET);
  };

  beforeAll(async () => {
    example = await readmeExample();
    root = await siteCopy({
      [example.file]: example.text,
      '2026-05-02-brouillon-en-cours.mdx': article({ id: '6', titre: '"Un brouillon que personne ne doit lire"', date: '2026-05-02', image: '/images/actualites/salon-commerce-martinique.svg', brouillon: 'true', ...common }),
      '2099-01-15-article-programme.mdx': article({ id: '7', titre: '"Un article programmé pour plus tard"', date: '2099-01-15', image: '/images/actualites/salon-commerce-martinique.svg', ...common }),
      '2026-04-20-photo-du-salon.mdx': article({ id: '8', titre: '"Notre stand en photo au salon du commerce"', date: '2026-04-20', image: './images/2026-04-20-stand.jpg', ...common }),
    });
    await mkdir(join(root, 'content', 'news', 'images'), { recursive: true });
    await writePhoto(join(root, 'content', 'news', 'images', '2026-04-20-stand.jpg'));
    // A product photographed with a phone, as the CMS saves it: the photo beside the product files.
    await mkdir(join(root, 'content', 'catalogue', 'products', 'images'));
    await writePhoto(join(root, 'content', 'catalogue', 'products', 'images', 'batterie-tc22.jpg'), 2);
    const productFile = join(root, 'content', 'catalogue', 'products', 'batterie-tc22.json');
    await writeFile(productFile, (await readFile(productFile, 'utf8')).replace(/"image": "[^"]+"/, '"image": "./images/batterie-tc22.jpg"'));
    const image = /^image: (\S+)$/m.exec(example.text)![1]!;
    await cp(join(repo, 'public', 'images', 'actualites', 'salon-commerce-martinique.svg'), join(root, 'public', image));
    built = await build(root);
  }, BUILD_TIMEOUT_MS);

  test('the guide’s example, added as an article, gets its card, its page, its archive month and its feed entry', async () => {
    expect(built.code, built.output).toBe(0);
    const list = await read('actualites.html');
    expect(list).toContain('Vision Caraïbes au salon des entrepreneurs de Guyane');
    expect(list).toContain('Mars 2026');
    expect(list).toContain('href="/actualites/5"');

    const page = await read('actualites/5.html');
    expect(page).toMatch(/<h1[^>]*>Vision Caraïbes au salon des entrepreneurs de Guyane<\/h1>/);
    expect(page).toContain('12 mars 2026');
    expect(page).toMatch(/<h2[^>]*>Au programme<\/h2>/);

    const feed = await read('actualites/rss.xml');
    expect(feed).toContain('Vision Caraïbes au salon des entrepreneurs de Guyane');
    expect(existsSync(join(repo, 'dist', 'actualites', '5.html'))).toBe(false);
  });

  test('a draft and an article dated in the future are in no public view: list, archives, page, feed, sitemap', async () => {
    expect(built.code, built.output).toBe(0);
    const list = await read('actualites.html');
    // The four real articles, the guide’s example and the photo article.
    expect(list.match(/<li[^>]*\bdata-news-card\b/g)).toHaveLength(6);
    const feed = await read('actualites/rss.xml');
    expect(feed.match(/<item>/g)).toHaveLength(6);
    const sitemap = (await readdir(join(root, 'dist'))).filter((name) => /^sitemap-\d+\.xml$/.test(name));
    const urls = (await Promise.all(sitemap.map((name) => read(name)))).join('');
    expect(urls).toContain('/actualites/8<');
    for (const { id, title } of [{ id: 6, title: 'Un brouillon que personne ne doit lire' }, { id: 7, title: 'Un article programmé pour plus tard' }]) {
      expect(list).not.toContain(title);
      expect(feed).not.toContain(title);
      expect(existsSync(join(root, 'dist', 'actualites', `${id}.html`))).toBe(false);
      expect(urls).not.toContain(`/actualites/${id}<`);
    }
    // Neither their months (May 2026, January 2099) nor the badge reach the archives or the cards.
    expect(list).not.toContain('Mai 2026');
    expect(list).not.toContain('Janvier 2099');
    expect(list).not.toContain('data-news-state');
    // The build tells the daily job which day it held an article back for, and nothing more.
    expect(JSON.parse(await read('actualites/publication.json'))).toEqual({ upcoming: ['2099-01-15'] });
  });

  test('a 4032 × 3024 phone photo is served resized, as AVIF and WebP with a JPEG fallback, with its size', async () => {
    expect(built.code, built.output).toBe(0);
    const { picture, img } = await resizedPicture('actualites/8.html');
    expect(img).toMatch(/width="1600"/);
    expect(img).toMatch(/height="1200"/);
    const widths = [...picture.matchAll(/ (\d+)w\b/g)].map((match) => Number(match[1]));
    expect(Math.max(...widths)).toBe(1600);
    // The original is never published: only resized files.
    expect((await publishedCopies('2026-04-20-stand')).length).toBeGreaterThan(3);
    const list = await read('actualites.html');
    // Every file the pages offer passes the budget's image rule.
    for (const file of ['actualites/8.html', 'actualites.html']) expectImageBudget(file);
    // A card offers 400 to 800 px wide files; its fallback is the 800 px JPEG.
    expect(list).toMatch(/<img[^>]*srcset="[^"]*2026-04-20-stand[^"]* 400w/);
    expect(list).toMatch(/<img[^>]*width="800" height="600"/);
  });

  test('a product’s phone photo: its page offers it resized (AVIF, WebP, JPEG, with its size), its card a 640 × 480 WebP', async () => {
    expect(built.code, built.output).toBe(0);
    const page = await read('commerce/produits/batterie-tc22.html');
    const { picture, img } = await resizedPicture('commerce/produits/batterie-tc22.html');
    expect(img).toMatch(/alt="Batterie de rechange TC22"[^>]*width="1600" height="1200"/);
    // The photo is above the fold: loaded at once, first.
    expect(picture).toContain('fetchpriority="high"');
    // Cards (category, similar products, search results, the cart) and the structured data use the card's copy.
    const card = /<img src="(\/_astro\/produits\/batterie-tc22\.\w+\.webp)" alt="" width="400" height="300"/.exec(await read('commerce/categories/accessoires.html'))?.[1];
    expect(card).toBeDefined();
    expect((await stat(join(root, 'dist', card!))).size).toBeLessThanOrEqual(60 * 1024);
    expect(await sharp(join(root, 'dist', card!)).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
    // The category browser's data pages (sorting, filters, later pages) show the same copy.
    expect(await read('commerce/listes/accessoires/nom/1.json')).toContain(`"image":"${card}"`);
    expect(page).toMatch(new RegExp(`"image":"[^"]+${card!.replace(/[.]/g, '\\.')}"`));
    // Social platforms get a JPEG at most 1 200 px wide.
    expect(page).toMatch(/<meta property="og:image" content="[^"]+batterie-tc22[^"]+\.jpg">/);
    // The 4 Mo original is never published, and every file the page offers passes the budget's image rule.
    await publishedCopies('batterie-tc22');
    expectImageBudget('commerce/produits/batterie-tc22.html');
  });

  test('on a 390 px phone (3 device pixels per px), the article page transfers ≤ 200 KB of the photo, its card ≤ 60 KB; a search result shows the product photo’s card copy', async () => {
    expect(built.code, built.output).toBe(0);
    const site = await serveFolder(join(root, 'dist'));
    const browser = await chromium.launch(headlessShellLaunchOptions);
    try {
      const photoBytes = async (path: string) => {
        const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
        let bytes = 0;
        page.on('response', async (response) => {
          if (response.url().includes('2026-04-20-stand')) bytes += (await response.body().catch(() => Buffer.alloc(0))).length;
        });
        await page.goto(`${site.origin}${path}`, { waitUntil: 'networkidle' });
        await page.close();
        return bytes;
      };
      const article = await photoBytes('/actualites/8');
      const card = await photoBytes('/actualites');
      // A search result draws the photo product's card copy, from the index the build wrote.
      const search = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await search.goto(`${site.origin}/commerce/search?q=BTRY-TC2L`);
      const result = search.locator('img[src*="/_astro/produits/batterie-tc22."]');
      await result.waitFor();
      expect(await result.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
      await search.close();
      console.log(`photo 4032 × 3024 (JPEG d’environ 4 Mo) à 390 px, 3 px/px : page de l’article ${(article / 1024).toFixed(1)} Ko, carte ${(card / 1024).toFixed(1)} Ko`);
      expect(article).toBeGreaterThan(0);
      expect(article).toBeLessThanOrEqual(200 * 1024);
      expect(card).toBeGreaterThan(0);
      expect(card).toBeLessThanOrEqual(60 * 1024);
    } finally {
      await browser.close();
      await site.close();
    }
  }, 60_000);
});

describe('a malformed article', () => {
  test(
    'fails the build with a message naming the file and the field',
    async () => {
      const file = '2026-01-01-article-mal-rempli.mdx';
      const root = await siteCopy({
        [file]: [
          '---',
          'id: 6',
          'titre: "Un article dont la catégorie n’existe pas"',
          'date: 2026-01-01',
          'categorie: Promotions',
          'image: /images/actualites/salon-commerce-martinique.svg',
          'imageAlt: "Un stand de salon professionnel"',
          'extrait: "Un extrait assez long pour respecter la longueur minimale demandée."',
          '---',
          '',
        ].join('\n'),
      });

      const { code, output } = await build(root);
      expect(code).not.toBe(0);
      expect(output).toContain(`content/news/${file}`);
      expect(output).toContain('categorie: la catégorie doit être l’une de : Événements, Nos solutions, Recrutement');
      expect(existsSync(join(root, 'dist', 'actualites.html'))).toBe(false);
    },
    BUILD_TIMEOUT_MS,
  );
});
