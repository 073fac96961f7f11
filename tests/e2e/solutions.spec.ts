import { expect, test } from '@playwright/test';
import { solutionPages } from '../../src/features/solutions/content';
import { followLink } from '../helpers/follow-link';

test.describe('solution pages', () => {
  for (const solution of solutionPages) {
    test(`${solution.slug}: hero, four features, four benefits with an image, call to action to /contact`, async ({ page }) => {
      await page.goto(`/solutions/${solution.slug}`);
      await expect(page).toHaveTitle(`${solution.title} | Vision Caraïbes`);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(solution.title);

      const features = page.getByRole('region', { name: 'Ce que nous mettons en place pour vous' }).getByRole('listitem');
      await expect(features).toHaveCount(4);
      for (const [index, feature] of solution.features.entries()) {
        await expect(features.nth(index).getByRole('heading', { level: 3 })).toHaveText(feature.title);
        await expect(features.nth(index)).toContainText(feature.description);
      }

      const benefitsRegion = page.getByRole('region', { name: solution.benefitsTitle });
      await expect(benefitsRegion.getByRole('listitem')).toHaveCount(4);
      for (const benefit of solution.benefits) await expect(benefitsRegion.getByRole('heading', { name: benefit.title })).toBeAttached();
      const image = benefitsRegion.getByRole('img', { name: solution.imageAlt });
      await expect(image).toHaveAttribute('width', '480');
      await expect(image).toHaveAttribute('height', '360');
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);

      await followLink(page, page.getByRole('link', { name: solution.cta.label }), /\/contact$/);
    });
  }

  test('maintenance and after-sales mentions the extranet for tickets and documentation', async ({ page }) => {
    await page.goto('/solutions/maintenance-sav');
    const extranet = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Extranet client' }) });
    await expect(extranet).toContainText('tickets');
    await expect(extranet).toContainText('documentation');
    // The card leads to the customers' space it promises.
    await expect(extranet.getByRole('link', { name: 'Accéder à l’espace client' })).toHaveAttribute('href', '/espace-client');
  });

  test('the hero button leads to /contact too', async ({ page }) => {
    await page.goto('/solutions/monetique');
    await followLink(page, page.getByRole('main').getByRole('link', { name: 'Nous contacter' }), /\/contact$/);
  });
});
