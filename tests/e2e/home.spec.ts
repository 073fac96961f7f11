import { expect, test, type Page } from '@playwright/test';
import { solutionAreas } from '../../src/lib/solutions';
import { slides } from '../../src/features/home/slides';
import { SLIDER_INTERVAL_MS } from '../../src/lib/constants';

const carousel = (page: Page) => page.getByRole('region', { name: 'Nos solutions à la une' });
/** The slide on show: the only slide group exposed to assistive technologies. */
const currentSlide = (page: Page, position: number) => carousel(page).getByRole('group', { name: `${position} sur 4` });

async function expectSlide(page: Page, position: number) {
  await expect(currentSlide(page, position)).toBeVisible();
  await expect(currentSlide(page, position).getByRole('heading', { level: 2 })).toHaveText(slides[position - 1]!.title);
  await expect(carousel(page).getByRole('group')).toHaveCount(1);
}

/**
 * Opens the home page with time stopped, so only runFor() moves it; lets the island hydrate first. Every
 * test of the slider opens it so: on the real clock it would advance on its own 5 s after hydrating, and a
 * test slow to reach its first click would find another slide.
 */
async function openHomeWithStoppedClock(page: Page) {
  const start = new Date('2026-03-02T09:00:00-04:00');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await page.goto('/');
  await page.clock.runFor(1000);
  await expect(carousel(page)).toHaveAttribute('data-ready', 'true');
}

test.describe('home page', () => {
  test('has one h1 and the first slide in the static HTML, before any JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('h1')).toHaveCount(1);
    await expectSlide(page, 1);
    await expect(currentSlide(page, 1).getByRole('link', { name: slides[0]!.link.label })).toHaveAttribute('href', slides[0]!.link.href);
    const image = currentSlide(page, 1).locator('img');
    await expect(image).toHaveAttribute('width', '480');
    await expect(image).toHaveAttribute('height', '360');
    await context.close();
  });

  test('the slider hydrates lazily (client:idle), not on load', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('astro-island[client="idle"]')).toHaveCount(1);
  });

  test('next and previous move one slide and wrap around both ways', async ({ page }) => {
    await openHomeWithStoppedClock(page);
    const next = page.getByRole('button', { name: 'Diapositive suivante' });
    const previous = page.getByRole('button', { name: 'Diapositive précédente' });
    await previous.click();
    await expectSlide(page, 4);
    await next.click();
    await expectSlide(page, 1);
    for (const position of [2, 3, 4, 1]) {
      await next.click();
      await expectSlide(page, position);
    }
    await previous.click();
    await expectSlide(page, 4);
    await previous.click();
    await expectSlide(page, 3);
  });

  test('each dot shows its slide and marks itself as the current one', async ({ page }) => {
    await openHomeWithStoppedClock(page);
    for (const position of [3, 1, 4, 2]) {
      const dot = page.getByRole('button', { name: `Afficher la diapositive ${position} : ${slides[position - 1]!.eyebrow}` });
      await dot.click();
      await expectSlide(page, position);
      await expect(dot).toHaveAttribute('aria-current', 'true');
      await expect(carousel(page).locator('[aria-current="true"]')).toHaveCount(1);
    }
  });

  test('advances every 5 000 ms on its own and wraps from the last slide to the first', async ({ page }) => {
    await openHomeWithStoppedClock(page);
    await page.clock.runFor(SLIDER_INTERVAL_MS - 100);
    await expectSlide(page, 1);
    await page.clock.runFor(200);
    await expectSlide(page, 2);
    for (const position of [3, 4, 1]) {
      await page.clock.runFor(SLIDER_INTERVAL_MS);
      await expectSlide(page, position);
    }
    // While rotating, slide changes are not announced.
    await expect(carousel(page).locator('[aria-live]')).toHaveAttribute('aria-live', 'off');
  });

  test('pauses while the pointer is over it and resumes when it leaves', async ({ page }) => {
    await openHomeWithStoppedClock(page);
    await currentSlide(page, 1).hover();
    await page.clock.runFor(3 * SLIDER_INTERVAL_MS);
    await expectSlide(page, 1);
    await page.mouse.move(5, 5);
    await page.clock.runFor(SLIDER_INTERVAL_MS + 100);
    await expectSlide(page, 2);
  });

  test('pauses while keyboard focus is inside, and then announces slide changes', async ({ page }) => {
    await openHomeWithStoppedClock(page);
    await currentSlide(page, 1).getByRole('link').focus();
    await page.clock.runFor(3 * SLIDER_INTERVAL_MS);
    await expectSlide(page, 1);
    await expect(carousel(page).locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Diapositive précédente' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectSlide(page, 4);
  });

  test('pauses while the tab is hidden', async ({ page }) => {
    await openHomeWithStoppedClock(page);
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await page.clock.runFor(3 * SLIDER_INTERVAL_MS);
    await expectSlide(page, 1);
    await setVisibility('visible');
    await page.clock.runFor(SLIDER_INTERVAL_MS + 100);
    await expectSlide(page, 2);
  });

  test('the rotation button stops and restarts the rotation', async ({ page }) => {
    await openHomeWithStoppedClock(page);
    await page.getByRole('button', { name: 'Mettre en pause le défilement' }).click();
    await page.mouse.move(5, 5);
    await page.getByRole('heading', { level: 1 }).click();
    await page.clock.runFor(3 * SLIDER_INTERVAL_MS);
    await expectSlide(page, 1);
    await page.getByRole('button', { name: 'Lancer le défilement' }).click();
    await page.mouse.move(5, 5);
    await page.getByRole('heading', { level: 1 }).click();
    await page.clock.runFor(SLIDER_INTERVAL_MS + 100);
    await expectSlide(page, 2);
  });

  test('never advances on its own under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHomeWithStoppedClock(page);
    await expect(page.getByRole('button', { name: 'Lancer le défilement' })).toBeVisible();
    await page.clock.runFor(4 * SLIDER_INTERVAL_MS);
    await expectSlide(page, 1);
    await page.getByRole('button', { name: 'Diapositive suivante' }).click();
    await expectSlide(page, 2);
  });

  test('lists the eight solution cards, each landing on its page', async ({ page }) => {
    const grid = () => page.getByRole('region', { name: 'Huit métiers pour accompagner votre commerce' });
    await page.goto('/');
    await expect(grid().getByRole('listitem')).toHaveCount(8);
    // Each card links to its page, and that page is titled after the card.
    for (const area of solutionAreas) {
      const link = grid().getByRole('link', { name: area.title, exact: true });
      await expect(link).toHaveAttribute('href', `/solutions/${area.slug}`);
      const target = await page.request.get(`/solutions/${area.slug}`);
      expect(target.status(), area.slug).toBe(200);
      expect(await target.text(), area.slug).toMatch(new RegExp(`<h1[^>]*>\\s*${area.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/&/g, '&amp;')}\\s*</h1>`));
    }
    // A click on a card (its whole surface is the link) lands there.
    const [first] = solutionAreas;
    await grid().getByRole('link', { name: first!.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/solutions/${first!.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.title);
  });
});

test.describe('home page on a phone @mobile', () => {
  test('the slider is usable by touch and the solution cards are visible', async ({ page }) => {
    await openHomeWithStoppedClock(page);
    await page.getByRole('button', { name: 'Diapositive suivante' }).tap();
    await expectSlide(page, 2);
    await expect(page.getByRole('link', { name: 'Monétique', exact: true }).last()).toBeVisible();
  });
});
