/**
 * The production build in dist/, read from disk: its HTML pages with their URL paths, and the sitemap.
 * The tests over the built site (SEO, structured data, CSP) and the console test share it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type HTMLElement } from 'node-html-parser';
import { isIndexablePath } from '../../src/features/seo/indexing';
import { spacePaths } from '../../src/lib/paths';

export const distDir = fileURLToPath(new URL('../../dist', import.meta.url));

/** One built HTML page. */
export interface BuiltPage {
  /** The URL path it is served at (`/`, `/contact`, `/commerce/produits/zd421`). */
  path: string;
  /** Its file under dist/. */
  file: string;
  html: string;
  document: HTMLElement;
}

/** The URL path a built HTML file is served at (build.format 'file': contact.html → /contact). */
export function pathOfFile(file: string): string {
  const path = `/${file.split(sep).join('/')}`.replace(/\.html$/, '').replace(/\/index$/, '');
  return path || '/';
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '_astro' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

function assertBuilt(): void {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('dist/ has no build: run `npx astro build` first.');
}

/** Every HTML page of the build, parsed. */
export function builtPages(): BuiltPage[] {
  assertBuilt();
  return htmlFiles(distDir)
    .map((full) => {
      const html = readFileSync(full, 'utf8');
      const file = relative(distDir, full);
      return { path: pathOfFile(file), file, html, document: parse(html) };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** The `<loc>` URLs of an XML sitemap file of the build. */
function locs(file: string): string[] {
  return [...readFileSync(join(distDir, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => (match[1] ?? '').trim());
}

/** Every page URL the sitemap lists, through the sitemap index. */
export function sitemapUrls(): string[] {
  assertBuilt();
  return locs('sitemap-index.xml').flatMap((url) => locs(new URL(url).pathname.slice(1)));
}

/** The site's public origin the build was made for (from the sitemap index, i.e. SITE_URL). */
export function builtSiteOrigin(): string {
  const [first] = locs('sitemap-index.xml');
  if (!first) throw new Error('dist/sitemap-index.xml lists no sitemap.');
  return new URL(first).origin;
}

/** The content of a `<meta>` of a page (by name or property). */
export function meta(page: BuiltPage, key: string): string | undefined {
  return page.document.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content');
}

/** The Content-Security-Policy a page's `<meta http-equiv>` sets, as directive → sources. */
export function cspOf(page: BuiltPage): Map<string, string[]> {
  const content = page.document.querySelector('meta[http-equiv="content-security-policy"]')?.getAttribute('content') ?? '';
  return new Map(
    content
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name.toLowerCase(), sources]),
  );
}

/** A page of the customers' space that needs a session (all but its sign-in). */
export const isSignedInSpacePage = (path: string): boolean => (path === spacePaths.home || path.startsWith(`${spacePaths.home}/`)) && path !== spacePaths.signIn;

/**
 * Every page a visitor opens signed out: the sitemap's, plus the built pages kept out of it (cart, search,
 * 404). The admin's pages and the space's (but its sign-in) are left out: they need a session.
 */
export function signedOutPagePaths(): string[] {
  const hidden = builtPages()
    .map((page) => page.path)
    .filter((path) => !isIndexablePath(path) && path !== '/admin' && !path.startsWith('/admin/') && !isSignedInSpacePage(path));
  return [...new Set([...sitemapUrls().map((url) => new URL(url).pathname), ...hidden])];
}
