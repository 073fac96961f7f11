/**
 * « Clients » in the back office, at a phone's width and a laptop's: the owner creates a company, adds a
 * shop, a person and two pieces of equipment (one picked from the catalogue, linked to its product page;
 * one typed), edits the person and the company's fields, removes a piece of equipment and the person
 * after confirming, finds the company in the list by a serial number with its contract badge, and removes it.
 */
import type { Page } from '@playwright/test';
import { customersPages } from '../../src/features/customers/admin-api';
import { STORAGE_KEYS } from '../../src/lib/constants';
import { productPath } from '../../src/lib/paths';
import { ownerToken } from '../helpers/e2e-staff';
import { expect as baseExpect, test } from '../helpers/hydrated';

// Each step waits for a call to the local functions, slow while the shared machine is busy.
const expect = baseExpect.configure({ timeout: 45_000 });

/** Signs the owner in through the API and keeps the session as the sign-in form does (the form has its own tests). */
async function signIn(page: Page) {
  const token = await ownerToken(page.request);
  await page.goto(customersPages.list);
  await page.evaluate(([keys, value]) => {
    localStorage.setItem(keys!.adminToken, value!.token);
    localStorage.setItem(keys!.adminLoginTime, String(Date.now()));
  }, [STORAGE_KEYS, { token }] as const);
  await page.reload();
}

