import { expect, test, type Page } from '@playwright/test';
import { commitments, competences, hardware, quote, stats } from '../../src/features/vision/content';
import { formatCount } from '../../src/features/motion/motion';
import { followLink } from '../helpers/follow-link';
import { nextFrames } from '../helpers/frames';

const statList = (page: Page) => page.getByRole('list', { name: 'Vision Caraïbes en chiffres' });
const counter = (page: Page, index: number) => statList(page).getByRole('listitem').nth(index).locator('[data-counter]');
const finalText = (value: number) => formatCount(value);

test.describe('vision page', () => {
  test('has the hero, the quote, the history, and every stat, competence, hardware card and commitment of its content', async ({ page }) => {
    await page.goto('/notre-vision');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notre vision');
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('blockquote')).toContainText(quote.text);
    await expect(page.getByRole('heading', { name: 'Près de vingt ans au service du commerce antillais' })).toBeVisible();
    await expect(statList(page).getByRole('listitem')).toHaveCount(stats.length);

    const competenceList = page.getByRole('region', { name: 'Six domaines maîtrisés de bout en bout' }).getByRole('listitem');
    await expect(competenceList).toHaveCount(competences.length);
    for (const [index, competence] of competences.entries()) {
      await expect(competenceList.nth(index)).toHaveText(`${competence.nom}100 %`);
    }

    const hardwareRegion = page.getByRole('region', { name: 'Du matériel professionnel, installé et suivi par nos équipes' });
    await expect(hardwareRegion.getByRole('listitem')).toHaveCount(hardware.length);
    for (const item of hardware) {
      await expect(hardwareRegion.getByRole('link', { name: item.title })).toHaveAttribute('href', item.href);
    }

    const commitmentItems = page.getByRole('region', { name: 'Quatre promesses tenues chaque jour' }).getByRole('listitem');
    await expect(commitmentItems).toHaveCount(commitments.length);
    for (const commitment of commitments) await expect(page.getByRole('heading', { name: commitment.title, level: 3 })).toBeVisible();
  });

  test('the contact button leads to /contact', async ({ page }) => {
    await page.goto('/notre-vision');
    await followLink(page, page.getByRole('main').getByRole('link', { name: 'Contactez-nous' }), /\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contactez-nous');
  });

  test('counters count up when scrolled into view and stop on the exact values', async ({ page }) => {
    const start = new Date('2026-03-02T09:00:00-04:00');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    await page.goto('/notre-vision');
    const interventions = async () => Number((await counter(page, 4).textContent())!.replace(/\s/g, ''));
    await statList(page).scrollIntoViewIfNeeded();
    // The counter starts once the observer sees it; then, early in its 2 800 ms, it is on its way.
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return interventions();
      })
      .toBeGreaterThan(0);
    expect(await interventions()).toBeLessThan(1000);
    await page.clock.runFor(3000);
    for (const [index, stat] of stats.entries()) {
      await expect(counter(page, index)).toHaveText(finalText(stat.value));
    }
    await expect(statList(page)).toContainText('20ans d’expérience');
    await expect(statList(page)).toContainText(`+${finalText(120)}clients`);
    await expect(statList(page)).toContainText(`+${finalText(1000)}caisses installées`);
    await expect(statList(page)).toContainText(`+${finalText(700)}réparations par an`);
    await expect(statList(page)).toContainText(`+${finalText(1000)}interventions par an`);
  });

  test('screen readers hear the final figures, never the animation', async ({ page }) => {
    await page.goto('/notre-vision');
    for (const stat of stats) await expect(statList(page).getByText(stat.spoken)).toHaveCount(1);
    await expect(statList(page).locator('[data-counter]').first().locator('xpath=..')).toHaveAttribute('aria-hidden', 'true');
  });

  test('competence bars fill to 100 % when scrolled into view', async ({ page }) => {
    await page.goto('/notre-vision');
    const bars = page.locator('[data-bar]');
    await expect(bars).toHaveCount(competences.length);
    await expect(bars.nth(0)).toHaveAttribute('data-duration', '2000');
    await expect(bars.nth(5)).toHaveAttribute('data-duration', '3500');
    await bars.last().scrollIntoViewIfNeeded();
    // The last bar fills in 3.5 s once in view, after the others' start: the assertions' usual 15 s, not less.
    await expect(async () => {
      for (let i = 0; i < 6; i++) {
        const [bar, track] = await Promise.all([bars.nth(i).boundingBox(), bars.nth(i).locator('xpath=..').boundingBox()]);
        expect(Math.round(bar!.width)).toBe(Math.round(track!.width));
      }
    }).toPass({ timeout: 15_000 });
  });

  test('sections below the fold are revealed once they scroll into view', async ({ page }) => {
    await page.goto('/notre-vision');
    const firstCommitment = page.getByRole('region', { name: 'Quatre promesses tenues chaque jour' }).getByRole('listitem').first();
    await expect(firstCommitment).toHaveCSS('opacity', '0');
    await firstCommitment.scrollIntoViewIfNeeded();
    await expect(firstCommitment).toHaveCSS('opacity', '1');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(firstCommitment).toHaveCSS('opacity', '1');
  });
});

test.describe('vision page without motion', () => {
  test('under prefers-reduced-motion, the final numbers, full bars and every section show at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/notre-vision');
    await statList(page).scrollIntoViewIfNeeded();
    await nextFrames(page);
    // Read once, without waiting: an animation would still be on its way.
    for (const [index, stat] of stats.entries()) expect(await counter(page, index).textContent()).toBe(finalText(stat.value));
    const bar = await page.locator('[data-bar]').last().boundingBox();
    const track = await page.locator('[data-bar]').last().locator('xpath=..').boundingBox();
    expect(Math.round(bar!.width)).toBe(Math.round(track!.width));
    await expect(page.getByRole('region', { name: 'Quatre promesses tenues chaque jour' }).getByRole('listitem').first()).toHaveCSS('opacity', '1');
  });

  test('without JavaScript, everything is readable: final numbers and full bars are in the HTML', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/notre-vision');
    for (const [index, stat] of stats.entries()) await expect(counter(page, index)).toHaveText(finalText(stat.value));
    const bar = await page.locator('[data-bar]').first().boundingBox();
    const track = await page.locator('[data-bar]').first().locator('xpath=..').boundingBox();
    expect(Math.round(bar!.width)).toBe(Math.round(track!.width));
    await expect(page.getByRole('region', { name: 'Quatre promesses tenues chaque jour' }).getByRole('listitem').first()).toHaveCSS('opacity', '1');
    await context.close();
  });
});
