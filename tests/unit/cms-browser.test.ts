/**
 * The editors' CMS for real: a throw-away git copy of the site is built, its /admin/contenu served, Decap's
 * local server (decap-server) edits the copy's files, and a browser does what an editor does. A new article
 * with a phone photo, a category, tags and a body lands as content/news/AAAA-MM-JJ-mots-du-titre.mdx with its
 * photo in content/news/images/; a product's new price changes its one file; an extract of 10 characters is
 * refused in French and nothing is written. Building the copy again publishes the article, photo resized.
 * Screenshots of the list and the editor (1366 px) go to test-results/cms/.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumPath } from '../../scripts/ensure-chromium.mjs';
import sharp from 'sharp';
import { writePhoto } from '../helpers/photo';
import { serveFolder } from '../helpers/static-server';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const shots = join(repo, 'test-results', 'cms');
/** decap-server's port in this test (8081, its default, is left to `npm run cms`). */
const DECAP_PORT = Number(process.env.CMS_TEST_DECAP_PORT ?? 8083);
// A build of the whole site takes 1.5 to 4 minutes on a loaded two-core machine.
const BUILD_TIMEOUT_MS = 420_000;

let root = '';
let decap: ChildProcess | undefined;
let site: Awaited<ReturnType<typeof serveFolder>> | undefined;
let browser: Browser | undefined;
let page: Page;

/** A production `astro build` of the copy (not Vitest's NODE_ENV=test), with the CMS pointed at this test's decap-server. */
async function build(): Promise<void> {
  await run(process.execPath, [join(repo, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DECAP_SERVER_PORT: String(DECAP_PORT), ASTRO_TELEMETRY_DISABLED: '1' },
    maxBuffer: 50 * 1024 * 1024,
  });
}

/** The copy's files an editor may touch, as git sees them: what the CMS wrote. */
async function changedFiles(): Promise<string[]> {
  const { stdout } = await run('git', ['status', '--porcelain', '--untracked-files=all', '--', 'content'], { cwd: root });
  return stdout.split('\n').filter(Boolean).map((line) => line.slice(3)).sort();
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cms-copy-'));
  await symlink(join(repo, 'node_modules'), join(root, 'node_modules'));
  for (const entry of ['src', 'public', 'content', 'package.json', 'tsconfig.json', 'astro.config.mjs']) await cp(join(repo, entry), join(root, entry), { recursive: true });
  await writeFile(join(root, '.gitignore'), 'node_modules\ndist\n.astro\n');
  await run('git', ['init', '-q'], { cwd: root });
  await run('git', ['add', '-A'], { cwd: root });
  await run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-qm', 'Copie du site'], { cwd: root });
  await build();
  site = await serveFolder(join(root, 'dist'));
  decap = spawn(process.execPath, [join(repo, 'node_modules', 'decap-server', 'dist', 'index.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(DECAP_PORT), MODE: 'fs', GIT_REPO_DIRECTORY: root, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await waitForDecap(decap);
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR', timezoneId: 'America/Martinique' });
  // Leaving an entry with unsaved changes asks for confirmation: the editor confirms.
  page.on('dialog', (dialog) => void dialog.accept());
  await mkdir(shots, { recursive: true });
  await page.goto(`${site.origin}/admin/contenu`, { timeout: 120_000 });
  await page.getByRole('button', { name: 'Se connecter' }).click();
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  decap?.kill();
  await site?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Resolves once decap-server says it listens (its first line of output), fails if it exits first. */
function waitForDecap(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on port/i.test(output)) resolve();
    });
    server.once('exit', (code) => reject(new Error(`decap-server stopped (code ${code}) before listening on port ${DECAP_PORT}: ${output}`)));
  });
}

/** Opens the CMS afresh at `hash` (a new page load, so no entry of a previous test lingers). */
async function openCms(hash: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${site!.origin}/admin/contenu#${hash}`, { timeout: 120_000 });
  // Asked to sign in, or signed in already (the local backend remembers it): the editor's first field shows.
  const signIn = page.getByRole('button', { name: 'Se connecter' });
  const ready = page.locator('label').first();
  const settled = await Promise.race([
    signIn.waitFor({ timeout: 90_000 }).then(() => 'sign-in', () => 'none'),
    ready.waitFor({ timeout: 90_000 }).then(() => 'ready', () => 'none'),
  ]);
  if (settled === 'sign-in') await signIn.click();
}

