/**
 * Playwright's `test` with a page whose goto() and reload() return once the page's eager islands
 * (client:load and client:idle) have hydrated, as a visitor's first click would find them on a normal
 * machine. Astro removes an island's `ssr` attribute when it hydrates. Islands hydrated on visibility
 * are not waited for. Do not use it with a paused clock (page.clock), which holds idle callbacks.
 */
import { test as base, type Page } from '@playwright/test';

/** Waits until no client:load or client:idle island of the page is still server-rendered only. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]:is([client="load"], [client="idle"])') === null);
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await waitForHydration(page);
      return response;
    };
    await use(page);
  },
});

export { expect } from '@playwright/test';
