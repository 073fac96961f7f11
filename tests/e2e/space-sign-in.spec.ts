/**
 * The customers' sign-in in the browser, on a 390 px phone: a person of a company asks for a link on
 * /espace-client/connexion, reads it in the server's local outbox, opens it and lands in the space; « Mon
 * compte » shows them and this device; they add a passkey (Chromium's virtual authenticator), then
 * « Se déconnecter de tous les appareils » ends the session (a reload shows the sign-in page); the passkey
 * alone signs them in again; the used link then says it has served.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../helpers/hydrated';
import { seedCustomer, signInLinkTo } from '../helpers/space-customer';
import { spacePages } from '../../src/features/space/space-paths';

test.use({ viewport: { width: 390, height: 844 } });

/** A virtual passkey authenticator on the page (CDP): internal, resident keys, user verified. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

test('a customer signs in with an e-mailed link, adds a passkey, signs out of every device, and signs in again with the passkey alone', async ({ page, context }) => {
  // About fifteen calls to the local functions, each a new worker thread under the emulation (docs/operations/local-server.md); the
  // first may wait for the server's warm-up, which builds every function (minutes on a busy machine).
  test.setTimeout(420_000);
  const { company, person } = await seedCustomer();
  await virtualAuthenticator(context, page);

  await page.goto(spacePages.signIn);
  await page.getByLabel('Adresse e-mail').fill('pas-une-adresse');
  await page.getByRole('button', { name: 'Recevoir un lien de connexion' }).click();
  await expect(page.getByText('Veuillez saisir une adresse e-mail valide.')).toBeVisible({ timeout: 180_000 });
  await page.getByLabel('Adresse e-mail').fill(person.email);
  await page.getByRole('button', { name: 'Recevoir un lien de connexion' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Si cette adresse est celle d’un compte client' })).toContainText('valable 15', { timeout: 45_000 });

  const link = await signInLinkTo(person.email);
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`${spacePages.home}$`), { timeout: 45_000 });

  await page.goto(spacePages.account);
  const who = page.getByRole('region', { name: 'Vous' });
  await expect(who).toContainText(person.name, { timeout: 45_000 });
  await expect(who).toContainText(company.name);
  const devices = page.getByRole('region', { name: 'Appareils connectés' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByText('Cet appareil')).toBeVisible();
  await expect(devices).toContainText('lien reçu par e-mail');

  const passkeys = page.getByRole('region', { name: 'Clés d’accès' });
  await passkeys.getByLabel('Nom de cet appareil').fill('Téléphone de Marie');
  await passkeys.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  await expect(passkeys.getByRole('status')).toContainText('Téléphone de Marie', { timeout: 45_000 });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);

  await devices.getByRole('button', { name: 'Se déconnecter de tous les appareils' }).click();
  const confirm = page.getByRole('dialog', { name: 'Se déconnecter de tous les appareils ?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Tout déconnecter' }).click();
  await expect(page).toHaveURL(new RegExp(`${spacePages.signIn}$`), { timeout: 45_000 });
  // Signed out, « Mon compte » sends to the sign-in page, which brings the person back to it after.
  await page.goto(spacePages.account);
  await expect(page).toHaveURL(new RegExp(`${spacePages.signIn}\\?retour=%2Fespace-client%2Fcompte$`), { timeout: 45_000 });

  await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
  await expect(page).toHaveURL(new RegExp(`${spacePages.account}$`), { timeout: 45_000 });
  await page.goto(spacePages.account);
  await expect(page.getByRole('region', { name: 'Vous' })).toContainText(person.email, { timeout: 45_000 });
  await expect(page.getByRole('region', { name: 'Appareils connectés' })).toContainText('clé d’accès');

  // The e-mailed link served once.
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: 'Ce lien de connexion a déjà servi' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'Recevoir un lien de connexion' })).toBeVisible();
});
