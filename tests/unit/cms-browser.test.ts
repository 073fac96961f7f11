/**
 * The editors' CMS for real: `npm run cms` (scripts/cms.mjs: decap-server and the dev server) runs in a
 * throw-away git copy of the site, and a browser does what an editor does at the address it prints. A new
 * article with a phone photo, a category, tags and a body lands as content/news/AAAA-MM-JJ-mots-du-titre.mdx
 * with its photo in content/news/images/, and shows its photo when reopened; a product's new price is a
 * one-line change of its one file; publishing keeps the page (no reload) and says so in French; an extract of
 * 10 characters is refused in French and nothing is written. Building the copy publishes the article, photo
 * resized. Screenshots of the list, an article and a product (1366 px) go to test-results/cms/.
 *
 * The same start proves `npm run cms` reachable from this computer only: every socket its processes listen
 * on (decap-server, the dev server and what they start, such as the local Blobs server) is on the loopback
 * (127.0.0.1 or ::1), never on every interface; and the dev server's port being taken, the address it prints
 * is the one Astro took, and it answers. (One start for both: compiling the CMS is the costliest step of
 * the unit tests.)
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { headlessShellLaunchOptions } from '../../scripts/ensure-chromium.mjs';
import sharp from 'sharp';
import { editorEnv, startCms, type RunningCms } from '../helpers/cms-process';
import { writePhoto } from '../helpers/photo';
import { listeningSockets, processTree } from '../helpers/listening';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const shots = join(repo, 'test-results', 'cms');
// A build of the whole site takes 1.5 to 4 minutes on a loaded two-core machine.
const BUILD_TIMEOUT_MS = 420_000;

let root = '';
let cms: RunningCms | undefined;
/** The CMS's address as `npm run cms` prints it, and decap-server's port. */
let cmsUrl = '';
let decapPort = 0;
let browser: Browser | undefined;
let page: Page;
/** The port asked for the dev server, taken by another server: Astro takes another, which cms.mjs must print. */
let taken: Server | undefined;
let askedPort = 0;
const LOOPBACK = new Set(['127.0.0.1', '::1']);

