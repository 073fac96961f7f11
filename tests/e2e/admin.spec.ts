import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../helpers/hydrated';
import { ADMIN_SESSION_MS, STORAGE_KEYS } from '../../src/lib/constants';
import { apiPaths, paths } from '../../src/lib/paths';
import { e2eAdmin } from '../helpers/e2e-admin';

/** Sends a contact request the way the contact form does, and returns the visitor's name. */
async function sendRequest(page: Page, label: string, message = 'Pouvez-vous nous rappeler pour un devis ?'): Promise<string> {
  const name = `${label} ${Date.now()}-${Math.floor(Math.random() * 1000)}`;
  const response = await page.request.post(apiPaths.contactForm, {
    data: {
      name,
      email: 'client@exemple.fr',
      phone: '0590 26 45 67',
      company: 'Supermarché des Abymes',
      subject: 'Encaissement & Gestion',
      delai: '1 à 3 mois',
      message,
      website: '',
    },
  });
  expect(response.ok()).toBe(true);
  return name;
}

async function logIn(page: Page) {
  await page.goto(paths.admin);
  await page.getByLabel('Identifiant').fill(e2eAdmin.username);
  await page.getByLabel('Mot de passe').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

test.describe('the admin of contact requests', () => {
  test('the administrator logs in, sees a request, changes its status, filters, reloads, exports and logs out', async ({ page }) => {
    const name = await sendRequest(page, 'Client parcours');

    await page.goto(paths.admin);
    await expect(page.getByRole('heading', { level: 1, name: 'Demandes de contact' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();
    await logIn(page);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken)).toBeTruthy();
    expect(Number(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminLoginTime))).toBeGreaterThan(Date.now() - 60_000);

    const counters = page.getByRole('list', { name: 'Compteurs des demandes' });
    for (const label of ['Total', 'Nouveaux', 'En cours', 'Traités']) await expect(counters).toContainText(label);

    const request = card(page, name);
    await expect(request).toBeVisible();
    await expect(request).toContainText('Supermarché des Abymes');
    await expect(request).toContainText('client@exemple.fr');
    await expect(request).toContainText('0590 26 45 67');
    await expect(request).toContainText('Encaissement & Gestion');
    await expect(request).toContainText('1 à 3 mois');
    await expect(request).toContainText('Pouvez-vous nous rappeler pour un devis ?');
    await expect(request).toContainText(/Reçue le \d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4} à \d{2}:\d{2}/);
    await expect(request.getByText('Statut : Nouveau', { exact: true })).toBeVisible();

    await request.getByLabel('Statut').selectOption({ label: 'En cours' });
    await expect(request.getByText('Statut : En cours', { exact: true })).toBeVisible();
    await expect(request).toContainText('modifiée le');

    await page.getByRole('button', { name: 'En cours', exact: true }).click();
    await expect(page.getByRole('button', { name: 'En cours', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(card(page, name)).toBeVisible();
    await page.getByRole('button', { name: 'Nouveaux', exact: true }).click();
    await expect(card(page, name)).toHaveCount(0);
    await page.getByRole('button', { name: 'Archivés', exact: true }).click();
    await expect(page.getByText('Aucune demande trouvée pour ce filtre.')).toBeVisible();
    await page.getByRole('button', { name: 'Tous', exact: true }).click();
    await expect(card(page, name)).toBeVisible();

    await page.reload();
    await expect(card(page, name).getByLabel('Statut')).toHaveValue('en_cours');

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^demandes-contact-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF"Reçue le";"Type";"Statut"')).toBe(true);
    expect(csv).toContain(`"Contact";"En cours";"${name}";"Supermarché des Abymes"`);

    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken);
    const logoutCall = page.waitForResponse((response) => response.url().endsWith(apiPaths.logout));
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    expect((await logoutCall).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();
    expect(await page.evaluate((keys) => [localStorage.getItem(keys[0]!), localStorage.getItem(keys[1]!)], [STORAGE_KEYS.adminToken, STORAGE_KEYS.adminLoginTime])).toEqual([null, null]);
    // The revoked token no longer opens the list.
    const refused = await page.request.get(apiPaths.contactList, { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(401);
  });

  test('a session older than 8 hours shows the login form', async ({ page }) => {
    await logIn(page);
    await page.evaluate(
      ([key, time]) => localStorage.setItem(key!, time!),
      [STORAGE_KEYS.adminLoginTime, String(Date.now() - ADMIN_SESSION_MS - 60_000)],
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();
    await expect(page.getByLabel('Identifiant')).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken)).toBeNull();
  });

  test('a token the server refuses (401) logs out', async ({ page }) => {
    await page.goto(paths.admin);
    await page.evaluate(
      ([tokenKey, timeKey, now]) => {
        localStorage.setItem(tokenKey!, 'jeton.invalide.falsifie');
        localStorage.setItem(timeKey!, now!);
      },
      [STORAGE_KEYS.adminToken, STORAGE_KEYS.adminLoginTime, String(Date.now())],
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Connexion administrateur' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken)).toBeNull();
  });

  test('wrong credentials show « Identifiant ou mot de passe incorrect »', async ({ page }) => {
    await page.goto(paths.admin);
    await page.getByLabel('Identifiant').fill(e2eAdmin.username);
    await page.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toHaveText('Identifiant ou mot de passe incorrect');
    await expect(page.getByRole('button', { name: 'Se déconnecter' })).toHaveCount(0);
  });

  test('a login the server cannot answer shows « Erreur de connexion au serveur »', async ({ page }) => {
    await page.route(apiPaths.login, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }));
    await page.goto(paths.admin);
    await page.getByLabel('Identifiant').fill(e2eAdmin.username);
    await page.getByLabel('Mot de passe').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toHaveText('Erreur de connexion au serveur');
    await expect(page.getByRole('button', { name: 'Se déconnecter' })).toHaveCount(0);
  });

  test('the list shows « Chargement des demandes... » until the requests arrive', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(apiPaths.contactList, async (route) => {
      await held;
      await route.continue();
    });
    await logIn(page);
    await expect(page.getByText('Chargement des demandes...')).toBeVisible();
    release();
    await expect(page.getByText('Chargement des demandes...')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Compteurs des demandes' })).toBeVisible();
  });

  test('both fields are required to log in', async ({ page }) => {
    await page.goto(paths.admin);
    await expect(page.getByLabel('Identifiant')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Mot de passe')).toHaveAttribute('required', '');
  });

  test('text a visitor wrote is shown as text, never as HTML', async ({ page }) => {
    const name = await sendRequest(page, 'Client balise', '<img src=x onerror="document.title=\'piraté\'"><b>gras</b>');
    await logIn(page);
    const request = card(page, name);
    await expect(request).toContainText('<img src=x onerror="document.title=\'piraté\'"><b>gras</b>');
    await expect(request.locator('img, b')).toHaveCount(0);
    expect(await page.title()).not.toBe('piraté');
  });

  test('a quote is recognisable in the list', async ({ page }) => {
    const name = `Client devis ${Date.now()}`;
    const response = await page.request.post(apiPaths.quote, {
      data: {
        name,
        company: 'Entrepôt Caraïbes Logistique',
        phone: '0590 11 22 33',
        email: 'achats@entrepot.example',
        clientCode: 'C-1042',
        message: 'Imprimante ZT411 × 2',
        items: [{ id: 'zebra-zt411', quantity: 2 }],
        website: '',
      },
    });
    expect(response.ok()).toBe(true);
    await logIn(page);
    const request = card(page, name);
    await expect(request.getByText('Devis', { exact: true })).toBeVisible();
    await expect(request).toContainText('C-1042');
    await expect(request).toContainText('Demande de devis depuis la boutique en ligne');
  });
});

test('@mobile the admin works on a phone', async ({ page }) => {
  const name = await sendRequest(page, 'Client mobile');
  await logIn(page);
  await expect(card(page, name)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
