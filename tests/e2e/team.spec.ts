/**
 * The team in the browser, one flow: the owner invites a technician of Guyane on /admin/equipe and copies
 * the link; the technician opens it in a browser of their own, chooses a password and enrols a passkey with
 * Chromium's virtual authenticator; the team page then shows the account « Actif ». A used link then says
 * so. The technician signs in with the passkey alone (no username, no password), signs out and in again,
 * sees the Guyane request and not the Martinique one (even with « Tous »), and cannot open the team page.
 * In « Mon compte », removing the passkey asks for the password again; a new password keeps this session.
 * The owner disables the account: the technician's open inbox, on its next call, shows the sign-in form.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../helpers/hydrated';
import { logIn } from '../helpers/owner-sign-in';
import { apiPaths, paths } from '../../src/lib/paths';
import { STORAGE_KEYS } from '../../src/lib/constants';
import { teamPages } from '../../src/features/team/team-paths';
import { NOT_ALLOWED } from '../../src/features/team/StaffGate';
import { e2eAdmin } from '../helpers/e2e-admin';

/** Sends a contact request through the public API, as the contact form does, with this phone number. */
async function seedRequest(page: Page, name: string, phone: string) {
  const response = await page.request.post(apiPaths.contactForm, {
    data: { name, email: 'client@exemple.fr', phone, company: 'Quincaillerie du Port', subject: 'Encaissement & Gestion', delai: '1 à 3 mois', message: 'Merci de nous rappeler.', website: '' },
  });
  expect(response.ok()).toBe(true);
  return name;
}

/** A request's card in the inbox, by the name of its sender. */
const requestCard = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