/** A production `astro build` of the copy. */
async function build(): Promise<void> {
  await run(process.execPath, [join(repo, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd: root,
    env: { ...editorEnv(), NODE_ENV: 'production' },
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
  for (const entry of ['src', 'public', 'content', 'scripts', 'netlify', 'netlify.toml', 'package.json', 'tsconfig.json', 'astro.config.mjs']) {
    await cp(join(repo, entry), join(root, entry), { recursive: true });
  }
  await writeFile(join(root, '.gitignore'), 'node_modules\ndist\n.astro\n.netlify\n');
  await run('git', ['init', '-q'], { cwd: root });
  await run('git', ['add', '-A'], { cwd: root });
  await run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-qm', 'Copie du site'], { cwd: root });
  taken = createServer((_request, response) => response.end('occupé'));
  await new Promise<void>((resolve) => taken!.listen(0, '127.0.0.1', resolve));
  askedPort = (taken.address() as AddressInfo).port;
  cms = await startCms(root, askedPort);
  ({ url: cmsUrl, decapPort } = cms);
  browser = await chromium.launch(headlessShellLaunchOptions);
  page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR', timezoneId: 'America/Martinique' });
  // Notes whether the English « Loading configuration... » ever shows, on any load of the CMS.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Loading configuration')) localStorage.setItem('english-seen', 'oui');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  // Leaving an entry with unsaved changes asks for confirmation: the editor confirms.
  page.on('dialog', (dialog) => void dialog.accept());
  await mkdir(shots, { recursive: true });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`exception: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && pageErrors.push(`console: ${message.text()}`));
  page.on('requestfailed', (request) => pageErrors.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
  try {
    // The dev server compiles the CMS on its first request: slow on a loaded machine.
    await page.goto(cmsUrl, { timeout: 240_000 });
    await page.getByRole('button', { name: 'Se connecter' }).click({ timeout: 240_000 });
  } catch (error) {
    // What the page showed and said, and what the CMS printed: the start's failure explained.
    const shown = await page.locator('body').innerText({ timeout: 5_000 }).catch(() => '(page illisible)');
    throw new Error(`${String(error)}\n--- page ${page.url()}:\n${shown.slice(0, 2000)}\n--- erreurs de la page:\n${pageErrors.slice(-30).join('\n')}\n--- npm run cms:\n${cms!.output().slice(-6000)}`);
  }
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await cms?.stop();
  await new Promise((resolve) => taken?.close(resolve));
  if (root) await rm(root, { recursive: true, force: true });
});

/** Opens the CMS afresh at `hash` (a new page load, so no entry of a previous test lingers). */
async function openCms(hash: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${cmsUrl}#${hash}`, { timeout: 120_000 });
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

describe('npm run cms', () => {
  test('prints the address the dev server actually serves, on the loopback, when the port asked for is taken', async () => {
    const url = new URL(cmsUrl);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/admin/contenu');
    expect(Number(url.port)).not.toBe(askedPort);
    const answer = await fetch(cmsUrl, { signal: AbortSignal.timeout(60_000) });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('cms-config-url');
  }, 70_000);

  test('every socket its processes listen on is on the loopback, decap-server’s and the dev server’s among them', () => {
    const sockets = listeningSockets(processTree(cms!.pid));
    expect(sockets.map((socket) => socket.port)).toEqual(expect.arrayContaining([decapPort, Number(new URL(cmsUrl).port)]));
    const open = sockets.filter((socket) => !LOOPBACK.has(socket.address));
    expect(open, `listening beyond this computer: ${JSON.stringify(open)}`).toEqual([]);
  });
});

describe('the CMS over decap-server, on a throw-away copy of the site', () => {
  test('the news list, in French, lists the real articles', async () => {
    await page.getByRole('link', { name: 'Actualités' }).first().click();
    // Each entry reads « titre — JJ/MM/AAAA ».
    await page.getByText('Vision Caraïbes recrute un technicien polyvalent (H/F) — 11/04/2019', { exact: true }).waitFor();
    // Newest first, as the site lists them.
    await expect.poll(() => page.getByText(/ — \d\d\/\d\d\/\d{4}$/).first().textContent()).toBe('Vision Caraïbes recrute un technicien polyvalent (H/F) — 11/04/2019');
    await page.screenshot({ path: join(shots, 'cms-list-1366.png') });
    // `npm run cms` has no developer toolbar over the CMS.
    expect(await page.locator('astro-dev-toolbar').count()).toBe(0);
  }, 60_000);

  test('the product list shows each category’s title and a French price', async () => {
    await page.getByRole('link', { name: 'Produits' }).first().click();
    await page.getByText(/^AR00100 — Batterie de rechange TC22 — Accessoires — 49,17\s€ HT$/).waitFor();
    expect(await page.getByText(/ — \d+\.\d+ € HT$/).count()).toBe(0);
    await page.screenshot({ path: join(shots, 'cms-products-1366.png') });
  }, 60_000);

  test('a new price is a one-line change of the product file, published without a reload and confirmed in French; « Voir en direct » opens the local page', async () => {
    const file = 'content/catalogue/products/batterie-mc9400.json';
    await openCms('/collections/produits/entries/batterie-mc9400');
    const price = page.getByLabel('Prix HT (€)', { exact: true });
    await expect.poll(() => price.inputValue()).toBe('82.5');
    await price.fill('84.9');
    // A mark on this document: a reload would take it away.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const logged = cms!.output().length;
    await publish();
    await page.getByText('Entrée enregistrée', { exact: true }).waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await run('git', ['diff', '--numstat', '--', file], { cwd: root })).stdout, { timeout: 30_000 }).toBe(`1\t1\t${file}\n`);
    const { stdout: diff } = await run('git', ['diff', '-U0', '--', file], { cwd: root });
    expect(diff).toMatch(/^-  "priceHT": 82\.5,\n\+  "priceHT": 84\.9,$/m);
    // The dev server has seen the change (and told its pages to reload); the CMS page is still the same one.
    await expect.poll(() => cms!.output().slice(logged), { timeout: 60_000 }).toMatch(/batterie-mc9400|reload|[Ss]ynced content/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true), { timeout: 5_000 }).toBe(true);
    await page.screenshot({ path: join(shots, 'cms-product-published-1366.png') });

    const live = page.getByRole('link', { name: 'Voir en direct' });
    expect(await live.getAttribute('href')).toBe(`${new URL(cmsUrl).origin}/commerce/produits/batterie-mc9400`);
    // The dev server re-reads the edited file on its own schedule (slower on a loaded machine): the local page
    // shows the new price once it has, without anyone building anything.
    const href = (await live.getAttribute('href'))!;
    await expect
      .poll(async () => {
        const livePage = await page.request.get(href, { timeout: 120_000 });
        return `${livePage.status()} ${/84,90[\s\u00a0\u202f]€/.test(await livePage.text())}`;
      }, { timeout: 90_000 })
      .toBe('200 true');
    // Committed, as the editor does after reviewing: the next tests start from a clean copy.
    await run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-qam', 'Prix'], { cwd: root });
  }, 240_000);

  test('an extract of 10 characters is refused in French, and nothing is written', async () => {
    await openCms('/collections/actualites/new');
    await page.getByLabel('Titre', { exact: true }).fill('Un article à l’extrait bien trop court');
    await page.getByLabel('Extrait').fill('Dix carac.');
    // Every write goes through decap-server: a save would show as a persistEntry call before any answer.
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`:${decapPort}/api/v1`) && /persistEntry|persistMedia/.test(request.postData() ?? '')) saves.push(request.url());
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
    // A calendar day in the editor's (Martinique) time, as its hint says: no « UTC » beside it.
    expect(await page.getByText('UTC', { exact: true }).count()).toBe(0);
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

  test('the article reopened shows its photo in its image field', async () => {
    await openCms('/collections/actualites/entries/2026-04-20-notre-stand-en-photo-au-salon-du-commerce');
    await expect.poll(() => page.getByLabel('Titre', { exact: true }).inputValue(), { timeout: 60_000 }).toBe('Notre stand en photo au salon du commerce');
    // The field's thumbnail (the editor pane's image, not the preview's): the photo, loaded (Decap's empty
    // placeholder is a 0 × 0 SVG over a checkerboard).
    const thumbnail = page.locator('img[role="presentation"]').first();
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth >= 100), { timeout: 30_000 })
      .toBe(true);
    await page.screenshot({ path: join(shots, 'cms-article-1366.png') });
  }, 120_000);

  test('a product’s new price and phone photo change its one file and add the photo beside it; a GIF is refused in French, nothing uploaded', async () => {
    const gif = join(root, '..', `${root.split('/').at(-1)}-anime.gif`);
    const photo = join(root, '..', `${root.split('/').at(-1)}-TC22.jpg`);
    await writeFile(gif, await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7bd5' } }).gif().toBuffer());
    await writePhoto(photo, 2);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`:${decapPort}/api/v1`) && /persistMedia/.test(request.postData() ?? '')) uploads.push(request.url());
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
    // The same GIF renamed .jpg (the browser then calls it image/jpeg) is refused by its bytes.
    const disguised = join(root, '..', `${root.split('/').at(-1)}-deguise.jpg`);
    await writeFile(disguised, await readFile(gif));
    await page.locator('input[type=file]').setInputFiles(disguised);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'deguise.jpg' }).textContent()).toContain(
      `L’image ${disguised.split('/').at(-1)} est refusée : son contenu n’est pas une photo JPEG (format reçu : GIF)`,
    );
    expect(uploads).toEqual([]);
    await page.getByRole('button', { name: 'Fermer' }).click();
    await rm(disguised);
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
    // No load of the CMS, in any of these tests, showed Decap's English « Loading configuration... ».
    expect(await page.evaluate(() => localStorage.getItem('english-seen'))).toBeNull();

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
