import { expect, test } from '@playwright/test';
import { followLink } from '../helpers/follow-link';
import { clientGroups, clients, partners } from '../../src/features/brands/brands';

test.describe('clients page', () => {
  test('shows every client mark and group of the list, in order, each named for screen readers', async ({ page }) => {
    await page.goto('/nos-clients');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nos clients');

    const marks = page.getByRole('list', { name: 'Enseignes clientes' }).getByRole('listitem');
    await expect(marks).toHaveCount(clients.length);
    for (const [index, client] of clients.entries()) {
      const mark = marks.nth(index).getByRole('img', { name: client.nom, exact: true });
      await expect(mark).toBeVisible();
      await expect(mark).toHaveAttribute('width', '200');
      await expect(mark).toHaveAttribute('height', '80');
    }

    const groups = page.getByRole('list', { name: 'Groupes clients' }).getByRole('listitem');
    await expect(groups).toHaveCount(clientGroups.length);
    for (const [index, group] of clientGroups.entries()) {
      await expect(groups.nth(index).getByRole('img', { name: group.nom, exact: true })).toBeVisible();
      await expect(groups.nth(index).getByRole('heading', { level: 3 })).toHaveText(group.nom);
    }
  });

  test('has a contact link to /contact', async ({ page }) => {
    await page.goto('/nos-clients');
    await followLink(page, page.getByRole('main').getByRole('link', { name: 'Nous contacter' }), /\/contact$/);
  });
});

test.describe('partners page', () => {
  test('shows every partner of the list, each labelled with its category', async ({ page }) => {
    await page.goto('/nos-partenaires');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nos partenaires');
    const cards = page.getByRole('list', { name: 'Partenaires' }).getByRole('listitem');
    await expect(cards).toHaveCount(partners.length);
    for (const [index, partner] of partners.entries()) {
      await expect(cards.nth(index).getByRole('img', { name: partner.nom, exact: true })).toBeVisible();
      await expect(cards.nth(index).getByText(partner.categorie, { exact: true })).toBeVisible();
    }
    for (const category of ['Constructeur', 'Éditeur'] as const) {
      const count = partners.filter((partner) => partner.categorie === category).length;
      await expect(cards.filter({ has: page.getByText(category, { exact: true }) })).toHaveCount(count);
    }
  });

  test('« Devenez partenaire » leads to /contact', async ({ page }) => {
    await page.goto('/nos-partenaires');
    await followLink(page, page.getByRole('link', { name: 'Devenez partenaire' }), /\/contact$/);
  });
});

test.describe('brand pages on a phone @mobile', () => {
  test('marks are laid out in at least two columns and never overflow the screen', async ({ page }) => {
    await page.goto('/nos-partenaires');
    // Layout positions (offsetTop/offsetLeft), read in one frame: the scroll reveal moves each card with a
    // transform on its own delay, so rendered boxes differ by fractions of a pixel while the cards slide in.
    const [first, second] = await page
      .getByRole('list', { name: 'Partenaires' })
      .evaluate((list) => [...list.querySelectorAll<HTMLElement>(':scope > li')].slice(0, 2).map((card) => ({ top: card.offsetTop, left: card.offsetLeft })));
    expect(second!.top).toBe(first!.top);
    expect(second!.left).toBeGreaterThan(first!.left);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