/** An item of one of the company's lists (« Boutiques », « Personnes », « Équipements »), by its title. */
const item = (page: Page, section: string, title: string) =>
  page.getByRole('region', { name: section }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

async function companyFlow(page: Page, width: number, screenshot: (name: string) => string) {
  // A dozen calls to the local functions, each a new worker thread under the emulation (docs/operations/local-server.md).
  test.setTimeout(480_000);
  const stamp = `${width}-${Date.now() % 1_000_000}`;
  const name = `Quincaillerie ${stamp}`;
  const serial = `SN-${stamp}`;

  await signIn(page);
  await page.getByRole('button', { name: 'Nouvelle société' }).click();
  const creation = page.getByRole('form', { name: 'Nouvelle société' });
  await creation.getByLabel('Nom de la société').fill(name);
  await creation.getByLabel('Code client').fill(`Q-${stamp}`);
  await creation.getByLabel('Territoire').selectOption({ label: 'Guadeloupe' });
  await creation.getByLabel('Fin du contrat de maintenance (vide si aucun)').fill('2099-12-31');
  await creation.getByRole('button', { name: 'Créer la société' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Sous contrat jusqu’au 31 décembre 2099')).toBeVisible();

  // A shop.
  await page.getByRole('button', { name: 'Ajouter une boutique' }).click();
  const shopForm = page.getByRole('form', { name: 'Nouvelle boutique' });
  await shopForm.getByLabel('Nom de la boutique').fill('Boutique de Jarry');
  await shopForm.getByLabel('Adresse').fill('Rue Ferdinand Forest, 97122 Baie-Mahault');
  await shopForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status')).toHaveText('Boutique ajoutée.');
  await expect(item(page, 'Boutiques', 'Boutique de Jarry')).toContainText('97122 Baie-Mahault');

  // A person; a bad address first: the server's sentence under the field, nothing added.
  await page.getByRole('button', { name: 'Ajouter une personne' }).click();
  const personForm = page.getByRole('form', { name: 'Nouvelle personne' });
  await personForm.getByLabel('Nom et prénom').fill('Paul Ursulet');
  await personForm.getByLabel('Adresse e-mail').fill('paul.ursulet');
  await personForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(personForm.getByText('Veuillez saisir une adresse e-mail valide.')).toBeVisible();
  await personForm.getByLabel('Adresse e-mail').fill(`paul.${stamp}@exemple.gp`);
  await personForm.getByLabel('Téléphone').fill('0690 11 22 33');
  await personForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status')).toHaveText('Personne ajoutée.');
  await expect(item(page, 'Personnes', 'Paul Ursulet')).toContainText('Jamais connecté(e)');

  // Equipment from the catalogue, picked by its reference, in the shop.
  await page.getByRole('button', { name: 'Ajouter un équipement' }).click();
  const fromCatalogue = page.getByRole('form', { name: 'Nouvel équipement' });
  await fromCatalogue.getByLabel('Chercher dans le catalogue (référence, code ou nom)').fill('BTRY-TC2L');
  await fromCatalogue.getByRole('button', { name: /Batterie de rechange TC22/ }).click();
  await expect(fromCatalogue.getByText('Batterie de rechange TC22')).toBeVisible();
  await fromCatalogue.getByLabel('Numéro de série').fill(serial);
  await fromCatalogue.getByLabel('Boutique').selectOption({ label: 'Boutique de Jarry' });
  await fromCatalogue.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status')).toHaveText('Équipement ajouté.');
  const battery = item(page, 'Équipements', 'Batterie de rechange TC22');
  await expect(battery.getByRole('link', { name: 'Batterie de rechange TC22' })).toHaveAttribute('href', productPath('batterie-tc22'));
  await expect(battery).toContainText(`N° de série ${serial}`);
  await expect(battery).toContainText('Boutique de Jarry');
  await expect(battery).toContainText('Sous contrat');

  // Equipment typed by hand, outside the contract.
  await page.getByRole('button', { name: 'Ajouter un équipement' }).click();
  const typed = page.getByRole('form', { name: 'Nouvel équipement' });
  await typed.getByLabel('Ou modèle saisi (hors catalogue)').fill('Tiroir-caisse TC-410');
  await typed.getByLabel('Numéro de série').fill(`TC-${stamp}`);
  await typed.getByLabel('Sous contrat de maintenance').uncheck();
  await typed.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status')).toHaveText('Équipement ajouté.');
  await expect(item(page, 'Équipements', 'Tiroir-caisse TC-410')).toContainText('Hors contrat');
  await page.screenshot({ path: screenshot('societe'), fullPage: true });

  // Edits: the person's phone, the company's name.
  await page.getByRole('button', { name: 'Modifier Paul Ursulet' }).click();
  const personEdit = page.getByRole('form', { name: 'Modifier Paul Ursulet' });
  await personEdit.getByLabel('Téléphone').fill('0690 99 88 77');
  await personEdit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(item(page, 'Personnes', 'Paul Ursulet')).toContainText('0690 99 88 77');
  await page.getByRole('button', { name: 'Modifier la fiche' }).click();
  await page.getByRole('form', { name: 'Modifier la fiche' }).getByLabel('Nom de la société').fill(`${name} et Fils`);
  await page.getByRole('form', { name: 'Modifier la fiche' }).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} et Fils` })).toBeVisible();

  // Removals ask first; « Annuler » keeps the item.
  await page.getByRole('button', { name: 'Retirer Tiroir-caisse TC-410' }).click();
  const confirm = page.getByRole('dialog', { name: 'Retirer Tiroir-caisse TC-410\u202f?' });
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(item(page, 'Équipements', 'Tiroir-caisse TC-410')).toBeVisible();
  await page.getByRole('button', { name: 'Retirer Tiroir-caisse TC-410' }).click();
  await confirm.getByRole('button', { name: 'Retirer' }).click();
  await expect(page.getByRole('status')).toHaveText('Équipement retiré.');
  await expect(item(page, 'Équipements', 'Tiroir-caisse TC-410')).toHaveCount(0);
  await page.getByRole('button', { name: 'Retirer Paul Ursulet' }).click();
  await page.getByRole('dialog', { name: 'Retirer Paul Ursulet\u202f?' }).getByRole('button', { name: 'Retirer' }).click();
  await expect(page.getByRole('status')).toHaveText('Personne retirée.');
  await expect(page.getByText('Aucune personne')).toBeVisible();

  // The list finds the company by the battery's serial number.
  await expect(page.getByRole('link', { name: 'Tous les clients' })).toHaveAttribute('href', customersPages.list);
  await page.goto(customersPages.list);
  await page.getByLabel('Rechercher une société').fill(serial.toLowerCase());
  await page.getByRole('button', { name: 'Rechercher' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `${name} et Fils` }) });
  await expect(card).toContainText(`Q-${stamp.toUpperCase()} · Guadeloupe · 0\u00a0personne · 1\u00a0équipement`);
  await expect(card).toContainText('Sous contrat jusqu’au 31 décembre 2099');
  await expect(page.getByRole('heading', { name: '1\u00a0société, dont 1 sous contrat' })).toBeVisible();
  await page.screenshot({ path: screenshot('liste'), fullPage: true });

  // And removes it.
  await page.goto((await card.getByRole('link').getAttribute('href'))!);
  await page.getByRole('button', { name: 'Supprimer la société' }).click();
  await page.getByRole('dialog', { name: `Supprimer ${name} et Fils\u202f?` }).getByRole('button', { name: 'Supprimer la société' }).click();
  await expect(page).toHaveURL(new RegExp(`${customersPages.list}$`));
  // Loaded again through the hydration-aware goto: the search must not be typed before the island listens.
  await page.goto(customersPages.list);
  await page.getByLabel('Rechercher une société').fill(serial);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByText('Aucune société ne correspond.')).toBeVisible();
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    test('staff create a company with a shop, a person and two pieces of equipment, edit and remove them', async ({ page }, testInfo) => {
      await companyFlow(page, viewport.width, (name) => testInfo.outputPath(`${name}-${viewport.width}.png`));
    });
  });
}
