/** The browser tests' owner signs in on the admin's form: the inbox's « Se déconnecter » shows once they are in. */
import type { Page } from '@playwright/test';
import { paths } from '../../src/lib/paths';
import { e2eAdmin } from './e2e-admin';
import { expect } from './hydrated';

/** Signs the owner in on the inbox, or at `url` (username and password; « Se connecter » alone, not the passkey button). */
export async function logIn(page: Page, url: string = paths.admin): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Identifiant').fill(e2eAdmin.username);
  await page.getByLabel('Mot de passe').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
}
