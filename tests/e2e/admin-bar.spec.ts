/**
 * Signing in on the admin's page through its form: the bar shows the role's links at once, without a
 * reload (the owner: « Tickets », « Équipe », « Journal »); a technician lands on the tickets, never on the
 * requests, and never sees the administrators' links.
 */
import { paths } from '../../src/lib/paths';
import { ticketPages } from '../../src/features/tickets/ticket-paths';
import { e2eAdmin } from '../helpers/e2e-admin';
import { staffAccount } from '../helpers/e2e-staff';
import { expect, test } from '../helpers/hydrated';

const SERVER = { timeout: 60_000 };

test('the owner signing in sees « Tickets », « Équipe » and « Journal » in the bar at once', async ({ page }) => {
  await page.goto(paths.admin);
  const bar = page.getByRole('navigation', { name: 'Administration' });
  await expect(bar.getByRole('link', { name: 'Équipe' })).toBeHidden();
  await page.getByLabel('Identifiant').fill(e2eAdmin.username);
  await page.getByLabel('Mot de passe').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByText('Connecté en tant qu’administrateur')).toBeVisible(SERVER);
  for (const name of ['Tickets', 'Équipe', 'Journal']) await expect(bar.getByRole('link', { name, exact: true })).toBeVisible();
});

test('a technician signing in lands on the tickets, with « Tickets » and without the administrators’ links', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Enrolled, not signed in: only this step's code is spent, the form uses the next step's.
  const technician = await staffAccount(request, 'technicien', 'guyane', Date.now().toString(36));
  await page.goto(paths.admin);
  await page.getByLabel('Identifiant').fill(technician.email);
  await page.getByLabel('Mot de passe').fill(technician.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await page.getByLabel('Code à 6 chiffres').fill(technician.code(30_000));
  await page.getByRole('button', { name: 'Valider le code' }).click();
  await expect(page).toHaveURL(new RegExp(`${ticketPages.list}(\\?.*)?$`), SERVER);
  const bar = page.getByRole('navigation', { name: 'Administration' });
  await expect(bar.getByRole('link', { name: 'Tickets', exact: true })).toBeVisible(SERVER);
  await expect(bar.getByRole('link', { name: 'Équipe' })).toBeHidden();
  await expect(bar.getByRole('link', { name: 'Journal' })).toBeHidden();
});
