/**
 * The staff session on a phone (the technicians' app, against the production build):
 * - every signed-in page of the back office offers « Se déconnecter », in the bar's first row on a 390 px
 *   phone (no sideways scrolling) and in the bar on a 1366 px screen; signed out, no page offers it;
 * - « Se déconnecter » erases what the phone kept (the tickets, their files, the queue) before the sign-in
 *   page shows, after saying what has not been sent yet: the database read from the page holds nothing,
 *   and offline a kept ticket no longer opens;
 * - the queue and the copy are per account: on a shared phone, person B never sees person A's texts;
 * - a session ended from elsewhere (a 401) or past its hours erases the phone's copy as well.
 */
import { STORAGE_KEYS } from '../../src/lib/constants';
import { ADMIN_SESSION_MS } from '../../src/lib/lifetimes';
import { apiPaths, paths } from '../../src/lib/paths';
import { ticketApi, ticketPages } from '../../src/features/tickets/ticket-paths';
import { seedCustomer } from '../helpers/e2e-customer';
import { builtPages } from '../helpers/built-site';
import { staffToken } from '../helpers/e2e-staff';
import { declare, keptFor, ownerSession, phoneDatabase, SERVER, signInOnce, waitForCopy } from '../helpers/field-phone';
import { expect, test } from '../helpers/hydrated';

/** Every built page of the back office with the admin bar (its pages by id open without one: the bar is the same). */
const adminPages = builtPages()
  .filter((page) => page.path.startsWith('/admin/') && page.document.querySelector('.admin-bar'))
  .map((page) => page.path);

test('@mobile every signed-in page of the back office offers « Se déconnecter » without scrolling, at 390 px and at 1366 px', async ({ page }) => {
  test.setTimeout(300_000);
  expect(adminPages.length).toBeGreaterThan(10);
  await page.goto(paths.admin);
  // Signed out: the sign-in page offers no « Se déconnecter ».
  await expect(page.getByRole('heading', { name: 'Connexion de l’équipe' })).toBeVisible(SERVER);
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toHaveCount(0);
  await signInOnce(page, await ownerSession(page));
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const path of adminPages) {
      await page.goto(path);
      const button = page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' });
      await expect(button, `${path} at ${width} px`).toBeVisible();
      // In the first screen, whole, without scrolling the page or the bar's links.
      const box = (await button.boundingBox())!;
      expect(box.x, `${path} at ${width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${path} at ${width} px`).toBeLessThanOrEqual(width);
      expect(box.y + box.height, `${path} at ${width} px`).toBeLessThanOrEqual(height);
    }
    await page.goto(ticketPages.list);
    await page.screenshot({ path: test.info().outputPath(`barre-${width}.png`) });
  }
});

test('@mobile « Se déconnecter » erases the phone’s tickets and queue before the sign-in page; offline, no kept ticket opens', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const company = await seedCustomer(`Quincaillerie de Rivière-Salée ${Date.now().toString(36)}`, 'martinique');
  const description = 'La balance de la caisse affiche une erreur.';
  const ticket = await declare(company, description);
  await page.goto(paths.admin);
  await signInOnce(page, await ownerSession(page));

  // Online: the ticket is kept on the phone; a note the server does not get in time waits there.
  await page.goto(ticketPages.view(ticket.id));
  await expect(page.getByText(description)).toBeVisible(SERVER);
  await waitForCopy(page, ticket.id);
  await page.route(`**${ticketApi.messages(ticket.id)}`, (route) => route.abort('internetdisconnected'));
  await page.getByRole('radio', { name: 'Note interne' }).check();
  await page.getByLabel(/^Note interne \(jamais/).fill('Code d’accès du local technique : 4521.');
  await page.getByRole('button', { name: 'Ajouter la note' }).click();
  const queue = page.getByRole('region', { name: 'Actions écrites sur cet appareil' });
  await expect(queue.getByText('En attente d’envoi')).toBeVisible();
  const kept = await phoneDatabase(page);
  expect(kept.tickets).toBeGreaterThan(0);
  expect(kept.queue).toBe(1);

  // « Se déconnecter » from the bar, on the ticket itself: the note not sent yet is said first.
  const signOut = page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' });
  await signOut.click();
  const confirm = page.getByRole('dialog', { name: 'Se déconnecter ?' });
  await expect(confirm).toContainText('1 action écrite sur cet appareil n’a pas encore été envoyée\u00a0: vous déconnecter l’efface de l’appareil.');
  await page.screenshot({ path: test.info().outputPath('deconnexion-en-attente.png') });
  await confirm.getByRole('button', { name: 'Rester connecté' }).click();
  await expect(confirm).toBeHidden();
  expect((await phoneDatabase(page)).queue).toBe(1);
  // Signed out anyway: the sign-in page, and nothing left on the phone.
  const logout = page.waitForResponse((response) => response.url().endsWith(apiPaths.logout));
  await signOut.click();
  await confirm.getByRole('button', { name: 'Se déconnecter et effacer' }).click();
  expect((await logout).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Connexion de l’équipe' })).toBeVisible(SERVER);
  expect(Object.values(await phoneDatabase(page)).every((count) => count === 0)).toBe(true);
  // The worker's caches hold the app's screens only, never an answer of the API.
  expect(await page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)))).flat().filter((url) => url.includes('/api/')))).toEqual([]);

  // Offline, the ticket screen (served by the worker) asks to sign in (the person signed out: no session
  // « terminée ») and shows nothing kept.
  await page.context().setOffline(true);
  await page.goto(ticketPages.view(ticket.id));
  await expect(page.getByText('Connectez-vous pour ouvrir cette page.')).toBeVisible();
  await expect(page.getByText(description)).toHaveCount(0);
  await expect(page.getByText('Code d’accès du local technique')).toHaveCount(0);
  expect(Object.values(await phoneDatabase(page)).every((count) => count === 0)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('deconnecte-hors-ligne.png') });
  await page.context().setOffline(false);
});

