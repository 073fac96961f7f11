/**
 * The team in the browser: the owner invites a technician on /admin/equipe and copies the link; the
 * technician opens it in a browser of their own, chooses a password and enrols a passkey with Chromium's
 * virtual authenticator; the team page then shows the account « Actif ». A used link then says so.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../helpers/hydrated';
import { paths } from '../../src/lib/paths';
import { teamPages } from '../../src/features/team/team-paths';
import { e2eAdmin } from '../helpers/e2e-admin';

async function logIn(page: Page) {
  await page.goto(paths.admin);
  await page.getByLabel('Identifiant').fill(e2eAdmin.username);
  await page.getByLabel('Mot de passe').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
}

/** A virtual passkey authenticator on the page (CDP): internal, resident keys, user verified. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

test('the owner invites a technician, who sets a password and enrols a passkey; the account is then « Actif »', async ({ page, browser }) => {
  test.slow();
  const name = `Technicien ${Date.now()}`;
  const email = `tech-${Date.now()}@exemple.fr`;
  await logIn(page);
  // The header shows « Équipe » to administrators from the next page loaded after signing in.
  await expect(page.getByRole('link', { name: 'Équipe' })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Journal' })).toBeVisible();
  await page.getByRole('link', { name: 'Équipe' }).click();
  await expect(page).toHaveURL(new RegExp(`${teamPages.team}$`));

  const invite = page.getByRole('region', { name: 'Inviter une personne' });
  await invite.getByLabel('Nom').fill(name);
  await invite.getByLabel('Adresse e-mail').fill(email);
  await invite.getByLabel('Rôle').selectOption({ label: 'Technicien' });
  await invite.getByLabel('Guadeloupe').check();
  await invite.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  const linkBox = page.getByLabel('Lien d’invitation');
  await expect(linkBox).toBeVisible({ timeout: 30_000 });
  const link = await linkBox.inputValue();
  expect(link).toMatch(/\/admin\/invitation\/[A-Za-z0-9_-]{43}$/);
  const card = page.getByRole('listitem', { name });
  await expect(card.getByText('Invité', { exact: true })).toBeVisible();

  // The technician, in a browser of their own.
  const theirs = await browser.newContext();
  try {
    const tech = await theirs.newPage();
    await virtualAuthenticator(theirs, tech);
    await tech.goto(link);
    await expect(tech.getByText(`Bienvenue, ${name}.`)).toBeVisible({ timeout: 30_000 });
    const password = tech.getByLabel(/^Mot de passe/);
    await password.fill('motdepasse12');
    await tech.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(tech.getByRole('alert')).toContainText(/mot de passe/i);
    await password.fill('gommier-vanille-tambour-lagon');
    await tech.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(tech.getByText('Mot de passe enregistré.', { exact: false })).toBeVisible({ timeout: 30_000 });
    await tech.getByLabel('Nom de cet appareil').fill('Ordinateur de test');
    await tech.getByRole('button', { name: 'Enregistrer une clé d’accès' }).click();
    await expect(tech.getByText(/clé d’accès «\u00a0Ordinateur de test\u00a0»/)).toBeVisible({ timeout: 30_000 });
    await tech.getByRole('button', { name: 'Activer mon compte' }).click();
    await expect(tech.getByText(`Votre compte est actif, ${name}.`)).toBeVisible({ timeout: 30_000 });

    // The link was used: opening it again says so.
    await tech.goto(link);
    await expect(tech.getByRole('alert')).toContainText('Ce lien d’invitation a déjà été utilisé.');
  } finally {
    await theirs.close();
  }

  await page.reload();
  await expect(page.getByRole('listitem', { name }).getByText('Actif', { exact: true })).toBeVisible({ timeout: 30_000 });
});
