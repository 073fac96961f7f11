/**
 * The built site as search engines and social platforms read it: titles, descriptions, canonical links,
 * social cards, sitemap, robots.txt, noindex, structured data and the Content-Security-Policy of every page.
 * These read dist/ (the build the other browser tests serve), so they cover every page as pages are added.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX } from '../../src/features/seo/meta';
import { isIndexablePath } from '../../src/features/seo/indexing';
import { checkJsonLdBlock, cspHash } from '../../src/features/seo/structured-data.server';
import { offices } from '../../src/lib/site';
import { builtPages, builtSiteOrigin, cspOf, distDir, meta, sitemapUrls, type BuiltPage } from '../helpers/built-site';

const pages = builtPages();
/** The editors' CMS page, the one page whose policy lets Decap CMS run. */
const CMS_PAGE = '/admin/contenu';
/**
 * The pages of the site's own layouts. The CMS page is Decap's application shell (noindex, never shared):
 * it has a title, but no description or social card.
 */
const sitePages = pages.filter((page) => page.path !== CMS_PAGE);
const publicPages = pages.filter((page) => isIndexablePath(page.path));
const hiddenPages = pages.filter((page) => !isIndexablePath(page.path));
const origin = builtSiteOrigin();

const titleOf = (page: BuiltPage) => page.document.querySelector('title')?.text ?? '';
const descriptionOf = (page: BuiltPage) => meta(page, 'description') ?? '';
const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);
const jsonLdBlocks = (page: BuiltPage) =>
  page.document.querySelectorAll('script[type="application/ld+json"]').map((script) => script.rawText);

