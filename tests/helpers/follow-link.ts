import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Clicks a link the way a visitor does on the corporate pages, and waits for the page it leads to.
 * Their call-to-action bands are revealed by a scroll animation (motion.client.ts): the click waits
 * until the link has scrolled into view and its band has finished moving, so it never lands where the
 * link was a frame earlier. A CI run once clicked « Devenez partenaire » and stayed on the page.
 */
export async function followLink(page: Page, link: Locator, url: RegExp): Promise<void> {
  await link.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      link.evaluate(
        (element) =>
          element.closest('.reveal-pending') === null &&
          document.getAnimations().every((animation) => animation.playState !== 'running'),
      ),
    )
    .toBe(true);
  await Promise.all([page.waitForURL(url), link.click()]);
}
