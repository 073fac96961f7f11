import { SignJWT } from 'jose';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../helpers/hydrated';
import { logIn } from '../helpers/owner-sign-in';
import { apiPaths, devisAdminApiPath, devisPublicApiPath, paths } from '../../src/lib/paths';
import { e2eAdmin } from '../helpers/e2e-admin';
import { ownerToken } from '../helpers/e2e-staff';

/** A wait that spans calls to the local functions (each a new worker thread, slow on a loaded machine). */
const SERVER = { timeout: 60_000 };

const uniqueName = (label: string) => `${label} ${Date.now()}-${Math.floor(Math.random() * 100_000)}`;

/** A quote request sent the way the cart sends it. */
async function seedQuote(request: APIRequestContext, name: string) {
  const response = await request.post(apiPaths.quote, {
    data: {
      name,
      email: 'achats@superette-bourg.example',
      phone: '0596 12 34 56',
      company: 'Supérette du Bourg',
      clientCode: '',
      subject: '',
      message: '',
      items: [
        { id: 'zebra-zt411', quantity: 2 },
        { id: 'ruban-resine-5095-110x74', quantity: 3 },
      ],
      territory: 'martinique',
      website: '',
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: string; reference: string };
}

/** A devis sent through the API, as the editor would: the request and the path of the customer's link. */
async function sentDevis(request: APIRequestContext) {
  const quote = await seedQuote(request, uniqueName('Client API'));
  const headers = { Authorization: `Bearer ${await ownerToken(request)}` };
  const devis = (await (await request.get(devisAdminApiPath(quote.id), { headers })).json()) as { data: { draft: unknown } };
  const sent = await request.post(devisAdminApiPath(quote.id, 'envoi'), { headers, data: { draft: devis.data.draft } });
  expect(sent.ok()).toBe(true);
  const { link } = (await sent.json()) as { link: string };
  return { ...quote, path: new URL(link).pathname };
}


test('the administrator prepares a devis from a quote request, the customer accepts it on a phone, the admin sees it accepted', async ({ page, browser, context }) => {
  // The whole journey of a devis, both sides: a dozen calls to the functions.
  test.setTimeout(300_000);
  const name = uniqueName('Client devis');
  const quote = await seedQuote(page.request, name);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await logIn(page);
  await page.goto(`${paths.admin}?demande=${quote.id}`);
  const view = page.getByRole('dialog', { name });
  await view.getByRole('button', { name: 'Préparer le devis' }).click(SERVER);

  const editor = page.getByRole('dialog', { name: 'Préparer le devis' });
  await expect(editor.getByLabel('Désignation, ligne 1')).toHaveValue('Imprimante industrielle Zebra ZT411', SERVER);
  const total = editor.getByTestId('devis-total-ttc');
  const before = await total.textContent();
  await editor.getByLabel('Prix unitaire HT en euros, ligne 1').fill('1 400,00');
  await editor.getByLabel('Remise en pourcentage, ligne 2').fill('10');
  // 2 × 1 400 € + 3 × 50 € less 10 % = 2 935 € HT, free shipping, 8,5 % VAT: 3 184,48 € TTC.
  await expect(editor.getByTestId('line-total').first()).toHaveText(/2\s800,00\s€/);
  await expect(total).toHaveText(/3\s184,48\s€/);
  expect(before).not.toBe(await total.textContent());

  // A wrong quantity is refused in the browser, in French, and nothing is sent.
  await editor.getByLabel('Quantité, ligne 2').fill('0');
  await editor.getByRole('button', { name: 'Envoyer le devis' }).click();
  await expect(editor.getByText('Quantité : entre 1 et 99 999.')).toBeVisible();
  await editor.getByLabel('Quantité, ligne 2').fill('3');

  await editor.getByRole('button', { name: 'Envoyer le devis' }).click();
  await expect(editor).toBeHidden(SERVER);
  await expect(view.getByRole('status').filter({ hasText: `Devis ${quote.reference} envoyé` })).toBeVisible();
  const version = view.getByRole('list', { name: 'Versions envoyées' }).getByRole('listitem').first();
  await expect(version).toContainText('Envoyé');
  await version.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(version.getByText('Lien copié')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/devis\/[\w-]+\.[\w-]+\.[\w-]+$/);

  // The customer, on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR', timezoneId: 'America/Martinique' });
  const customer = await phone.newPage();
  await customer.goto(new URL(link).pathname);
  await expect(customer.getByRole('heading', { level: 1, name: `Devis ${quote.reference}` })).toBeVisible(SERVER);
  await expect(customer.getByText('Imprimante industrielle Zebra ZT411')).toBeVisible();
  await expect(customer.locator('#devis-totals')).toContainText(/Total TTC\s*3\s184,48\s€/);
  const download = customer.waitForEvent('download');
  await customer.getByRole('link', { name: 'Télécharger le PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Devis-${quote.reference}.pdf`);
  expect((await import('node:fs')).readFileSync((await file.path())!).subarray(0, 5).toString()).toBe('%PDF-');

  await customer.getByRole('button', { name: 'Accepter le devis' }).click();
  await expect(customer.getByText('Cochez « Bon pour accord » pour accepter le devis.')).toBeVisible();
  await customer.getByLabel('Nom et prénom').fill('Marie-Josée Lucien');
  await customer.getByLabel('Fonction').fill('Gérante');
  await customer.getByLabel(/Bon pour accord/).check();
  await customer.getByRole('button', { name: 'Accepter le devis' }).click();
  await expect(customer.getByRole('status').filter({ hasText: 'Devis accepté le' })).toContainText('par Marie-Josée Lucien (Gérante), « Bon pour accord »', SERVER);
  await expect(customer.getByRole('button', { name: 'Accepter le devis' })).toBeHidden();
  await phone.close();

  // The administrator sees the answer.
  await page.reload();
  const answered = page.getByRole('dialog', { name }).getByRole('list', { name: 'Versions envoyées' }).getByRole('listitem').first();
  await expect(answered).toContainText('Accepté', SERVER);
  await expect(answered).toContainText(/Accepté le \d{2}\/\d{2}\/\d{4}.* par Marie-Josée Lucien \(Gérante\)/);
});

test('the customer refuses a devis with a reason', async ({ page }) => {
  test.setTimeout(180_000);
  const devis = await sentDevis(page.request);
  await page.goto(devis.path);
  await page.getByText('Refuser le devis').first().click(SERVER);
  await page.getByLabel('Motif (facultatif)').fill('Budget reporté à l’an prochain');
  await page.getByRole('button', { name: 'Refuser le devis' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Devis refusé le' })).toContainText('« Budget reporté à l’an prochain »', SERVER);
  // The link now shows the answer, and takes no other.
  await page.reload();
  await expect(page.getByText(/Devis refusé le/)).toBeVisible(SERVER);
  await expect(page.getByRole('button', { name: 'Accepter le devis' })).toBeHidden();
});

test('an expired or altered link says so and offers to ask for a new devis', async ({ page }) => {
  test.setTimeout(180_000);
  const devis = await sentDevis(page.request);
  const real = devis.path.split('/')[2]!;
  const expired = await new SignJWT({ v: 1 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('vision-caraibes-api')
    .setAudience('vision-caraibes-devis')
    .setSubject(devis.id)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
    .sign(new TextEncoder().encode(e2eAdmin.secret));
  await page.goto(`/devis/${expired}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ce devis ne peut pas être ouvert' })).toBeVisible(SERVER);
  await expect(page.getByText('Ce devis a expiré : sa durée de validité est passée.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Demander un nouveau devis' })).toHaveAttribute('href', paths.contact);

  await page.goto(`/devis/${real.slice(0, -3)}abc`);
  await expect(page.getByText('Ce lien de devis n’est pas valide.', { exact: false })).toBeVisible(SERVER);
});

test('the administrator revokes an accepted devis’ link, then voids the acceptance with a reason', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const devis = await sentDevis(page.request);
  const token = devis.path.split('/')[2]!;
  const accepted = await page.request.post(devisPublicApiPath(token, 'reponse'), {
    data: { decision: 'accepte', name: 'Paul Édouard', role: 'Gérant', bonPourAccord: true },
  });
  expect(accepted.ok()).toBe(true);

  await logIn(page);
  await page.goto(`${paths.admin}?demande=${devis.id}`);
  const version = page.getByRole('list', { name: 'Versions envoyées' }).getByRole('listitem').first();
  await expect(version).toContainText('Accepté', SERVER);

  await version.getByRole('button', { name: /^Révoquer le lien/ }).click();
  const revoke = page.getByRole('dialog', { name: `Révoquer le lien du devis ${devis.reference} ?` });
  await revoke.screenshot({ path: testInfo.outputPath('revocation.png') });
  await revoke.getByRole('button', { name: 'Révoquer le lien' }).click();
  await expect(revoke).toBeHidden(SERVER);
  await expect(version.getByText(/^Lien révoqué le/)).toBeVisible();
  await expect(version.getByRole('button', { name: 'Copier le lien' })).toHaveCount(0);
  expect((await page.request.get(`/api/devis/${token}`)).status()).toBe(410);

  await version.getByRole('button', { name: /^Annuler l’acceptation/ }).click();
  const voiding = page.getByRole('dialog', { name: `Annuler l’acceptation du devis ${devis.reference} ?` });
  await voiding.getByRole('button', { name: 'Annuler l’acceptation' }).click();
  await expect(voiding.getByRole('alert')).toHaveText('Indiquez le motif de l’annulation.');
  await voiding.getByLabel('Motif de l’annulation (obligatoire)').fill('Le client ajoute deux imprimantes');
  await page.screenshot({ path: testInfo.outputPath('annulation-1366.png') });
  await voiding.getByRole('button', { name: 'Annuler l’acceptation' }).click();
  await expect(voiding).toBeHidden(SERVER);
  await expect(version).toContainText('Acceptation annulée');
  await expect(page.getByText(`Acceptation du devis ${devis.reference} annulée par ${e2eAdmin.username} : « Le client ajoute deux imprimantes ».`, { exact: false })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await version.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('section-390.png') });
});
