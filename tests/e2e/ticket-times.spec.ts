/**
 * A Guyane ticket's times are the same everywhere, in Cayenne's time with the zone named: its opening on the
 * staff's page, the customer's list and the report PDF; its taking-in-charge deadline on the staff's page
 * and as `npm run sla` computes it for that opening (the browser itself runs in Martinique's time). A
 * « Question » (resolved at the end): the tickets journey's technician of Guyane sees their « Bloquant » first.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractText } from 'unpdf';
import { apiPaths, spacePaths } from '../../src/lib/paths';
import { moment } from '../../src/records/moment';
import { formatLocalIso } from '../../src/features/tickets/clock';
import { ticketApi, ticketPages } from '../../src/features/tickets/ticket-paths';
import { e2eAdmin } from '../helpers/e2e-admin';
import { seedCustomer, signInCustomer } from '../helpers/e2e-customer';
import { ownerToken, signInStaff } from '../helpers/e2e-staff';
import { expect, test } from '../helpers/hydrated';

const SERVER = { timeout: 60_000 };
const root = fileURLToPath(new URL('../..', import.meta.url));

test('a Guyane ticket’s times are equal on the staff’s page, the customer’s page, the PDF and `npm run sla`', async ({ browser, baseURL, request }) => {
  test.setTimeout(300_000);
  const company = await seedCustomer('Boulangerie de Saint-Laurent', 'guyane');
  const owner = await ownerToken(request);
  const headers = { authorization: `Bearer ${owner}` };
  const sent = await request.post(apiPaths.contactForm, {
    data: { name: 'Léa Marie-Sainte', email: company.people[0]!.email, phone: '0594 34 00 00', company: company.name, subject: 'Encaissement & Gestion', delai: '1 à 3 mois', message: 'La balance ne transmet plus les poids à la caisse.', website: '' },
  });
  const made = await request.post(ticketApi.fromRequest(((await sent.json()) as { id: string }).id), { headers, data: { companyId: company.id, impact: 'question' } });
  expect(made.status()).toBe(201);
  const { id } = ((await made.json()) as { data: { id: string } }).data;
  const ticket = ((await (await request.get(ticketApi.ticket(id), { headers })).json()) as { data: { ticket: { id: string; openedAt: string } } }).data.ticket;
  const opened = moment(ticket.openedAt, 'guyane');
  expect(opened).toMatch(/ \(heure de Cayenne\)$/);

  // `npm run sla` for that opening, to the minute, in Guyane's local time.
  const localOpening = formatLocalIso(new Date(ticket.openedAt), 'guyane').slice(0, 16);
  const sla = spawnSync(join(root, 'node_modules/.bin/node'), [join(root, 'scripts/sla.mjs'), 'guyane', 'question', localOpening], { cwd: root, encoding: 'utf8', timeout: 30_000 });
  expect(sla.status).toBe(0);
  const dueIso = /^prise en charge: (\S+)$/m.exec(sla.stdout)![1]!;
  const due = moment(dueIso, 'guyane');

  // The staff's page (a browser in Martinique's time).
  const staff = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'America/Martinique' });
  await signInStaff(staff, owner);
  const staffPage = await staff.newPage();
  await staffPage.goto(ticketPages.view(ticket.id));
  const facts = staffPage.getByRole('region', { name: 'Société et équipement' });
  await expect(facts.getByRole('definition').filter({ hasText: ' par ' })).toHaveText(`${opened} par ${e2eAdmin.username}`, SERVER);
  await expect(staffPage.getByRole('region', { name: 'Suivi' }).getByRole('definition').first()).toHaveText(`avant le ${due}`);
  await staff.close();

  // The customer's list of tickets.
  const space = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'America/Martinique' });
  await signInCustomer(space, company, baseURL!);
  const customerPage = await space.newPage();
  await customerPage.goto(spacePaths.tickets);
  await expect(customerPage.getByText(`Déclaré le ${opened}`)).toBeVisible(SERVER);
  await space.close();

  // The report PDF, once resolved.
  const resolved = await request.post(ticketApi.resolution(ticket.id), { headers, data: { workDone: 'Câble de la balance remplacé.', minutes: 20, parts: [], signedBy: null, signature: null } });
  expect(resolved.ok()).toBe(true);
  const pdf = await request.get(`${ticketApi.ticket(ticket.id)}/rapport`, { headers });
  expect(pdf.ok()).toBe(true);
  const text = (await extractText(new Uint8Array(await pdf.body()), { mergePages: true })).text.replace(/\s+/g, ' ');
  expect(text).toContain(`ouvert le ${opened}`);
});
