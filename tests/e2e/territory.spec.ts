import type { Page } from '@playwright/test';
import { expect, test } from '../helpers/hydrated';
import { logIn } from '../helpers/owner-sign-in';
import { apiPaths, paths } from '../../src/lib/paths';
import { e2eAdmin } from '../helpers/e2e-admin';

/** A name no other test uses. */
const uniqueName = (label: string) => `${label} ${Date.now()}-${Math.floor(Math.random() * 100_000)}`;

/** Sends a contact request through the public API, as the contact form does, with this phone number. */
async function seedRequest(page: Page, name: string, phone: string) {
  const response = await page.request.post(apiPaths.contactForm, {
    data: { name, email: 'client@exemple.fr', phone, company: 'Quincaillerie du Port', subject: 'Encaissement & Gestion', delai: '1 à 3 mois', message: 'Merci de nous rappeler.', website: '' },
  });
  expect(response.ok()).toBe(true);
  return { name, ...((await response.json()) as { id: string; reference: string }) };
}

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

test.describe('requests by territory, and who did what', () => {
  test('the owner changes a request’s status, territory and assignment; its history says « par » the owner', async ({ page }) => {
    test.slow();
    const seeded = await seedRequest(page, uniqueName('Client historique'), '0690 11 22 33');
    await logIn(page, `${paths.admin}?demande=${seeded.id}`);
    const view = page.getByRole('dialog', { name: seeded.name });
    await expect(view.getByLabel('Territoire', { exact: true })).toHaveValue('guadeloupe');

    await view.getByLabel('Statut', { exact: true }).selectOption({ label: 'En cours' });
    const history = view.getByRole('region', { name: 'Historique' }).getByRole('listitem');
    await expect(history.last()).toHaveText(new RegExp(`^Nouveau → En cours, le \\d{2}/\\d{2}/\\d{4} à \\d{2}:\\d{2} par ${e2eAdmin.username}$`));

    await view.getByLabel('Territoire', { exact: true }).selectOption({ label: 'Guyane' });
    await expect(history.last()).toHaveText(new RegExp(`^Territoire\u00a0: Guadeloupe → Guyane, le .+ par ${e2eAdmin.username}$`));
    await view.getByLabel('Assigné à').selectOption({ label: e2eAdmin.username });
    await expect(history.last()).toHaveText(new RegExp(`^Assignée à ${e2eAdmin.username}, le .+ par ${e2eAdmin.username}$`));
    await expect(history).toHaveCount(3);

    // The view opened again from its link shows the same history.
    await page.reload();
    await expect(page.getByRole('dialog', { name: seeded.name }).getByRole('region', { name: 'Historique' }).getByRole('listitem')).toHaveCount(3);
  });

  test('the territory filter and « Mes dossiers » live in the URL and survive a reload; the counters follow them', async ({ page }) => {
    test.slow();
    const inGuyane = await seedRequest(page, uniqueName('Client Cayenne'), '0594 30 00 00');
    const inMartinique = await seedRequest(page, uniqueName('Client Fort-de-France'), '0596 60 00 00');
    await logIn(page);
    const territories = page.getByRole('group', { name: 'Filtrer par territoire' });
    await expect(territories.getByRole('button', { name: 'Mes territoires' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card(page, inGuyane.name)).toBeVisible();
    await expect(card(page, inMartinique.name)).toBeVisible();

    await territories.getByRole('button', { name: 'Guyane' }).click();
    await expect(page).toHaveURL(/[?&]territoire=guyane(&|$)/);
    await expect(card(page, inGuyane.name)).toBeVisible();
    await expect(card(page, inMartinique.name)).toHaveCount(0);
    const total = page.getByRole('list', { name: 'Compteurs des demandes' }).getByRole('listitem').first();
    const guyaneTotal = Number(await total.locator('.admin-counter-value').textContent());

    await page.reload();
    await expect(page.getByRole('group', { name: 'Filtrer par territoire' }).getByRole('button', { name: 'Guyane' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card(page, inGuyane.name)).toBeVisible();
    await expect(card(page, inMartinique.name)).toHaveCount(0);

    await page.getByRole('group', { name: 'Filtrer par territoire' }).getByRole('button', { name: 'Tous' }).click();
    await expect(card(page, inMartinique.name)).toBeVisible();
    await expect.poll(async () => Number(await total.locator('.admin-counter-value').textContent())).toBeGreaterThan(guyaneTotal);

    // « Mes dossiers »: nothing of these two is assigned to the owner yet.
    await page.getByRole('group', { name: 'Filtrer par personne assignée' }).getByRole('button', { name: 'Mes dossiers' }).click();
    await expect(page).toHaveURL(/[?&]dossiers=miens(&|$)/);
    await expect(card(page, inGuyane.name)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('group', { name: 'Filtrer par personne assignée' }).getByRole('button', { name: 'Mes dossiers' })).toHaveAttribute('aria-pressed', 'true');
  });
});
