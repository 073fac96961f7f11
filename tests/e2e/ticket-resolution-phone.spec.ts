/**
 * « Résoudre » on a technician's phone (390 px, pixel density 3): a full signature drawn across the pad is
 * kept when the phone turns (drawn again from its strokes) and sent as a PNG of SIGNATURE_SIZE at most,
 * whatever the density; the ticket is resolved and its report says who signed.
 */
import { apiPaths } from '../../src/lib/paths';
import { SIGNATURE_SIZE } from '../../src/features/tickets/staff';
import { ticketApi, ticketPages } from '../../src/features/tickets/ticket-paths';
import { seedCustomer } from '../helpers/e2e-customer';
import { ownerToken, signInStaff, staffToken } from '../helpers/e2e-staff';
import { expect, test } from '../helpers/hydrated';

const SERVER = { timeout: 60_000 };

test('a technician resolves a ticket on a 390 px phone at density 3 with a full signature, kept across a turn of the phone', async ({ browser, baseURL, request }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const company = await seedCustomer('Pharmacie du Gosier', 'guadeloupe');
  const owner = await ownerToken(request);
  const sent = await request.post(apiPaths.contactForm, {
    data: { name: 'Léa Marie-Sainte', email: company.people[0]!.email, phone: '0590 84 00 00', company: company.name, subject: 'Encaissement & Gestion', delai: '1 à 3 mois', message: 'Le lecteur de cartes ne répond plus.', website: '' },
  });
  const made = await request.post(ticketApi.fromRequest(((await sent.json()) as { id: string }).id), { headers: { authorization: `Bearer ${owner}` }, data: { companyId: company.id, impact: 'bloquant' } });
  expect(made.status()).toBe(201);
  const ticket = ((await made.json()) as { data: { id: string; reference: string } }).data;
  const technician = await staffToken(request, 'technicien', 'guadeloupe', stamp);

  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  await signInStaff(context, technician.token);
  const page = await context.newPage();
  try {
    await page.goto(ticketPages.view(ticket.id));
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(ticket.reference) })).toBeVisible(SERVER);
    await page.getByRole('button', { name: 'Résoudre' }).click();
    const dialog = page.getByRole('dialog', { name: `Résoudre ${ticket.reference}` });
    await dialog.getByLabel('Travail effectué').fill('Lecteur de cartes remplacé, paiement sans contact testé.');
    await dialog.getByLabel('Temps passé (minutes)').fill('40');
    const pad = dialog.locator('canvas');
    await expect(pad).toHaveAttribute('aria-label', 'Zone de signature, vide', SERVER);
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    // A full signature: a loop across the whole pad, then a long flourish under it.
    const strokes = [
      Array.from({ length: 40 }, (_, step) => [0.05 + (0.9 * step) / 39, 0.5 + 0.4 * Math.sin(step / 2.5)]),
      Array.from({ length: 30 }, (_, step) => [0.1 + (0.8 * step) / 29, 0.85 - 0.1 * Math.cos(step / 3)]),
    ];
    for (const stroke of strokes) {
      const [first, ...rest] = stroke;
      await page.mouse.move(box.x + first![0]! * box.width, box.y + first![1]! * box.height);
      await page.mouse.down();
      for (const [x, y] of rest) await page.mouse.move(box.x + x! * box.width, box.y + y! * box.height);
      await page.mouse.up();
    }
    await expect(pad).toHaveAttribute('aria-label', 'Signature du client');

    // The phone turns to landscape and back: the signature is still there.
    await page.setViewportSize({ width: 844, height: 390 });
    await expect(dialog.getByRole('button', { name: 'Effacer' })).toBeEnabled();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(pad).toHaveAttribute('aria-label', 'Signature du client');
    const inked = await pad.evaluate((canvas: HTMLCanvasElement) => {
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let dark = 0;
      for (let at = 0; at < pixels.length; at += 4) if (pixels[at]! < 128) dark += 1;
      return dark;
    });
    expect(inked).toBeGreaterThan(500);

    await dialog.getByLabel('Nom du signataire').fill(company.people[0]!.name);
    const posted = page.waitForRequest((sending) => sending.url().endsWith(ticketApi.resolution(ticket.id)) && sending.method() === 'POST');
    await dialog.getByRole('button', { name: 'Résoudre et envoyer le rapport' }).click();
    const body = (await posted).postDataJSON() as { signature: string };
    const png = Buffer.from(body.signature.split(',')[1]!, 'base64');
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(width).toBeLessThanOrEqual(SIGNATURE_SIZE.width);
    expect(height).toBeLessThanOrEqual(SIGNATURE_SIZE.height);
    await expect(page.getByText('Ticket résolu\u00a0: le rapport est envoyé au client.')).toBeVisible(SERVER);
    const stored = await request.get(ticketApi.ticket(ticket.id), { headers: { authorization: `Bearer ${owner}` } });
    expect(((await stored.json()) as { data: { ticket: { report: { signedBy: string } } } }).data.ticket.report.signedBy).toBe(company.people[0]!.name);
  } finally {
    await context.close();
  }
});
