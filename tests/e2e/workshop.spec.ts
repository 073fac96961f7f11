/**
 * A device through the workshop, in two browsers: at the counter (1366 px) a technician of Martinique (a
 * real account) finds the company, opens the repair of its terminal out of warranty with two photos and the
 * customer's signature drawn on the screen — the deposit slip is made; the technician diagnoses it and sends
 * a repair devis (parts and labour), and « En réparation » is not offered before the customer's answer; the
 * customer on a phone (390 px) accepts it from « Mes réparations », which moves the repair to « En réparation »
 * with no click of the workshop; the technician repairs it with the report (its PDF on the order and in
 * « Mes réparations »), makes it « Prêt à retirer », then « Restitué »; the customer's e-mails are read back
 * from the local outbox. With SCREENSHOT_DIR set, the board and « Mes réparations » are kept as screenshots there.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { spacePaths } from '../../src/lib/paths';
import { repairApi, repairPages } from '../../src/lib/repair-paths';
import { seedCustomer, signInCustomer } from '../helpers/e2e-customer';
import { staffPage, technicianToken } from '../helpers/e2e-staff';
import { mailsTo } from '../helpers/local-outbox';
import { expect, test, waitForHydration } from '../helpers/hydrated';
import { drawSignature } from '../helpers/signature';

/** A wait that spans calls to the local functions (each a new worker thread, slow on a loaded machine). */
const SERVER = { timeout: 90_000 };
const shots = process.env.SCREENSHOT_DIR;


/** The workshop's counter, with a company chosen by its name. */
async function counterFor(staff: Page, name: string): Promise<void> {
  await staff.goto(repairPages.counter);
  await waitForHydration(staff);
  await staff.getByLabel('Rechercher la société').fill(name);
  await staff.getByRole('button', { name: 'Rechercher' }).click();
  await staff.getByRole('button', { name: new RegExp(name) }).click(SERVER);
}