/** Opens Decap's « Publier » menu and publishes now. */
async function publish(): Promise<void> {
  await page.getByRole('button', { name: 'Publier' }).click();
  await page.getByRole('menuitem', { name: 'Publier maintenant' }).click();
}

describe('the CMS over decap-server, on a throw-away copy of the site', () => {
  test('the news list, in French, lists the real articles', async () => {
    await page.getByRole('link', { name: 'Actualités' }).first().click();
    // Each entry reads « titre — JJ/MM/AAAA ».
    await page.getByText('Vision Caraïbes recrute un technicien polyvalent (H/F) — 11/04/2019', { exact: true }).waitFor();
    // Newest first, as the site lists them.
    await expect.poll(() => page.getByText(/ — \d\d\/\d\d\/\d{4}$/).first().textContent()).toBe('Vision Caraïbes recrute un technicien polyvalent (H/F) — 11/04/2019');
    await page.screenshot({ path: join(shots, 'cms-list-1366.png') });
  }, 60_000);

  test('an extract of 10 characters is refused in French, and nothing is written', async () => {
    await openCms('/collections/actualites/new');
    await page.getByLabel('Titre', { exact: true }).fill('Un article à l’extrait bien trop court');
    await page.getByLabel('Extrait').fill('Dix carac.');
    // Every write goes through decap-server: a save would show as a persistEntry call before any answer.
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`:${DECAP_PORT}/api/v1`) && /persistEntry|persistMedia/.test(request.postData() ?? '')) saves.push(request.url());
    });
    await publish();
    // Decap checks the entry before it calls the server: once the error shows, the save has been refused.
    await page.getByText('L’extrait doit compter au moins 40 caractères', { exact: false }).first().waitFor();
    expect(saves).toEqual([]);
    expect(await changedFiles()).toEqual([]);
  }, 150_000);

  test('a new article with a phone photo, a category, tags and a body is written where the schema reads it', async () => {
    const photo = join(root, '..', `${root.split('/').at(-1)}-IMG_2041.jpg`);
    await writePhoto(photo);
    await openCms('/collections/actualites/new');
    await page.getByLabel('Titre', { exact: true }).fill('Notre stand en photo au salon du commerce');
    await page.getByLabel('Date de publication').fill('2026-04-20');
    await page.getByLabel('Catégorie').click();
    await page.getByText('Événements', { exact: true }).click();
    await page.getByLabel('Extrait').fill('Nos équipes vous ont accueillis sur leur stand, avec les dernières caisses tactiles.');
    await page.getByLabel('Description de l’image').fill('Le stand de Vision Caraïbes avec ses caisses et ses écrans');
    await page.getByLabel('Mots-clés').fill('salon, Martinique');
    await page.getByRole('button', { name: 'Choisir une image' }).click();
    await page.locator('input[type=file]').setInputFiles(photo);
    // The uploaded photo comes selected.
    await page.getByRole('button', { name: 'Choisir les éléments sélectionnés' }).click();
    await page.locator('[data-slate-editor="true"]').click();
    await page.keyboard.type('Nous étions au salon du commerce avec nos caisses et nos terminaux.');
    await page.screenshot({ path: join(shots, 'cms-editor-1366.png') });
    await publish();
    // Once saved, the editor's address becomes the entry's.
    await page.waitForURL(/#\/collections\/actualites\/entries\//, { timeout: 60_000 });
    await rm(photo);

    const written = await changedFiles();
    const article = 'content/news/2026-04-20-notre-stand-en-photo-au-salon-du-commerce.mdx';
    expect(written).toEqual([article, expect.stringMatching(/^content\/news\/images\/[\w-]+\.jpg$/)]);
    const text = await readFile(join(root, article), 'utf8');
    expect(text).toMatch(/^titre: Notre stand en photo au salon du commerce$/m);
    expect(text).toMatch(/^date: 2026-04-20$/m);
    expect(text).toMatch(/^categorie: Événements$/m);
    expect(text).toMatch(/^id: 5$/m);
    expect(text).toMatch(/^image: (\.\/)?images\/[\w-]+\.jpg$/m);
    expect(text).toMatch(/tags:\n\s+- salon\n\s+- Martinique/);
    expect(text).toContain('Nous étions au salon du commerce avec nos caisses et nos terminaux.');
  }, 180_000);

  test('a product’s new price and phone photo change its one file and add the photo beside it; a GIF is refused in French, nothing uploaded', async () => {
    const gif = join(root, '..', `${root.split('/').at(-1)}-anime.gif`);
    const photo = join(root, '..', `${root.split('/').at(-1)}-TC22.jpg`);
    await writeFile(gif, await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7bd5' } }).gif().toBuffer());
    await writePhoto(photo, 2);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`:${DECAP_PORT}/api/v1`) && /persistMedia/.test(request.postData() ?? '')) uploads.push(request.url());
    });
    await openCms('/collections/produits/entries/batterie-tc22');
    await expect.poll(() => page.getByLabel('Nom du produit').inputValue()).toBe('Batterie de rechange TC22');
    const price = page.getByLabel('Prix HT (€)', { exact: true });
    expect(await price.inputValue()).toBe('49.17');
    await price.fill('52.5');

    await page.getByRole('button', { name: 'Choisir une image différente' }).click();
    await page.locator('input[type=file]').setInputFiles(gif);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'anime.gif' }).textContent()).toContain(
      `L’image ${gif.split('/').at(-1)} est refusée : seules les photos JPEG, PNG ou WebP sont acceptées (format reçu : GIF)`,
    );
    expect(uploads).toEqual([]);
    await page.screenshot({ path: join(shots, 'cms-photo-refused-1366.png') });
    await page.getByRole('button', { name: 'Fermer' }).click();
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByRole('button', { name: 'Choisir les éléments sélectionnés' }).click();
    // The preview reads like the product page: the new price excluding tax, the stock line.
    const preview = page.locator('iframe').first().contentFrame();
    await preview.getByText(/^52,50\s€ HT$/).waitFor();
    await preview.getByText('En stock', { exact: true }).waitFor();
    await page.screenshot({ path: join(shots, 'cms-product-1366.png') });
    await publish();
    await expect.poll(async () => JSON.parse(await readFile(join(root, 'content/catalogue/products/batterie-tc22.json'), 'utf8')).priceHT, { timeout: 30_000 }).toBe(52.5);
    await rm(gif);
    await rm(photo);

    const changed = (await changedFiles()).filter((file) => file.startsWith('content/catalogue'));
    expect(changed).toEqual(['content/catalogue/products/batterie-tc22.json', expect.stringMatching(/^content\/catalogue\/products\/images\/[\w-]+\.jpg$/)]);
    const product = JSON.parse(await readFile(join(root, 'content/catalogue/products/batterie-tc22.json'), 'utf8'));
    expect(product).toMatchObject({ id: 'batterie-tc22', code: 'AR00100', priceHT: 52.5, image: expect.stringMatching(/^(\.\/)?images\/[\w-]+\.jpg$/) });
  }, 150_000);

  test('building the copy publishes the article and the product with their photos resized, the product at its new price', async () => {
    await build();
    const page5 = await readFile(join(root, 'dist', 'actualites', '5.html'), 'utf8');
    expect(page5).toContain('Notre stand en photo au salon du commerce');
    expect(page5).toMatch(/<source srcset="[^"]+\.avif 640w/);
    expect(page5).toMatch(/<img[^>]*width="1600"[^>]*height="1200"/);
    expect(existsSync(join(root, 'dist', 'actualites.html'))).toBe(true);
    expect((await readdir(join(root, 'dist', '_astro'))).some((name) => name.endsWith('.avif'))).toBe(true);
    // The price edited in the CMS is the one the product page shows (« 52,50 € HT », French spacing).
    const product = await readFile(join(root, 'dist', 'commerce', 'produits', 'batterie-tc22.html'), 'utf8');
    expect(product).toMatch(/52,50[\s\u00a0\u202f]€/);
    expect(product).not.toMatch(/49,17[\s\u00a0\u202f]€/);
    // …with its photo resized, never the original.
    expect(product).toMatch(/<source srcset="[^"]+\.avif 480w/);
  }, BUILD_TIMEOUT_MS);
});