/** Width and height from a PNG file's IHDR header. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('ascii'), `${file} is a PNG`).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe('titles and descriptions', () => {
  test('every page has a title of at most 60 characters and a description of 15 to 160', () => {
    expect(sitePages.length).toBeGreaterThan(10);
    for (const page of sitePages) {
      expect(titleOf(page).length, `title of ${page.path}`).toBeGreaterThan(0);
      expect(titleOf(page).length, `title of ${page.path}: « ${titleOf(page)} »`).toBeLessThanOrEqual(TITLE_MAX);
      expect(descriptionOf(page).length, `description of ${page.path}`).toBeGreaterThanOrEqual(DESCRIPTION_MIN);
      expect(descriptionOf(page).length, `description of ${page.path}`).toBeLessThanOrEqual(DESCRIPTION_MAX);
    }
  });

  test('public pages have unique titles and unique descriptions', () => {
    expect(duplicates(publicPages.map(titleOf)), 'duplicated titles').toEqual([]);
    expect(duplicates(publicPages.map(descriptionOf)), 'duplicated descriptions').toEqual([]);
  });

  test('titles end with the company name or follow « Page — Section | Vision Caraïbes »', () => {
    const contact = pages.find((page) => page.path === '/contact')!;
    expect(titleOf(contact)).toBe('Contact | Vision Caraïbes');
    expect(titleOf(pages.find((page) => page.path === '/')!)).toMatch(/^Vision Caraïbes — /);
  });
});

test.describe('canonical links and social cards', () => {
  test('every public page has an absolute canonical URL on SITE_URL equal to its own address', () => {
    for (const page of publicPages) {
      const canonical = page.document.querySelector('link[rel="canonical"]')?.getAttribute('href');
      expect(canonical, `canonical of ${page.path}`).toBe(new URL(page.path, origin).href);
      expect(meta(page, 'og:url'), `og:url of ${page.path}`).toBe(canonical);
    }
  });

  test('every page has Open Graph and Twitter card tags with an absolute PNG or JPEG image', () => {
    for (const page of sitePages) {
      const where = `on ${page.path}`;
      expect(meta(page, 'og:type'), where).toMatch(/^(website|article|product)$/);
      expect(meta(page, 'og:title'), where).toBe(titleOf(page));
      expect(meta(page, 'og:description'), where).toBe(descriptionOf(page));
      expect(meta(page, 'og:locale'), where).toBe('fr_FR');
      expect(meta(page, 'og:site_name'), where).toBe('Vision Caraïbes');
      expect(meta(page, 'og:image'), where).toMatch(/^https?:\/\/.+\.(png|jpe?g|webp)$/);
      expect(meta(page, 'og:image:alt')?.length ?? 0, where).toBeGreaterThan(5);
      expect(meta(page, 'twitter:card'), where).toBe('summary_large_image');
      expect(meta(page, 'twitter:image'), where).toBe(meta(page, 'og:image'));
    }
  });

  test('the social images of the site exist in the build with the size the tags declare', () => {
    const images = new Map<string, BuiltPage>();
    for (const page of sitePages) images.set(meta(page, 'og:image')!, page);
    for (const [url, page] of images) {
      const { origin: imageOrigin, pathname } = new URL(url);
      if (imageOrigin !== origin || !pathname.endsWith('.png')) continue;
      const size = pngSize(join(distDir, decodeURIComponent(pathname)));
      expect(String(size.width), `${url} width`).toBe(meta(page, 'og:image:width'));
      expect(String(size.height), `${url} height`).toBe(meta(page, 'og:image:height'));
    }
    expect(pngSize(join(distDir, 'social/vision-caraibes.png'))).toEqual({ width: 1200, height: 630 });
  });
});

test.describe('sitemap, robots.txt and noindex', () => {
  test('the sitemap lists exactly the public pages of the build', () => {
    const listed = sitemapUrls().map((url) => {
      expect(new URL(url).origin, url).toBe(origin);
      return new URL(url).pathname;
    });
    expect(duplicates(listed)).toEqual([]);
    expect([...listed].sort()).toEqual(publicPages.map((page) => page.path).sort());
  });

  test('the admin, cart and 404 pages are out of the sitemap and carry noindex', () => {
    const hidden = hiddenPages.map((page) => page.path);
    for (const path of ['/admin/contact', '/commerce/panier', '/404']) expect(hidden).toContain(path);
    for (const page of hiddenPages) {
      expect(meta(page, 'robots'), `robots of ${page.path}`).toMatch(/noindex/);
      expect(page.document.querySelector('link[rel="canonical"]'), `canonical of ${page.path}`).toBeNull();
    }
    for (const page of publicPages) expect(meta(page, 'robots') ?? '', `robots of ${page.path}`).not.toMatch(/noindex/);
  });

  test('robots.txt disallows /admin and points to the sitemap by its absolute URL', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const robots = await response.text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toContain(`Sitemap: ${origin}/sitemap-index.xml`);
    expect((await request.get('/sitemap-index.xml')).status()).toBe(200);
  });
});

test.describe('structured data', () => {
  test('every JSON-LD block of the site is valid JSON with the required fields of its types', () => {
    const problems = pages.flatMap((page) =>
      jsonLdBlocks(page).flatMap((text) => checkJsonLdBlock(text).problems.map((problem) => `${page.path}: ${problem}`)),
    );
    expect(problems).toEqual([]);
  });

  test('the home and contact pages describe the company and its offices', () => {
    for (const path of ['/', '/contact']) {
      const page = pages.find((candidate) => candidate.path === path)!;
      const types = jsonLdBlocks(page).flatMap((text) => checkJsonLdBlock(text).types);
      expect(types.filter((type) => type === 'Organization'), path).toHaveLength(1);
      expect(types.filter((type) => type === 'LocalBusiness'), path).toHaveLength(offices.length);
    }
  });

  test('every JSON-LD block has its hash in the page’s Content-Security-Policy (put <JsonLd> in the head slot)', () => {
    for (const page of pages) {
      const scriptSources = cspOf(page).get('script-src') ?? [];
      for (const text of jsonLdBlocks(page)) {
        expect(scriptSources, `JSON-LD hash on ${page.path}`).toContain(`'${cspHash(text)}'`);
      }
    }
  });
});

test.describe('Content-Security-Policy', () => {
  test('every page but the CMS sets a strict policy: self by default, no objects, no base, forms to self', () => {
    expect(pages.some((page) => page.path === CMS_PAGE), 'the CMS page is built').toBe(true);
    for (const page of pages.filter((built) => built.path !== CMS_PAGE)) {
      const csp = cspOf(page);
      const where = `CSP of ${page.path}`;
      expect(csp.get('default-src'), where).toEqual(["'self'"]);
      expect(csp.get('img-src'), where).toEqual(["'self'", 'data:']);
      expect(csp.get('connect-src'), where).toEqual(["'self'"]);
      expect(csp.get('object-src'), where).toEqual(["'none'"]);
      expect(csp.get('base-uri'), where).toEqual(["'none'"]);
      expect(csp.get('form-action'), where).toEqual(["'self'"]);
      for (const directive of ['script-src', 'style-src']) {
        expect(csp.get(directive), where).toContain("'self'");
        expect(csp.get(directive), where).not.toContain("'unsafe-inline'");
        expect(csp.get(directive), where).not.toContain("'unsafe-eval'");
      }
    }
  });

  test('the CMS page alone adds what Decap needs: eval, inline styles, GitHub’s API and images; the built page reaches no local server', () => {
    const page = pages.find((built) => built.path === CMS_PAGE)!;
    const csp = cspOf(page);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'", "'unsafe-eval'"]));
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('style-src-elem')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('style-src-attr')).toEqual(["'self'", "'unsafe-inline'"]);
    // The production CMS talks to GitHub only: a page of the public site never reaches into the visitor's own computer.
    expect(csp.get('connect-src')).toEqual(["'self'", 'blob:', 'https://api.github.com']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://avatars.githubusercontent.com', 'https://raw.githubusercontent.com']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(meta(page, 'robots')).toBe('noindex, nofollow');
  });

  test('no public page loads the CMS: Decap’s script is referenced by the CMS page only', () => {
    const cmsScripts = pages
      .find((built) => built.path === CMS_PAGE)!
      .document.querySelectorAll('script[src]')
      .map((script) => script.getAttribute('src') ?? '');
    expect(cmsScripts.length).toBeGreaterThan(0);
    for (const page of pages.filter((built) => built.path !== CMS_PAGE)) {
      for (const src of cmsScripts) expect(page.html, `${page.path} loads ${src}`).not.toContain(src);
      expect(page.html, page.path).not.toMatch(/decap/i);
    }
  });

  test('every inline script and style of every page has its hash in the policy', () => {
    for (const page of pages) {
      const csp = cspOf(page);
      for (const script of page.document.querySelectorAll('script:not([src])')) {
        expect(csp.get('script-src'), `inline script on ${page.path}: ${script.rawText.slice(0, 80)}`).toContain(`'${cspHash(script.rawText)}'`);
      }
      for (const style of page.document.querySelectorAll('style')) {
        expect(csp.get('style-src'), `inline style on ${page.path}: ${style.rawText.slice(0, 80)}`).toContain(`'${cspHash(style.rawText)}'`);
      }
    }
  });

  test('a page’s policy names the hashes of its own inline scripts and styles only (not every page’s of the site)', () => {
    for (const page of pages) {
      const csp = cspOf(page);
      const own = new Set([...page.document.querySelectorAll('script:not([src]), style')].map((element) => `'${cspHash(element.rawText)}'`));
      const named = [...(csp.get('script-src') ?? []), ...(csp.get('style-src') ?? [])].filter((source) => source.startsWith("'sha256-"));
      expect(named.filter((hash) => !own.has(hash)), `hashes of ${page.path} for no element of it`).toEqual([]);
    }
  });

  test('no page has a style="…" attribute (the policy blocks them: use a class)', () => {
    const offenders = pages.flatMap((page) =>
      page.document.querySelectorAll('[style]').map((element) => `${page.path}: <${element.rawTagName} style="${element.getAttribute('style')}">`),
    );
    expect(offenders).toEqual([]);
  });

  test('no page has an inline event handler attribute (onclick=…), which the policy blocks', () => {
    const offenders = pages.flatMap((page) =>
      page.document
        .querySelectorAll('*')
        .filter((element) => Object.keys(element.attributes).some((name) => /^on[a-z]+$/i.test(name)))
        .map((element) => `${page.path}: <${element.rawTagName}>`),
    );
    expect(offenders).toEqual([]);
  });
});