test('a terminal goes from the counter to the workshop, its devis is accepted on a phone, and it is restituted', async ({ browser, baseURL }) => {
  test.setTimeout(480_000);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 100_000)}`;
  const company = await seedCustomer(`Boulangerie du Lamentin ${stamp}`);
  const person = company.people[0]!;
  const equipment = company.equipment[0]!;
  const api = await browser.newContext({ baseURL });
  const technician = await technicianToken(api.request, stamp, 'martinique', 'Technicien Martinique');
  await api.close();
  const tech = await staffPage(browser, baseURL!, technician.token);
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const staff = tech.page;

    // At the counter: the company, the device, what is left and said, two photos, the signature.
    await counterFor(staff, company.name);
    await staff.getByLabel('Appareil', { exact: true }).selectOption(equipment.id);
    await staff.getByLabel('Accessoires laissés').fill('Chargeur et socle');
    await staff.getByLabel('Panne signalée par le client').fill('La caisse ne s’allume plus depuis l’orage de lundi.');
    await staff.getByLabel('Hors garantie').check();
    await staff.getByLabel('État visible de l’appareil').fill('Coque rayée sur le côté, écran intact.');
    const photo = (colour: string) => sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } }).jpeg().toBuffer();
    await staff.getByLabel(/^Photos de l’appareil/).setInputFiles([
      { name: 'face.jpg', mimeType: 'image/jpeg', buffer: await photo('#335577') },
      { name: 'dos.jpg', mimeType: 'image/jpeg', buffer: await photo('#775533') },
    ]);
    await staff.getByLabel('Nom du client qui signe').fill(person.name);
    await drawSignature(staff, staff.locator('canvas'), SERVER.timeout);
    // The names of the people to tell are whole in their select (never cut at the control's edge).
    const contact = staff.getByLabel('Personne à prévenir');
    expect(await contact.evaluate((select: HTMLSelectElement) => select.scrollWidth <= select.clientWidth)).toBe(true);
    await expect(staff.getByRole('button', { name: 'Choisir d’autres photos' })).toBeVisible();
    if (shots) await staff.screenshot({ path: `${shots}/atelier-comptoir-1366.png`, fullPage: true });
    await staff.getByRole('button', { name: 'Réceptionner et faire le bon de dépôt' }).click();
    const done = staff.getByRole('heading', { level: 2, name: /^Réparation RP-\d{4}-\d{5} reçue à l’atelier$/ });
    await expect(done).toBeVisible(SERVER);
    const reference = (await done.textContent())!.split(' ')[1]!;
    await expect(staff.getByRole('button', { name: 'Imprimer le bon de dépôt' })).toBeVisible();

    // The board shows it, received today.
    await staff.goto(repairPages.board);
    await waitForHydration(staff);
    const row = staff.getByRole('row', { name: new RegExp(reference) });
    await expect(row).toContainText('Reçu à l’atelier', SERVER);
    await expect(row).toContainText(equipment.serial);
    if (shots) await staff.screenshot({ path: `${shots}/atelier-tableau.png`, fullPage: true });

    // The repair's page: the diagnosis, then the repair devis (a part and 45 minutes of labour).
    await row.getByRole('link', { name: reference }).click();
    await waitForHydration(staff);
    await expect(staff.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible(SERVER);
    await staff.getByLabel('Ce que le technicien a trouvé').fill('Alimentation grillée par une surtension.');
    await staff.getByRole('button', { name: 'Enregistrer le diagnostic' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Diagnostic enregistré.' })).toBeVisible(SERVER);
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Diagnostic', SERVER);
    // The technician who diagnosed has it; given to nobody, then back to them, from the repair's page.
    const assigned = staff.getByLabel('Technicien', { exact: true });
    await expect(assigned.locator('option:checked')).toHaveText(technician.name);
    await assigned.selectOption({ label: 'Pas encore attribuée' });
    await expect(staff.getByRole('status').filter({ hasText: 'La réparation n’est plus attribuée.' })).toBeVisible(SERVER);
    await assigned.selectOption({ label: technician.name });
    await expect(staff.getByRole('status').filter({ hasText: 'Technicien attribué.' })).toBeVisible(SERVER);
    // A long maker's reference is kept whole; the totals follow the typing, HT, VAT of Martinique, TTC.
    const longReference = 'ALIM-TPV15-2026-REV-B';
    await staff.getByLabel('Référence', { exact: true }).fill(longReference);
    await staff.getByLabel('Pièce', { exact: true }).fill('Bloc d’alimentation TPV-15');
    await staff.getByLabel('Prix unitaire HT (€)').fill('48,50');
    await staff.getByLabel('Main-d’œuvre atelier (minutes)').fill('45');
    const totals = staff.getByLabel('Totaux du devis');
    await expect(totals).toContainText(/Total HT\s*97,25\s*€/);
    await expect(totals).toContainText(/TVA 8,5\s*% \(Martinique\)\s*8,27\s*€/);
    await expect(totals).toContainText(/Total TTC\s*105,52\s*€/);
    const referenceBox = staff.getByLabel('Référence', { exact: true });
    expect(await referenceBox.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
    if (shots) await staff.screenshot({ path: `${shots}/reparation-devis-1366.png`, fullPage: true });
    // Sending asks first; cancelled, nothing is sent.
    await staff.getByRole('button', { name: 'Envoyer le devis de réparation' }).click();
    const confirm = staff.getByRole('dialog', { name: 'Envoyer le devis de réparation\u00a0?' });
    await expect(confirm).toContainText('105,52');
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(staff.getByText('Aucun devis en cours.')).toBeVisible();
    await staff.getByRole('button', { name: 'Envoyer le devis de réparation' }).click();
    await confirm.getByRole('button', { name: 'Envoyer le devis' }).click();
    await expect(staff.getByText(/^Devis envoyé, en attente de la réponse du client \(DV-\d{4}-\d{5}\)\.$/)).toBeVisible(SERVER);
    // Once sent it is read-only: the devis as sent, no send button.
    await expect(staff.getByRole('button', { name: 'Envoyer le devis de réparation' })).toHaveCount(0);
    const sentTable = staff.getByRole('table', { name: /^Devis DV-\d{4}-\d{5} envoyé le / });
    await expect(sentTable).toContainText(longReference);
    await expect(staff.getByLabel('Totaux du devis')).toContainText(/Total TTC\s*105,52\s*€/);
    if (shots) await staff.screenshot({ path: `${shots}/reparation-devis-envoye-1366.png`, fullPage: true });
    // Out of warranty, the repair waits for the customer's answer.
    const moves = staff.getByRole('group', { name: 'Changer l’état' });
    await expect(moves.getByRole('button', { name: 'Non réparable' })).toBeVisible();
    await expect(moves.getByRole('button', { name: 'En réparation' })).toHaveCount(0);

    // On the customer's phone: « Mes réparations », the devis accepted.
    await signInCustomer(phone, company, baseURL!);
    const customer = await phone.newPage();
    await customer.goto(spacePaths.repairs);
    const card = customer.getByRole('listitem').filter({ has: customer.getByRole('heading', { name: new RegExp(reference) }) });
    await expect(card).toContainText('Devis envoyé', SERVER);
    await expect(card).toContainText('Ce devis attend votre réponse');
    // A business reads HT, the VAT and TTC; « Accepter » and « Refuser » side by side on their own row.
    await expect(card.getByLabel(/^Totaux du devis DV-/)).toContainText(/Total HT\s*97,25\s*€/);
    await expect(card.getByLabel(/^Totaux du devis DV-/)).toContainText(/Total TTC\s*105,52\s*€/);
    const accept = (await card.getByRole('button', { name: /^Accepter le devis DV-/ }).boundingBox())!;
    const refuse = (await card.getByRole('button', { name: /^Refuser le devis DV-/ }).boundingBox())!;
    expect(Math.abs(accept.y - refuse.y)).toBeLessThan(1);
    expect(accept.height).toBeLessThan(60);
    if (shots) await card.screenshot({ path: `${shots}/mes-reparations-devis-390.png` });
    await card.getByRole('button', { name: /^Accepter le devis DV-/ }).click();
    const dialog = customer.getByRole('dialog', { name: /^Répondre au devis DV-/ });
    // The name comes from the account once the space knows who is signed in.
    await expect(dialog.getByLabel('Nom et prénom')).not.toHaveValue('', SERVER);
    await dialog.getByLabel('Fonction').fill('Gérante');
    await dialog.getByLabel(/Bon pour accord/).check();
    await dialog.getByRole('button', { name: 'Accepter le devis' }).click();
    await expect(customer.getByRole('status').filter({ hasText: /^Devis accepté le / })).toBeVisible(SERVER);
    await expect(card).toContainText('Vous avez accepté ce devis.', SERVER);
    if (shots) await customer.screenshot({ path: `${shots}/mes-reparations-390.png`, fullPage: true });

    // The acceptance moved the repair by itself: « En réparation » without a click of the workshop, journaled as the customer's.
    await staff.reload();
    await waitForHydration(staff);
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('En réparation', SERVER);
    await expect(staff.getByRole('region', { name: 'Historique' })).toContainText(/«\u00a0En réparation\u00a0» — Devis DV-\d{4}-\d{5} accepté dans l’espace client par .+ \(Gérante\)/);
    // The workshop repairs it, with the report, and gives it back.
    await staff.getByLabel('Travail effectué').fill('Bloc d’alimentation remplacé.');
    // The parts start from the accepted devis, with their references.
    await expect(staff.getByLabel('Référence de la pièce 1')).toHaveValue(longReference);
    await expect(staff.getByLabel('Désignation de la pièce 1')).toHaveValue('Bloc d’alimentation TPV-15');
    await staff.getByLabel('Tests réalisés').fill('Démarrage, impression du ticket et encaissement testés.');
    await staff.getByRole('button', { name: 'Marquer « Réparé »' }).click();
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Réparé', SERVER);
    // The report's PDF, made at « Réparé », is on the order.
    await expect(staff.getByRole('button', { name: 'Rapport de réparation (PDF)' })).toBeVisible();
    await moves.getByRole('button', { name: 'Prêt à retirer' }).click();
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Prêt à retirer', SERVER);
    await moves.getByRole('button', { name: 'Restitué' }).click();
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Restitué', SERVER);
    // The report prints the part's reference and the real technician.
    const staffReport = await staff.request.get(repairApi.report(new URL(staff.url()).searchParams.get('id')!), { headers: { authorization: `Bearer ${technician.token}` } });
    expect(staffReport.status()).toBe(200);
    const reportText = (await extractText(new Uint8Array(await staffReport.body()), { mergePages: true })).text.replace(/[\s\u00a0\u202f]+/g, ' ');
    expect(reportText).toContain(longReference);
    expect(reportText).toContain(`Technicien ${technician.name}`);
    // « Restitués » on the board lists it.
    await staff.goto(repairPages.board);
    await waitForHydration(staff);
    await staff.getByRole('button', { name: /^Restitués/ }).click();
    await expect(staff.getByRole('row', { name: new RegExp(reference) })).toContainText('Restitué', SERVER);
    if (shots) await staff.screenshot({ path: `${shots}/atelier-restitues-1366.png`, fullPage: true });

    // The customer reads the whole story and the report.
    await customer.reload();
    await expect(card).toContainText('Restitué', SERVER);
    await expect(card).toContainText('Bloc d’alimentation remplacé.');
    await expect(card.getByRole('link', { name: /^Bon de dépôt de la réparation/ })).toBeVisible();
    // The report's PDF, from « Mes réparations », with the customer's session.
    const reportLink = card.getByRole('link', { name: `Rapport de la réparation ${reference} (PDF)` });
    await expect(reportLink).toBeVisible();
    const report = await customer.request.get((await reportLink.getAttribute('href'))!);
    expect(report.status()).toBe(200);
    expect(report.headers()['content-type']).toBe('application/pdf');
    expect((await report.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (shots) await customer.screenshot({ path: `${shots}/mes-reparations-rapport-390.png`, fullPage: true });

    // The e-mails the customer got, read back from the local outbox: received, devis to answer, ready.
    await expect
      .poll(async () => (await mailsTo(person.email)).map((mail) => mail.subject), SERVER)
      .toEqual(
        expect.arrayContaining([
          `[${reference}] Votre appareil est arrivé à l’atelier`,
          expect.stringMatching(/^Devis DV-\d{4}-\d{5} – /),
          `[${reference}] Votre appareil est prêt à retirer`,
        ]),
      );
    const received = (await mailsTo(person.email)).find((mail) => mail.subject.includes('arrivé à l’atelier'))!;
    expect(received.textBody).toContain(`${spacePaths.repairs}?id=`);
  } finally {
    await tech.context.close();
    await phone.close();
  }
});

test('a device opened « Attendu » is received only through the counter: no hand move to « Reçu », the slip signed for that same repair', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 100_000)}`;
  const company = await seedCustomer(`Pharmacie du Robert ${stamp}`);
  const api = await browser.newContext({ baseURL });
  const technician = await technicianToken(api.request, stamp, 'martinique', 'Technicien Robert');
  await api.close();
  const tech = await staffPage(browser, baseURL!, technician.token);
  try {
    const staff = tech.page;
    await counterFor(staff, company.name);
    await staff.getByLabel('Appareil', { exact: true }).selectOption(company.equipment[0]!.id);
    await staff.getByLabel('Panne signalée par le client').fill('Le tiroir-caisse ne s’ouvre plus.');
    await staff.getByLabel('Garantie constructeur').check();
    await staff.getByRole('button', { name: 'Ouvrir seulement (appareil attendu)' }).click();
    const opened = staff.getByRole('heading', { level: 2, name: /^Réparation RP-\d{4}-\d{5} ouverte, appareil attendu$/ });
    await expect(opened).toBeVisible(SERVER);
    const reference = (await opened.textContent())!.split(' ')[1]!;
    await staff.getByRole('link', { name: 'Voir la réparation' }).click();
    await waitForHydration(staff);
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Attendu', SERVER);
    // No button moves it to « Reçu à l’atelier »: the reception does.
    await expect(staff.getByRole('button', { name: 'Reçu à l’atelier' })).toHaveCount(0);
    await staff.getByRole('link', { name: /le réceptionner au comptoir$/ }).click();
    await waitForHydration(staff);
    await expect(staff.getByRole('heading', { level: 2, name: `Réception de la réparation ${reference}` })).toBeVisible(SERVER);
    await expect(staff.getByLabel('Panne signalée par le client')).toHaveValue('Le tiroir-caisse ne s’ouvre plus.');
    await staff.getByLabel('État visible de l’appareil').fill('Bon état, pas de choc.');
    await staff.getByLabel('Nom du client qui signe').fill(company.people[0]!.name);
    const pad = staff.locator('canvas');
    await expect(pad).toBeVisible(SERVER);
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await staff.mouse.move(box.x + 20, box.y + box.height / 2);
    await staff.mouse.down();
    await staff.mouse.move(box.x + box.width - 20, box.y + 20, { steps: 8 });
    await staff.mouse.up();
    await staff.getByRole('button', { name: 'Réceptionner et faire le bon de dépôt' }).click();
    await expect(staff.getByRole('heading', { level: 2, name: `Réparation ${reference} reçue à l’atelier` })).toBeVisible(SERVER);
    await expect(staff.getByRole('button', { name: 'Imprimer le bon de dépôt' })).toBeVisible();
  } finally {
    await tech.context.close();
  }
});
