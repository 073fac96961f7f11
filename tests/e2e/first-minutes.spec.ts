/**
 * What a newcomer meets first, as the field review read it: the back office's words to someone not signed
 * in (« Votre session est terminée » only once a session did end), the tickets chart's dates and percentages
 * readable on a phone (at least 12 px, none over another), the inbox's filters starting on one line, and the
 * maintenance page's call to action inside the screen's side margins.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { paths, solutionPath } from '../../src/lib/paths';
import { STORAGE_KEYS } from '../../src/lib/constants';
import { lifetimeMs } from '../../src/lib/lifetimes';
import { teamPages } from '../../src/features/team/team-paths';
import { ticketPages } from '../../src/features/tickets/ticket-paths';
import { SIDE_MARGIN } from '../helpers/layout';
import { waitForHydration } from '../helpers/hydrated';
import { ownerToken, staffPage } from '../helpers/e2e-staff';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
/** A wait that spans calls to the local functions. */
const SERVER = { timeout: 60_000 };

test('a team page says « Connectez-vous » to someone never signed in, « Votre session est terminée » once a session has ended', async ({ page }) => {
  await page.goto(teamPages.team);
  await waitForHydration(page);
  await expect(page.getByText('Connectez-vous pour ouvrir cette page.')).toBeVisible();
  await expect(page.getByText('Votre session est terminée.')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', paths.admin);

  // A session signed in longer ago than a session lasts.
  await page.evaluate(
    ({ tokenKey, timeKey, since }) => {
      localStorage.setItem(tokenKey, 'jeton-perime');
      localStorage.setItem(timeKey, String(since));
    },
    { tokenKey: STORAGE_KEYS.adminToken, timeKey: STORAGE_KEYS.adminLoginTime, since: Date.now() - lifetimeMs('staffSession') - 60_000 },
  );
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText('Votre session est terminée.')).toBeVisible();
});

/** The boxes of the visible elements a locator finds. */
async function boxes(locator: Locator) {
  return locator.evaluateAll((elements) =>
    elements
      .filter((element) => getComputedStyle(element).visibility !== 'hidden' && (element.textContent ?? '').trim() !== '')
      .map((element) => {
        const { left, right, top, bottom } = element.getBoundingClientRect();
        return { text: (element.textContent ?? '').trim(), left, right, top, bottom, size: Number.parseFloat(getComputedStyle(element).fontSize) };
      }),
  );
}

async function openSettled(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
}

test('the tickets chart’s labels are at least 12 px and none overlaps another, on a phone and a laptop', async ({ browser, request, baseURL }) => {
  const { context, page } = await staffPage(browser, baseURL!, await ownerToken(request), PHONE);
  await openSettled(page, ticketPages.list);
  const chart = page.getByRole('img', { name: /Part des tickets pris en charge à temps|Aucun ticket dont la prise en charge/ });
  await expect(chart).toBeVisible(SERVER);
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    const labels = await boxes(page.locator('.tickets-chart-label'));
    expect(labels.length, `${size.width} px: the dates and the three percentages`).toBeGreaterThanOrEqual(3 + 3);
    for (const label of labels) expect(label.size, `« ${label.text} » at ${size.width} px`).toBeGreaterThanOrEqual(12);
    const overlaps = labels.flatMap((a, i) => labels.slice(i + 1).filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).map((b) => `« ${a.text} » over « ${b.text} »`));
    expect(overlaps, `${size.width} px`).toEqual([]);
  }
  await context.close();
});

test('the inbox’s filters: every group’s first button starts at the same place on a laptop', async ({ browser, request, baseURL }) => {
  const { context, page } = await staffPage(browser, baseURL!, await ownerToken(request), LAPTOP);
  await openSettled(page, paths.admin);
  const groups = page.getByRole('group', { name: /^Filtrer par/ });
  await expect(groups).toHaveCount(4, SERVER);
  const starts = await groups.evaluateAll((elements) => elements.map((group) => Math.round(group.querySelector('button')!.getBoundingClientRect().left)));
  expect(new Set(starts).size, `first buttons at ${starts.join(', ')} px`).toBe(1);
  await context.close();
});

test('the maintenance page’s call to action keeps the side margins on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(solutionPath('maintenance-sav'));
  const button = page.locator('.cta-band').getByRole('link');
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(SIDE_MARGIN);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width - SIDE_MARGIN);
});
