/**
 * The customers' space on a phone (390 px): a company stored in the server's Blobs, a devis sent by the
 * administrator to its person's address; the person asks for a sign-in link, opens the session with it
 * (read from the local outbox), sees the company's devis and its equipment, accepts the devis from the
 * space; the admin shows the acceptance. A visitor without a session is sent to the sign-in page.
 */
import { paths, spacePaths } from '../../src/lib/paths';
import { expect, test } from '../helpers/hydrated';
import { logIn } from '../helpers/owner-sign-in';
import { devisSentTo, signInToSpace, storedCompany } from '../helpers/space';

/** A wait that spans calls to the local functions (each a new worker thread, slow on a loaded machine). */
const SERVER = { timeout: 60_000 };

test.use({ viewport: { width: 390, height: 844 } });

test('a person of a company signs in, sees its devis and equipment, accepts a devis from the space; the admin shows the acceptance', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const company = await storedCompany();
  const person = company.people[0]!;
  const devis = await devisSentTo(page.request, person.email);

  await signInToSpace(page, person.email, baseURL!);
  await page.goto(spacePaths.home);
  await expect(page.getByText(company.name)).toBeVisible(SERVER);
  const waiting = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Devis à valider' }) });
  await expect(waiting).toContainText('1 devis attend votre réponse', SERVER);
  await expect(page.getByRole('link', { name: 'Déclarer une panne' })).toHaveAttribute('href', spacePaths.newTicket);
  // In the first screen of a 390 × 844 phone, before any scrolling.
  await expect(page.getByRole('link', { name: 'Déclarer une panne' })).toBeInViewport();

  await page.getByRole('navigation', { name: 'Espace client' }).getByRole('link', { name: 'Mes équipements' }).click();
  const printer = page.getByRole('listitem').filter({ hasText: 'Zebra ZT411' });
  await expect(printer).toContainText('Sous contrat jusqu’au 31/12/2099', SERVER);
  await expect(printer).toContainText('Magasin du Lamentin');
  await expect(printer.getByRole('link', { name: 'Imprimante industrielle Zebra ZT411' })).toHaveAttribute('href', '/commerce/produits/zebra-zt411');
  await expect(page.getByRole('listitem').filter({ hasText: 'Balance Mettler Toledo' })).toContainText('Hors contrat');

  await page.getByRole('navigation', { name: 'Espace client' }).getByRole('link', { name: 'Mes devis' }).click();
  const card = page.getByRole('list', { name: 'Vos devis' }).getByRole('listitem').filter({ hasText: `Devis ${devis.reference}` });
  await expect(card).toContainText('Envoyé', SERVER);
  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: `Télécharger le PDF du devis ${devis.reference}` }).click();
  expect((await download).suggestedFilename()).toBe(`Devis-${devis.reference}.pdf`);

  await card.getByRole('button', { name: `Accepter le devis ${devis.reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Répondre au devis ${devis.reference}` });
  await expect(dialog.getByLabel('Nom et prénom')).toHaveValue('Léa Martin');
  await dialog.getByLabel('Fonction').fill('Gérante');
  await dialog.getByRole('button', { name: 'Accepter le devis' }).click();
  await expect(dialog.getByText('Cochez « Bon pour accord » pour accepter le devis.')).toBeVisible();
  await dialog.getByLabel(/Bon pour accord/).check();
  await dialog.getByRole('button', { name: 'Accepter le devis' }).click();
  await expect(dialog).toBeHidden(SERVER);
  await expect(page.getByRole('status').filter({ hasText: 'Devis accepté le' })).toContainText('par Léa Martin (Gérante), « Bon pour accord »');
  await expect(card).toContainText('Accepté');
  await expect(card.getByRole('button', { name: `Accepter le devis ${devis.reference}` })).toBeHidden();

  // The administrator sees the acceptance, said to come from the space.
  const admin = await page.context().browser()!.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR', timezoneId: 'America/Martinique' });
  const staff = await admin.newPage();
  await logIn(staff);
  await staff.goto(`${paths.admin}?demande=${devis.id}`);
  const version = staff.getByRole('list', { name: 'Versions envoyées' }).getByRole('listitem').first();
  await expect(version).toContainText('Accepté', SERVER);
  await expect(version).toContainText(/Accepté le \d{2}\/\d{2}\/\d{4}.* par Léa Martin \(Gérante\)/);
  await expect(staff.getByText(`accepté dans l’espace client (session de ${person.name})`, { exact: false })).toBeVisible();
  await admin.close();
});

test('a visitor without a session is sent to the sign-in page, coming back afterwards', async ({ page }) => {
  // The first calls of a fresh server to the space's functions can be slow on a busy machine.
  test.setTimeout(240_000);
  await page.goto(spacePaths.devis);
  await expect(page).toHaveURL(`${spacePaths.signIn}?retour=${encodeURIComponent(spacePaths.devis)}`, { timeout: 200_000 });
});