/** « Se connecter avec une clé d’accès » on the sign-in form: the passkey alone, nothing typed. */
async function signInWithPasskey(page: Page) {
  await expect(page.getByLabel('Identifiant')).toHaveValue('');
  await expect(page.getByLabel('Mot de passe')).toHaveValue('');
  await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
  // A technician lands on their tickets; the flow goes on from the requests' inbox, still signed in.
  await expect(page).toHaveURL(/\/admin\/tickets/, { timeout: 30_000 });
  await page.goto(paths.admin);
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible({ timeout: 30_000 });
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

test('the owner invites a technician of Guyane, who enrols a passkey, signs in with it alone, sees Guyane only, cannot open the team page, and is signed out at once when disabled', async ({ page, browser }) => {
  // About forty calls to the local functions, each a new worker thread under the emulation (docs/operations/local-server.md).
  test.setTimeout(300_000);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 100_000)}`;
  const name = `Technicien ${stamp}`;
  const email = `tech-${stamp}@exemple.fr`;
  const inGuyane = await seedRequest(page, `Client Cayenne ${stamp}`, '+594 594 30 00 00');
  const inMartinique = await seedRequest(page, `Client Fort-de-France ${stamp}`, '0596 60 00 00');
  await logIn(page);
  // The owner's inbox (every territory) lists both requests.
  await expect(requestCard(page, inGuyane)).toBeVisible();
  await expect(requestCard(page, inMartinique)).toBeVisible();
  // The header shows « Équipe » and « Journal » to administrators right after signing in, without a reload.
  await expect(page.getByRole('link', { name: 'Journal' })).toBeVisible();
  await page.getByRole('link', { name: 'Équipe' }).click();
  await expect(page).toHaveURL(new RegExp(`${teamPages.team}$`));

  const invite = page.getByRole('region', { name: 'Inviter une personne' });
  await invite.getByLabel('Nom').fill(name);
  await invite.getByLabel('Adresse e-mail').fill(email);
  await invite.getByLabel('Rôle').selectOption({ label: 'Technicien' });
  // Guyane only: the form starts on Martinique.
  await invite.getByLabel('Martinique').uncheck();
  await invite.getByLabel('Guyane').check();
  await invite.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  const linkBox = page.getByLabel('Lien d’invitation');
  await expect(linkBox).toBeVisible({ timeout: 30_000 });
  const link = await linkBox.inputValue();
  expect(link).toMatch(/\/admin\/invitation\/[A-Za-z0-9_-]{43}$/);
  const card = page.getByRole('listitem', { name });
  await expect(card.getByText('Invité', { exact: true })).toBeVisible();
  await expect(card).toContainText('Technicien · Guyane');

  // The technician, in a browser of their own; the same page throughout keeps its virtual authenticator.
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

    await page.reload();
    await expect(page.getByRole('listitem', { name }).getByText('Actif', { exact: true })).toBeVisible({ timeout: 30_000 });

    // The passkey alone signs the technician in (the authenticator's resident key names the account);
    // after « Se déconnecter », again.
    await tech.goto(paths.admin);
    await signInWithPasskey(tech);
    await tech.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(tech.getByRole('button', { name: 'Se connecter avec une clé d’accès' })).toBeVisible();
    expect(await tech.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken)).toBeNull();
    await signInWithPasskey(tech);

    // Their territory only: the Guyane request, not the Martinique one, even with « Tous ».
    await expect(requestCard(tech, inGuyane)).toBeVisible();
    await expect(requestCard(tech, inMartinique)).toHaveCount(0);
    const territories = tech.getByRole('group', { name: 'Filtrer par territoire' });
    const everyTerritory = tech.waitForResponse((response) => response.url().includes(`${apiPaths.contactList}?`) && response.url().includes('territoire=tous'));
    await territories.getByRole('button', { name: 'Tous' }).click();
    await expect(tech).toHaveURL(/[?&]territoire=tous(&|$)/);
    // The server itself keeps the list to Guyane, whatever the filter asks.
    const answer = (await (await everyTerritory).json()) as { data: Array<{ name: string }> };
    expect(answer.data.map((request) => request.name)).toContain(inGuyane);
    expect(answer.data.map((request) => request.name)).not.toContain(inMartinique);
    await expect(requestCard(tech, inGuyane)).toBeVisible();
    await expect(requestCard(tech, inMartinique)).toHaveCount(0);

    // The team page is for administrators.
    await tech.goto(teamPages.team);
    await expect(tech.getByRole('alert')).toHaveText(NOT_ALLOWED);
    await expect(tech.getByRole('region', { name: 'Inviter une personne' })).toHaveCount(0);

    // « Mon compte »: removing a passkey asks for the password again first (a session alone never changes
    // the factors); a wrong one is said in the dialog; the right one reaches the rule that keeps the last key.
    await tech.goto(paths.adminAccount);
    await tech.getByRole('button', { name: 'Supprimer la clé d’accès «\u00a0Ordinateur de test\u00a0»' }).click();
    const reauth = tech.getByRole('dialog', { name: 'Confirmez votre identité' });
    await expect(reauth).toContainText('Pour supprimer la clé d’accès «\u00a0Ordinateur de test\u00a0», saisissez de nouveau votre mot de passe');
    await reauth.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe');
    await reauth.getByRole('button', { name: 'Confirmer' }).click();
    await expect(reauth.getByRole('alert')).toHaveText('Le mot de passe actuel est incorrect.');
    await reauth.getByLabel('Mot de passe').fill('gommier-vanille-tambour-lagon');
    await reauth.getByRole('button', { name: 'Confirmer' }).click();
    await expect(reauth).toHaveCount(0);
    await expect(tech.getByRole('alert')).toHaveText('Gardez au moins une clé d’accès ou une application d’authentification.');
    // A new password ends the other sessions; this page goes on with its new token.
    const before = await tech.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken);
    await tech.getByLabel('Mot de passe actuel').fill('gommier-vanille-tambour-lagon');
    await tech.getByLabel('Nouveau mot de passe').fill('mangrove-colibri-soufriere-42');
    await tech.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(tech.getByRole('status')).toHaveText('Mot de passe changé. Vos autres sessions ont été déconnectées.');
    expect(await tech.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken)).not.toBe(before);

    // Back on the inbox, left open while the owner disables the account.
    await tech.goto(paths.admin);
    await expect(requestCard(tech, inGuyane)).toBeVisible();
    const theirCard = page.getByRole('listitem', { name });
    await theirCard.getByRole('button', { name: 'Désactiver' }).click();
    // It asks first, naming the person; « Annuler » would change nothing.
    const confirm = page.getByRole('dialog', { name: `Désactiver le compte de ${name}\u00a0?` });
    await expect(confirm).toContainText('Ses sessions sont fermées tout de suite');
    await confirm.getByRole('button', { name: 'Désactiver' }).click();
    await expect(page.getByRole('status')).toContainText(`${name}\u00a0: Compte désactivé.`);
    await expect(theirCard.getByText('Désactivé', { exact: true })).toBeVisible();

    // The technician's next call (the territory filter reloads the list) is refused: the sign-in form.
    const refused = tech.waitForResponse((response) => response.url().includes(`${apiPaths.contactList}?`) && response.url().includes('territoire=guyane'));
    await tech.getByRole('group', { name: 'Filtrer par territoire' }).getByRole('button', { name: 'Guyane' }).click();
    expect((await refused).status()).toBe(401);
    await expect(tech.getByRole('button', { name: 'Se connecter avec une clé d’accès' })).toBeVisible();
    await expect(tech.getByRole('button', { name: 'Se déconnecter' })).toHaveCount(0);
    await expect(requestCard(tech, inGuyane)).toHaveCount(0);
    expect(await tech.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken)).toBeNull();
  } finally {
    await theirs.close();
  }
});