test('@mobile on a shared phone, person B never sees the texts person A left waiting', async ({ page, request }) => {
  test.setTimeout(300_000);
  const company = await seedCustomer(`Pharmacie du Robert ${Date.now().toString(36)}`, 'martinique');
  const description = 'Le lecteur de cartes vitale ne lit plus.';
  const ticket = await declare(company, description);
  const technician = await staffToken(request, 'technicien', 'martinique', Date.now().toString(36));
  await page.goto(paths.admin);
  await signInOnce(page, await ownerSession(page));

  // A writes a reply the server does not get: it waits on the phone, under A's name.
  await page.goto(ticketPages.view(ticket.id));
  await waitForCopy(page, ticket.id);
  await page.route(`**${ticketApi.messages(ticket.id)}`, (route) => route.abort('internetdisconnected'));
  await page.getByRole('radio', { name: 'Réponse au client' }).check();
  await page.getByLabel(/^Réponse au client \(envoyée/).fill('Nous passons demain à 9 h avec un lecteur neuf.');
  await page.getByRole('button', { name: 'Envoyer la réponse' }).click();
  const queue = page.getByRole('region', { name: 'Actions écrites sur cet appareil' });
  await expect(queue.getByText('Nous passons demain à 9 h avec un lecteur neuf.')).toBeVisible();

  // B's session on the same phone, A's never ended there (the phone was handed over as it was).
  await signInOnce(page, technician.token);
  await page.goto(ticketPages.view(ticket.id));
  await expect(page.getByText(description)).toBeVisible(SERVER);
  await expect(queue).toHaveCount(0);
  await expect(page.getByText('Nous passons demain à 9 h avec un lecteur neuf.')).toHaveCount(0);
  // Offline, B's list shows B's copy only, with no action of A's counted.
  await keptFor(page, technician.token);
  await page.context().setOffline(true);
  await page.goto(ticketPages.list);
  await expect(page.getByText(/^Hors ligne — données du/)).toBeVisible();
  await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0);
  await page.context().setOffline(false);
});

test('@mobile a session ended from elsewhere (401) or past its hours erases the phone’s copy before « Votre session est terminée »', async ({ page }) => {
  test.setTimeout(300_000);
  const company = await seedCustomer(`Garage de Ducos ${Date.now().toString(36)}`, 'martinique');
  const description = 'Le lecteur de codes-barres ne s’allume plus.';
  const ticket = await declare(company, description);
  for (const end of ['revoked', 'expired'] as const) {
    await page.goto(paths.admin);
    const token = await ownerSession(page);
    await signInOnce(page, token);
    await page.goto(ticketPages.view(ticket.id));
    await waitForCopy(page, ticket.id);
    expect((await phoneDatabase(page)).tickets, end).toBeGreaterThan(0);
    if (end === 'revoked') {
      // Ended from another device: the server refuses the token (401) at the screen's next call.
      expect((await page.request.post(apiPaths.logout, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    } else {
      await page.evaluate(([key, since]) => localStorage.setItem(key!, since!), [STORAGE_KEYS.adminLoginTime, String(Date.now() - ADMIN_SESSION_MS - 60_000)]);
    }
    await page.reload();
    await expect(page.getByText('Votre session est terminée.'), end).toBeVisible(SERVER);
    await expect(page.getByText(description)).toHaveCount(0);
    expect(Object.values(await phoneDatabase(page)).every((count) => count === 0), end).toBe(true);
  }
});
