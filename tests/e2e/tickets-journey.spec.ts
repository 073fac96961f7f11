/**
 * A breakdown from declaration to report, in two browsers: a customer at 390 px declares a « Bloquant »
 * breakdown with a photo; the technician of Guyane (a real account: invited, password, authenticator
 * app, signed in with a code) sees it first in the tickets list with its time left, takes it in charge,
 * writes an internal note and a reply; the customer sees the reply but not the note, and answers; the
 * technician resolves it with a report and a signature drawn on the screen; the customer downloads the
 * report (a PDF).
 */
import sharp from 'sharp';
import { spacePaths } from '../../src/lib/paths';
import { ticketPages } from '../../src/features/tickets/ticket-paths';
import { seedCustomer, signInCustomer } from '../helpers/e2e-customer';
import { staffPage, staffToken } from '../helpers/e2e-staff';
import { expect, test } from '../helpers/hydrated';
import { drawSignature } from '../helpers/signature';

/** A wait that spans calls to the local functions (each a new worker thread, slow on a loaded machine). */
const SERVER = { timeout: 60_000 };

test('@mobile a « Bloquant » breakdown goes from the customer’s phone to the technician and back with its report', async ({ page, context, baseURL, browser }) => {
  test.setTimeout(360_000);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 100_000)}`;
  const company = await seedCustomer(`Épicerie de Cayenne ${stamp}`, 'guyane');
  await signInCustomer(context, company, baseURL!);

  // The customer declares the breakdown with a photo.
  await page.goto(spacePaths.newTicket);
  await expect(page.getByLabel('Équipement en panne')).toHaveValue(company.equipment[0]!.id, { timeout: 90_000 });
  await page.getByLabel(/^Bloquant/).check();
  await page.getByLabel('Description de la panne').fill('Plus aucun encaissement possible : la caisse redémarre en boucle.');
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#553311' } }).jpeg().toBuffer();
  await page.getByLabel('Photos (facultatif)').setInputFiles({ name: 'caisse.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Envoyer la déclaration' }).click();
  await expect(page).toHaveURL(/\/espace-client\/tickets\/ticket\?id=[\w-]+$/, SERVER);
  const ticketId = new URL(page.url()).searchParams.get('id')!;
  const heading = page.getByRole('heading', { level: 2, name: /^TK-\d{4}-\d{5} · / });
  const reference = (await heading.textContent())!.split(/\s·\s/)[0]!;

  // The technician of Guyane sees it at the top, with the most urgent, and its time left.
  const technician = await staffToken(page.request, 'technicien', 'guyane', stamp);
  const tech = await staffPage(browser, baseURL!, technician.token);
  try {
    const staff = tech.page;
    await staff.goto(ticketPages.list);
    await expect(staff.getByRole('link', { name: 'Tickets', exact: true })).toBeVisible();
    // Among the most urgent rows: another test's Guyane « Bloquant » of the same age may come before it.
    const rows = staff.getByRole('table').getByRole('row');
    const firstRow = rows.filter({ has: staff.getByRole('link', { name: reference }) });
    await expect(firstRow).toBeVisible(SERVER);
    await expect(firstRow).toContainText('Bloquant');
    await expect(firstRow).toContainText(/\d+\u00a0(h|min)/);
    await expect(rows.nth(1)).toContainText('Bloquant');

    // Takes it in charge, writes an internal note and a reply.
    await firstRow.getByRole('link', { name: reference }).click();
    await expect(staff.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible(SERVER);
    // The customer's photo shows to the staff, under the page's strict image policy (no CSP violation).
    const photoShown = staff.getByRole('img', { name: 'Photo 1 du message' });
    await expect(photoShown).toBeVisible(SERVER);
    await expect.poll(() => photoShown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), SERVER).toBeGreaterThan(0);
    await staff.getByLabel('État').selectOption({ label: 'Passer à « Pris en charge »' });
    await expect(staff.getByText('Modification enregistrée.')).toBeVisible(SERVER);
    await expect(staff.locator('.admin-badges')).toContainText('Pris en charge');
    await staff.getByLabel('Note interne').check();
    await staff.getByLabel(/^Note interne \(jamais/).fill('Carte mère probablement grillée, prévoir l’échange standard.');
    await staff.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(staff.getByText('Note interne ajoutée.')).toBeVisible(SERVER);
    await staff.getByLabel('Réponse au client').check();
    await staff.getByLabel(/^Réponse au client \(envoyée/).fill('Un technicien passe à 14 h avec une caisse de remplacement.');
    // The photo field reads in French (« Ajouter des photos », the names chosen), whatever the browser's language.
    await expect(staff.getByRole('button', { name: 'Ajouter des photos' })).toBeVisible();
    await staff.getByLabel('Photos (5 au plus, JPEG, PNG ou WebP)').setInputFiles({ name: 'caisse-remplacement.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(staff.getByText('1 photo choisie\u00a0: caisse-remplacement.jpg')).toBeVisible();
    await staff.getByRole('button', { name: 'Envoyer la réponse' }).click();
    await expect(staff.getByText('Réponse envoyée au client.')).toBeVisible(SERVER);
    // Sent: the field is empty again, ready for the next message.
    await expect(staff.getByText(/photo choisie/)).toHaveCount(0);
    await expect(staff.getByRole('button', { name: 'Ajouter des photos' })).toBeVisible();
    const note = staff.locator('.staff-ticket-message--note');
    await expect(note).toContainText('Note interne');
    await expect(note).toContainText('Carte mère');

    // The customer sees the reply, never the note, and answers.
    await page.reload();
    await expect(page.getByText('Un technicien passe à 14 h avec une caisse de remplacement.')).toBeVisible(SERVER);
    await expect(page.getByText('Carte mère')).toHaveCount(0);
    await page.getByLabel('Votre message').fill('Merci, nous serons là à 14 h.');
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expect(page.getByText('Message envoyé.')).toBeVisible(SERVER);

    // The technician resolves it with a report and the customer's signature.
    await staff.reload();
    await expect(staff.getByText('Merci, nous serons là à 14 h.')).toBeVisible(SERVER);
    await staff.getByRole('button', { name: 'Résoudre' }).click();
    const dialog = staff.getByRole('dialog', { name: `Résoudre ${reference}` });
    await dialog.getByLabel('Travail effectué').fill('Caisse remplacée par un modèle de prêt, configuration et tests d’encaissement.');
    await dialog.getByLabel('Temps passé (minutes)').fill('75');
    await dialog.getByLabel('Ou une pièce hors catalogue').fill('Carte mère TPV-15');
    await dialog.getByRole('button', { name: 'Ajouter la pièce' }).click();
    await drawSignature(staff, dialog.locator('canvas'), SERVER.timeout);
    await dialog.getByLabel('Nom du signataire').fill(company.people[0]!.name);
    await dialog.getByRole('button', { name: 'Résoudre et envoyer le rapport' }).click();
    await expect(staff.getByText('Ticket résolu\u00a0: le rapport est envoyé au client.')).toBeVisible(SERVER);
    await expect(staff.locator('.admin-badges')).toContainText('Résolu');
  } finally {
    await tech.context.close();
  }

  // The customer downloads the report.
  await page.reload();
  const reportLink = page.getByRole('link', { name: /Rapport d’intervention/ });
  await expect(reportLink).toBeVisible(SERVER);
  const href = await reportLink.getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.ok()).toBe(true);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect(ticketId).toBeTruthy();
});
