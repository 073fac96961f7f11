/**
 * A Guyane repair's times are Cayenne's, its zone named, on every surface: the deposit slip, the staff's
 * page and the customer's « Mes réparations » — the same text whether the browser runs in Martinique's time
 * or in Paris's (five hours apart in December): no screen reads the browser's zone. With SCREENSHOT_DIR
 * set, both pages are kept as screenshots there.
 */
import { extractText } from 'unpdf';
import type { Repair, StaffRepair } from '../../src/features/repairs/model';
import { spacePaths } from '../../src/lib/paths';
import { repairApi, repairPages } from '../../src/lib/repair-paths';
import { moment } from '../../src/records/moment';
import { seedCustomer, signInCustomer } from '../helpers/e2e-customer';
import { ownerToken, signInStaff } from '../helpers/e2e-staff';
import { expect, test, waitForHydration } from '../helpers/hydrated';
import { signature } from '../helpers/workshop';

const SERVER = { timeout: 90_000 };
const ZONES = ['America/Martinique', 'Europe/Paris'] as const;
const shots = process.env.SCREENSHOT_DIR;

test('a Guyane repair reads Cayenne’s time on its slip, the staff’s page and the customer’s page, whatever the browser’s zone', async ({ browser, baseURL, request }) => {
  test.setTimeout(300_000);
  const company = await seedCustomer('Atelier de Kourou', 'guyane');
  const owner = await ownerToken(request);
  const headers = { authorization: `Bearer ${owner}` };
  const opened = await request.post(repairApi.board, { headers, data: { companyId: company.id, equipmentId: company.equipment[0]!.id, accessories: 'Chargeur', fault: 'L’écran reste noir à l’allumage.', warranty: 'hors_garantie' } });
  expect(opened.status(), await opened.text()).toBe(201);
  const { repair: created } = ((await opened.json()) as { data: StaffRepair }).data;
  const received = await request.post(repairApi.reception(created.id), { headers, multipart: { condition: 'Coque rayée au dos.', signedBy: company.people[0]!.name, signature: await signature() } });
  expect(received.status(), await received.text()).toBe(200);
  const repair = ((await received.json()) as { data: { repair: Repair } }).data.repair;
  const depositedAt = repair.receivedAt!;
  const deposited = moment(depositedAt, 'guyane');
  expect(deposited).toMatch(/ \(heure de Cayenne\)$/);

  // The slip, as printed at the counter.
  const slip = await request.get(repairApi.slip(repair.id), { headers });
  expect(slip.ok()).toBe(true);
  const slipText = (await extractText(new Uint8Array(await slip.body()), { mergePages: true })).text.replace(/[\s\u00a0\u202f]+/g, ' ');
  expect(slipText).toContain(`Déposé le ${deposited}`);

  const seen: Record<string, { staff: string; customer: string }> = {};
  for (const timezoneId of ZONES) {
    // The staff's page of the repair.
    const staff = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId, viewport: { width: 1366, height: 900 } });
    await signInStaff(staff, owner);
    const staffPage = await staff.newPage();
    await staffPage.goto(repairPages.view(repair.id));
    await waitForHydration(staffPage);
    const history = staffPage.getByRole('region', { name: 'Historique' });
    await expect(history).toContainText(moment(depositedAt, 'guyane', { as: 'long' }), SERVER);
    const staffText = await history.innerText();
    if (shots) await staffPage.screenshot({ path: `${shots}/reparation-guyane-1366-${timezoneId.replace('/', '-')}.png`, fullPage: true });
    await staff.close();

    // The customer's « Mes réparations ».
    const space = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId, viewport: { width: 390, height: 844 } });
    await signInCustomer(space, company, baseURL!);
    const customerPage = await space.newPage();
    await customerPage.goto(spacePaths.repairs);
    const card = customerPage.getByRole('listitem').filter({ has: customerPage.getByRole('heading', { name: new RegExp(repair.reference) }) });
    await expect(card).toContainText(`Déposé le ${moment(depositedAt, 'guyane', { as: 'date' })}`, SERVER);
    const steps = card.getByRole('list', { name: `Étapes de la réparation ${repair.reference}` });
    await expect(steps).toContainText(deposited);
    const customerText = await card.innerText();
    if (shots) await customerPage.screenshot({ path: `${shots}/mes-reparations-guyane-390-${timezoneId.replace('/', '-')}.png`, fullPage: true });
    await space.close();
    seen[timezoneId] = { staff: staffText, customer: customerText };
  }
  expect(seen['Europe/Paris']).toEqual(seen['America/Martinique']);
});
