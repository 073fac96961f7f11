/**
 * Every page of the sitemap (and the cart, search and error pages) opens in the browser without a console
 * error, an uncaught exception or a Content-Security-Policy violation. One test per page, run in parallel;
 * each worker reuses one browser page, so 150+ pages stay fast.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { isIndexablePath } from '../../src/features/seo/indexing';
import { builtPages, sitemapUrls } from '../helpers/built-site';

// The admin pages are left out: they call the API with a session this test does not have (the admin's
// own tests cover them signed in).
const hiddenPaths = builtPages()
  .map((page) => page.path)
  .filter((path) => !isIndexablePath(path) && path !== '/admin' && !path.startsWith('/admin/'));
const paths = [...new Set([...sitemapUrls().map((url) => new URL(url).pathname), ...hiddenPaths])];

/** One page per worker, with the errors it reports collected into `errors`. */
const test = base.extend<{ visit: { page: Page; errors: string[] } }, { workerPage: Page }>({
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale, viewport } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, locale, viewport });
      const page = await context.newPage();
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`);
        });
      });
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],
  visit: async ({ workerPage: page }, use) => {
    const errors: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    };
    const onPageError = (error: Error) => errors.push(`exception: ${error.message}`);
    page.on('console', onConsole);
    page.on('pageerror', onPageError);
    await use({ page, errors });
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  },
});

test.describe.configure({ mode: 'parallel' });

test('the sitemap gives the console test pages to visit', () => {
  expect(paths.length).toBeGreaterThan(10);
});

for (const path of paths) {
  test(`${path} opens without console error or CSP violation`, async ({ visit: { page, errors } }) => {
    // The 404 page is opened the way visitors meet it: an unknown address answered with status 404, which
    // Chrome logs as a console error of the document itself (not a fault of the page).
    const notFound = path === '/404';
    const response = await page.goto(notFound ? '/cette-page-n-existe-pas' : path, { waitUntil: 'load' });
    expect(response?.status(), path).toBe(notFound ? 404 : 200);
    if (notFound) errors.splice(0, errors.length, ...errors.filter((error) => !/status of 404/.test(error)));

    // Let idle and visible islands hydrate: scroll to the end, then wait for the browser to be idle.
    await page.evaluate(async () => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
      await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
    });
    expect(errors).toEqual([]);
  });
}
