/**
 * The tickets of the customers' space in the browser, at a phone's width: a signed-in person declares a
 * « Bloquant » breakdown with a photo, lands on its page, finds it in « Mes tickets » and replies; the
 * three pages pass axe (WCAG 2.x A and AA) at 390 px and 1280 px.
 */
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { spacePaths } from '../../src/lib/paths';
import { NEXT_STEP, spaceTicketApi } from '../../src/features/tickets/space-tickets';
import { dueTimes, isBusinessTime } from '../../src/features/tickets/clock';
import { urgencyLine } from '../../src/features/tickets/urgency-line';
import { officeOf } from '../../src/lib/site';
import { moment } from '../../src/records/moment';
import { seedCustomer, signInCustomer } from '../helpers/e2e-customer';
import { axeViolations } from '../helpers/axe';

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

/** axe's violations at the phone's width and a laptop's, one line each. */
async function violations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const size of [PHONE, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    found.push(...(await axeViolations(page)).map((violation) => `${size.width}px ${violation}`));
  }
  await page.setViewportSize(PHONE);
  return found;
}

test('@mobile a customer declares a « Bloquant » breakdown with a photo, finds it in « Mes tickets » and replies', async ({ page, context, baseURL }) => {
  // The functions' first calls under the emulation build them (docs/operations/local-server.md): seconds each on a busy machine.
  test.setTimeout(180_000);
  const company = await seedCustomer('Boulangerie du Morne');
  await signInCustomer(context, company, baseURL!);

  await page.goto(spacePaths.newTicket);
  await expect(page.getByRole('heading', { level: 1, name: 'Déclarer une panne' })).toBeVisible();
  // The first call of a function may wait for the server to finish building them all.
  await expect(page.getByLabel('Équipement en panne')).toHaveValue(company.equipment[0]!.id, { timeout: 90_000 });
  await expect(page.getByLabel('Magasin')).toHaveValue(company.shops[0]!.id);
  await expect(page.getByLabel('Téléphone pour vous rappeler')).toHaveValue('0696 12 34 56');
  expect(await violations(page)).toEqual([]);

  await page.getByLabel(/^Bloquant/).check();
  await page.getByLabel('Description de la panne').fill('La caisse principale affiche un écran noir depuis l’ouverture.');
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#224466' } }).jpeg().toBuffer();
  await page.getByLabel('Photos (facultatif)').setInputFiles({ name: 'ecran.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Envoyer la déclaration' }).click();

  await expect(page).toHaveURL(/\/espace-client\/tickets\/ticket\?id=[\w-]+$/);
  const heading = page.getByRole('heading', { level: 2, name: /^TK-\d{4}-\d{5} · Caisse tactile TPV-15$/ });
  await expect(heading).toBeVisible();
  const reference = (await heading.textContent())!.split(/\s·\s/)[0]!;
  await expect(page.getByText(NEXT_STEP.nouveau)).toBeVisible();
  await expect(page.locator('[data-ticket-badges]')).toContainText('Nouveau');
  await expect(page.locator('[data-ticket-badges]')).toContainText('Bloquant');
  const thread = page.locator('[data-thread] > li');
  await expect(thread).toHaveCount(1);
  await expect(thread.first()).toContainText('La caisse principale affiche un écran noir');
  await expect(thread.first().getByRole('img', { name: 'Photo 1 du message de Léa Marie-Sainte' })).toHaveCount(1);
  expect(await violations(page)).toEqual([]);

  await page.goto(spacePaths.tickets);
  const card = page.getByRole('listitem').filter({ hasText: reference });
  await expect(card).toContainText('Nouveau');
  await expect(card).toContainText(NEXT_STEP.nouveau);
  expect(await violations(page)).toEqual([]);

  await card.getByRole('link', { name: new RegExp(reference) }).click();
  await page.getByLabel('Votre message').fill('Le terminal de paiement ne s’allume plus non plus.');
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(page.getByText('Message envoyé.')).toBeVisible();
  await expect(thread).toHaveCount(2);
  await expect(thread.last()).toContainText('Le terminal de paiement ne s’allume plus non plus.');
  await expect(page.getByLabel('Votre message')).toHaveValue('');
});

test('@mobile a Guyane customer’s « Bloquant »: its page gives the taking-in-charge deadline in Cayenne time, named, and the Guyane office’s phone beside the urgency promise', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  const company = await seedCustomer('Boulangerie de Kourou', 'guyane');
  await signInCustomer(context, company, baseURL!);
  await page.goto(spacePaths.newTicket);
  await expect(page.getByLabel('Équipement en panne')).toHaveValue(company.equipment[0]!.id, { timeout: 90_000 });
  await page.getByLabel(/^Bloquant/).check();
  await page.getByLabel('Description de la panne').fill('Le terminal de paiement refuse toutes les cartes depuis ce matin.');
  await page.getByRole('button', { name: 'Envoyer la déclaration' }).click();
  await expect(page).toHaveURL(/\/espace-client\/tickets\/ticket\?id=[\w-]+$/);
  const id = new URL(page.url()).searchParams.get('id')!;
  const ticket = ((await (await page.request.get(spaceTicketApi.ticket(id))).json()) as { data: { openedAt: string } }).data;
  const due = dueTimes({ openedAt: new Date(ticket.openedAt), territory: 'guyane', impact: 'bloquant', paused: [] }).priseEnCharge!;

  const urgency = page.locator('[data-ticket-urgency]');
  await expect(urgency).toContainText(`Prise en charge avant le ${moment(due, 'guyane', { zone: 'always' })}.`);
  await expect(urgency).toContainText('(heure de Cayenne)');
  // The promise while the Guyane office is open; what happens then while it is closed (the unit test pins both).
  await expect(urgency).toContainText(urgencyLine({ territory: 'guyane', impact: 'bloquant', officeOpen: isBusinessTime(new Date(), 'guyane') }));
  const guyane = officeOf('guyane');
  await expect(urgency.getByRole('link', { name: guyane.phone })).toHaveAttribute('href', `tel:${guyane.phoneE164}`);
  await expect(urgency).toBeInViewport();
  // The top bar names the Guyane office's phone with the others (on a wide screen: a phone's has no room).
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect(page.locator('.topbar-contacts').getByRole('link', { name: guyane.phone })).toBeVisible();
});
