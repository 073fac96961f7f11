import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../helpers/hydrated';
import { logIn } from '../helpers/owner-sign-in';
import { staffAccount } from '../helpers/e2e-staff';
import { STORAGE_KEYS } from '../../src/lib/constants';
import { ADMIN_SESSION_MS } from '../../src/lib/lifetimes';
import { apiPaths, contactStatusApiPath, paths } from '../../src/lib/paths';
import { e2eAdmin } from '../helpers/e2e-admin';
import { products } from '../helpers/catalogue';
import { orderTotals } from '../../src/features/cart/totals';
import { QUOTE_OVERVIEW_LINES } from '../../src/features/quote/quote';
import { formatCents, toCents } from '../../src/lib/price';

/** A name no other test uses. */
const uniqueName = (label: string) => `${label} ${Date.now()}-${Math.floor(Math.random() * 100_000)}`;

/** Sends a contact request through the public API, the way the contact form does: the server's answer and the name. */
async function seedRequest(page: Page, name: string, message = 'Pouvez-vous nous rappeler pour un devis ?') {
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
  return { name, ...((await response.json()) as { id: string; reference: string }) };
}

/** Sends a contact request the way the contact form does, and returns the visitor's name. */
async function sendRequest(page: Page, label: string, message?: string): Promise<string> {
  return (await seedRequest(page, uniqueName(label), message)).name;
}

/** The session token the admin stored after logging in. */
const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken);

/** Whether a URL is the list call (GET /api/contact with any query). */
const isListCall = (url: URL) => url.pathname === apiPaths.contactList;


const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Rechercher une demande' });

/**
 * Types in the search box and waits until the inbox has taken the search (it does once typing pauses, and
 * the address then says `q=`): a card found before that may be the list without the search, and a reload
 * or a click in that moment acts on it. Other tests' requests may fill the first page.
 */
async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('q') ?? '').toBe(text.trim());
}

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

test.describe('the admin of contact requests', () => {
  test('the administrator logs in, sees a request, changes its status, filters, reloads, exports and logs out', async ({ page }) => {
    // A long walk through the whole dashboard: three times the usual time under a loaded machine.
    test.slow();
    const name = await sendRequest(page, 'Client parcours');

    await page.goto(paths.admin);
    await expect(page.getByRole('heading', { level: 1, name: 'Demandes', exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/^Demandes\b/);
    await expect(page.getByRole('heading', { name: 'Connexion de l’équipe' })).toBeVisible();
    await logIn(page);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken)).toBeTruthy();
    expect(Number(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminLoginTime))).toBeGreaterThan(Date.now() - 60_000);

    const counters = page.getByRole('list', { name: 'Compteurs des demandes' });
    for (const label of ['Total', 'Nouveaux', 'En cours', 'Traités', 'Archivés']) await expect(counters).toContainText(label);

    await search(page, name);
    const request = card(page, name);
    await expect(request).toBeVisible();
    await expect(request).toContainText('Supermarché des Abymes');
    await expect(request).toContainText('client@exemple.fr');
    await expect(request).toContainText('0590 26 45 67');
    await expect(request).toContainText('Encaissement & Gestion');
    await expect(request).toContainText('1 à 3 mois');
    await expect(request).toContainText('Pouvez-vous nous rappeler pour un devis ?');
    await expect(request).toContainText(/Reçue le (?:1er|\d{1,2}) (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4} à \d{2}:\d{2}/);
    await expect(request.getByText('Statut : Nouveau', { exact: true })).toBeVisible();

    await request.getByLabel('Statut').selectOption({ label: 'En cours' });
    await expect(request.getByText('Statut : En cours', { exact: true })).toBeVisible();
    await expect(request).toContainText('modifiée le');

    await page.getByRole('button', { name: 'En cours', exact: true }).click();
    await expect(page.getByRole('button', { name: 'En cours', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(card(page, name)).toBeVisible();
    await expect(page).toHaveURL(/\?statut=en_cours&q=/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'En cours', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(card(page, name)).toBeVisible();
    await page.getByRole('button', { name: 'Nouveaux', exact: true }).click();
    await expect(card(page, name)).toHaveCount(0);
    await page.getByRole('button', { name: 'Archivés', exact: true }).click();
    await expect(page.getByText(`Aucune demande ne correspond à « ${name} » parmi les archivés.`)).toBeVisible();
    await search(page, '');
    await expect(page.getByText('Aucune demande trouvée pour ce filtre.')).toBeVisible();
    await page.getByRole('group', { name: 'Filtrer par statut' }).getByRole('button', { name: 'Tous', exact: true }).click();
    await search(page, name);
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
    // What the filter and the search select, nothing else: the header and one request.
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2);

    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken);
    const logoutCall = page.waitForResponse((response) => response.url().endsWith(apiPaths.logout));
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    expect((await logoutCall).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Connexion de l’équipe' })).toBeVisible();
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
    await expect(page.getByRole('heading', { name: 'Connexion de l’équipe' })).toBeVisible();
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
    await expect(page.getByRole('heading', { name: 'Connexion de l’équipe' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken)).toBeNull();
  });

  test('wrong credentials show « Identifiant ou mot de passe incorrect »', async ({ page }) => {
    await page.goto(paths.admin);
    await page.getByLabel('Identifiant').fill(e2eAdmin.username);
    await page.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Identifiant ou mot de passe incorrect');
    await expect(page.getByRole('button', { name: 'Se déconnecter' })).toHaveCount(0);
  });

  test('a login the server cannot answer shows « Erreur de connexion au serveur »', async ({ page }) => {
    await page.route(apiPaths.login, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }));
    await page.goto(paths.admin);
    await page.getByLabel('Identifiant').fill(e2eAdmin.username);
    await page.getByLabel('Mot de passe').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Erreur de connexion au serveur');
    await expect(page.getByRole('button', { name: 'Se déconnecter' })).toHaveCount(0);
  });

  test('the list shows « Chargement des demandes... » until the requests arrive', async ({ page }) => {
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
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
    await search(page, name);
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
    await search(page, name);
    const request = card(page, name);
    await expect(request.getByText('Devis', { exact: true })).toBeVisible();
    await expect(request).toContainText('C-1042');
    await expect(request).toContainText('Demande de devis depuis la boutique en ligne');
  });

  test('a quote\'s card shows its first lines with their quantity, how many follow, and its total HT', async ({ page }) => {
    const name = uniqueName('Client lignes');
    const chosen = products.slice(0, QUOTE_OVERVIEW_LINES + 1).map((item, index) => ({ item, quantity: index + 1 }));
    const response = await page.request.post(apiPaths.quote, {
      data: { name, company: 'Supérette du Bourg', phone: '0596 12 34 56', email: 'achats@superette.example', clientCode: '', items: chosen.map(({ item, quantity }) => ({ id: item.id, quantity })), territory: 'martinique', website: '' },
    });
    expect(response.ok()).toBe(true);
    const totals = orderTotals(chosen.map(({ item, quantity }) => ({ unitHTCents: toCents(item.priceHT), quantity })), 'martinique');
    await logIn(page);
    await search(page, name);
    const lines = card(page, name).getByRole('heading', { name: 'Produits' }).locator('..').getByRole('listitem');
    await expect(lines).toHaveText([...chosen.slice(0, QUOTE_OVERVIEW_LINES).map(({ item, quantity }) => `${item.name} × ${quantity}`), 'et un autre produit']);
    await expect(card(page, name)).toContainText(`Total HT : ${formatCents(totals.subtotalHTCents + totals.shippingHTCents)}`);
    await expect(card(page, name)).not.toContainText('Produits demandés');
  });
});

test.describe('the inbox of years of requests', () => {
  test('the search finds a request by its words without case or accents, keeps them in the URL and across a reload', async ({ page }) => {
    // A chain of calls to the functions, each a new worker under the local emulation (1-4 s apiece on a busy
    // 2-core machine): near the default 30 s on a slow one.
    test.slow();
    const tag = `Zébulon${Date.now()}`;
    const run = uniqueName('Recherche');
    const found = await seedRequest(page, `Client cherché ${run}`, `Nous cherchons un terminal pour le magasin ${tag} du Lamentin.`);
    const other = await seedRequest(page, `Client ignoré ${run}`, 'Une autre demande sans rapport.');
    await logIn(page);
    await search(page, run);
    await expect(card(page, found.name)).toBeVisible();
    await expect(card(page, other.name)).toBeVisible();

    await search(page, tag.toUpperCase().replace('É', 'E'));
    await expect(card(page, found.name)).toBeVisible();
    await expect(card(page, other.name)).toHaveCount(0);
    await expect(page.getByText('1 demande trouvée')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag.toUpperCase().replace('É', 'E')}$`));

    await page.reload();
    await expect(searchBox(page)).toHaveValue(tag.toUpperCase().replace('É', 'E'));
    await expect(card(page, found.name)).toBeVisible();
    await expect(card(page, other.name)).toHaveCount(0);

    // Search and filter combine; a search that finds nothing says so (never an empty page).
    await page.getByRole('button', { name: 'Archivés', exact: true }).click();
    await expect(page.getByText(`Aucune demande ne correspond à « ${tag.toUpperCase().replace('É', 'E')} » parmi les archivés.`)).toBeVisible();
    await page.getByRole('button', { name: 'Nouveaux', exact: true }).click();
    await expect(card(page, found.name)).toBeVisible();
    await expect(page).toHaveURL(/statut=nouveau/);

    await search(page, run);
    await expect(card(page, other.name)).toBeVisible();
  });

  test('the list comes a page at a time: « Afficher plus » adds the next page, and a reload keeps what was shown', async ({ page }) => {
    // A dozen calls to the functions, each a new worker under the local emulation (about a second each on a
    // busy 2-core machine, docs/operations/tests.md): more than the default 30 s once in a fresh-clone run.
    test.slow();
    // The real server pages with its cursors; only the page size is made small (limit=5 instead of 50), so
    // a few requests make several pages and no other test's request is pushed off its first page.
    await page.route(isListCall, (route) => {
      const url = new URL(route.request().url());
      if (!url.searchParams.has('limit')) url.searchParams.set('limit', '5');
      return route.continue({ url: url.toString() });
    });
    const tag = `Pagination${Date.now()}`;
    const count = 7;
    for (let n = 0; n < count; n++) await seedRequest(page, uniqueName(`Client page ${n}`), `Demande ${tag} numéro ${n}.`);
    await logIn(page);
    await search(page, tag);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    const cards = page.getByRole('region', { name: 'Demandes : Tous' }).getByRole('article');
    await expect(cards).toHaveCount(5);
    await expect(page.getByText('5 premières demandes trouvées')).toBeVisible();
    await expect(cards.first()).toContainText(`Demande ${tag} numéro 6.`);

    await page.getByRole('button', { name: 'Afficher plus' }).click();
    await expect(cards).toHaveCount(count);
    await expect(page.getByRole('button', { name: 'Afficher plus' })).toHaveCount(0);
    await expect(page.getByText(`${count} demandes trouvées`)).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    // Newest first, without a gap or a repeat.
    const messages = await cards.locator('.admin-card-message p').allTextContents();
    expect(messages).toEqual(Array.from({ length: count }, (_, i) => `Demande ${tag} numéro ${count - 1 - i}.`));

    await page.reload();
    await expect(cards).toHaveCount(count);
    await expect(page.getByRole('button', { name: 'Afficher plus' })).toHaveCount(0);
  });

  test('a request opens in its own view: whole message, reference, reply, status history, notes; a link opens it again', async ({ page }) => {
    // A chain of calls to the functions, each a new worker under the local emulation (1-4 s apiece on a busy
    // 2-core machine): near the default 30 s on a slow one.
    test.slow();
    const long = `Bonjour, nous équipons trois magasins en Martinique. ${'Nous voulons des terminaux robustes et des imprimantes. '.repeat(6)}Fin du message.`;
    const seeded = await seedRequest(page, uniqueName('Client vue'), long);
    await logIn(page);
    await search(page, seeded.name);
    const request = card(page, seeded.name);
    // The list shows the start of the message; the view shows all of it.
    await expect(request).toContainText('…');
    await expect(request).not.toContainText('Fin du message.');

    const open = request.getByRole('button', { name: /Voir la demande/ });
    await open.click();
    const view = page.getByRole('dialog', { name: seeded.name });
    await expect(view).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`demande=${seeded.id}`));
    await expect(view.getByText(long)).toBeVisible();
    await expect(view.getByRole('link', { name: 'client@exemple.fr' })).toHaveAttribute('href', 'mailto:client@exemple.fr');
    await expect(view.getByRole('link', { name: '0590 26 45 67' })).toHaveAttribute('href', 'tel:0590264567');
    const reply = await view.getByRole('link', { name: 'Répondre par e-mail' }).getAttribute('href');
    expect(reply).toMatch(/^mailto:client@exemple\.fr\?subject=/);
    const subject = decodeURIComponent(reply!.split('subject=')[1]!);
    expect(subject).toBe(`Re\u00a0: Encaissement & Gestion [${seeded.reference}]`);
    await expect(view.getByText(seeded.reference, { exact: true }).first()).toBeVisible();
    // Its two e-mails and what became of them (kept in the local outbox: no Postmark token here).
    const mails = view.getByRole('region', { name: 'E-mails' }).getByRole('listitem');
    await expect(mails).toHaveCount(2);
    await expect(mails.nth(0)).toContainText('Entreprise');
    await expect(mails.nth(1)).toContainText('Visiteur · client@exemple.fr');
    // Sent to the local outbox, or, once this address had its 3 acknowledgements of the day (every test
    // writes to it from one sender address), not sent, with the reason.
    await expect(mails.nth(1)).toContainText(/Déposé dans la boîte locale \(développement\) · 1 tentative|Non envoyéAccusé de réception non envoyé : plus de \d+ accusés/);
    await expect(view.getByText('Aucun changement de statut depuis la réception.')).toBeVisible();

    await view.getByLabel('Statut', { exact: true }).selectOption({ label: 'En cours' });
    await expect(view.getByText(/^Nouveau → En cours, le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/)).toBeVisible();
    await expect(request.getByText('Statut : En cours', { exact: true })).toHaveCount(1);

    await view.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(view.getByText('Veuillez écrire la note.')).toBeVisible();
    await view.getByLabel('Nouvelle note').fill('Rappelé le client : devis à envoyer vendredi.\nVoir avec le dépôt.');
    await view.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(view.getByText(/Rappelé le client : devis à envoyer vendredi\.\s+Voir avec le dépôt\./)).toBeVisible();
    await expect(view.getByLabel('Nouvelle note')).toHaveValue('');

    await view.getByRole('button', { name: 'Fermer la demande' }).click();
    await expect(view).toHaveCount(0);
    await expect(page).not.toHaveURL(/demande=/);
    await expect(open).toBeFocused();

    // The link the company e-mail carries opens the same view, with the note and the history.
    await page.goto(`${paths.admin}?demande=${seeded.id}`);
    const again = page.getByRole('dialog', { name: seeded.name });
    await expect(again.getByText(/Rappelé le client/)).toBeVisible();
    await expect(again.getByText(/^Nouveau → En cours, le /)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(again).toHaveCount(0);
  });

  test('a request opened while the search box is still waiting stays open, and the search typed is applied', async ({ page }) => {
    const seeded = await seedRequest(page, uniqueName('Client pressé'));
    await logIn(page);
    const request = card(page, seeded.name);
    // The newest request is on the first page of the whole inbox, before any search.
    await expect(request).toBeVisible();
    // The search box searches once typing pauses: a request opened before that must not be closed by it.
    await searchBox(page).fill(seeded.name);
    await request.getByRole('button', { name: /Voir la demande/ }).click();
    const view = page.getByRole('dialog', { name: seeded.name });
    await expect(view).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?q=[^&]+&demande=${seeded.id}$`));
    await expect(searchBox(page)).toHaveValue(seeded.name);
    await expect(view.getByText('Aucun changement de statut depuis la réception.')).toBeVisible();
    // Behind the view, the list is the search's now: the card was drawn again, with a new button.
    await expect(page.getByText('1 demande trouvée')).toBeVisible();

    await view.getByRole('button', { name: 'Fermer la demande' }).click();
    await expect(view).toHaveCount(0);
    await expect(page).toHaveURL(/\?q=[^&]+$/);
    // Focus goes back to this request's « Voir la demande », not to the top of the page.
    await expect(card(page, seeded.name).getByRole('button', { name: /Voir la demande/ })).toBeFocused();
  });

  test('a filter chosen while a status change is being saved is the list shown once it is saved', async ({ page }) => {
    const seeded = await seedRequest(page, uniqueName('Client classé'));
    await logIn(page);
    await search(page, seeded.name);
    const request = card(page, seeded.name);
    await expect(request).toBeVisible();
    // The server holds the status change until the administrator has moved to « Nouveaux ».
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    await page.route(`**${contactStatusApiPath(seeded.id)}`, async (route) => {
      await held;
      await route.continue();
    });
    // « En cours », as other tests do: the first test counts on no request being archived.
    await request.getByLabel('Statut').selectOption({ label: 'En cours' });
    await page.getByRole('button', { name: 'Nouveaux', exact: true }).click();
    await expect(page).toHaveURL(/statut=nouveau/);
    await expect(card(page, seeded.name).getByText('Statut : Nouveau', { exact: true })).toBeVisible();
    release();
    // Saved: the list reloads as « Nouveaux » (which the request has left), not as the « Tous » it was.
    await expect(page.getByText(`Aucune demande ne correspond à « ${seeded.name} » parmi les nouveaux.`)).toBeVisible();
    await expect(card(page, seeded.name)).toHaveCount(0);
  });

  test('a request opened while « Afficher plus » is loading stays open', async ({ page }) => {
    test.slow();
    const tag = `Suite${Date.now()}`;
    for (let n = 0; n < 3; n++) await seedRequest(page, uniqueName(`Client suite ${n}`), `Demande ${tag} numéro ${n}.`);
    // Pages of two (the real server's cursors); the second page is held until a request is open.
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    await page.route(isListCall, async (route) => {
      const url = new URL(route.request().url());
      if (!url.searchParams.has('limit')) url.searchParams.set('limit', '2');
      if (url.searchParams.has('cursor')) await held;
      await route.continue({ url: url.toString() });
    });
    await logIn(page);
    await search(page, tag);
    const cards = page.getByRole('region', { name: 'Demandes : Tous' }).getByRole('article');
    await expect(cards).toHaveCount(2);
    await page.getByRole('button', { name: 'Afficher plus' }).click();
    await expect(page.getByRole('button', { name: 'Chargement…' })).toBeDisabled();
    await cards.first().getByRole('button', { name: /Voir la demande/ }).click();
    const view = page.getByRole('dialog', { name: /Client suite 2/ });
    await expect(view).toBeVisible();
    release();
    await expect(cards).toHaveCount(3);
    await expect(page).toHaveURL(/page=2&demande=/);
    await expect(view).toBeVisible();
  });

  test('« Supprimer » asks first, then erases the request from the list, the search and the API', async ({ page }) => {
    // A chain of calls to the functions, each a new worker under the local emulation (1-4 s apiece on a busy
    // 2-core machine): near the default 30 s on a slow one.
    test.slow();
    const seeded = await seedRequest(page, uniqueName('Client effacé'));
    await logIn(page);
    await search(page, seeded.name);
    await card(page, seeded.name).getByRole('button', { name: /Voir la demande/ }).click();
    const view = page.getByRole('dialog', { name: seeded.name });
    await view.getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer cette demande\u202f?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(view).toBeVisible();

    await view.getByRole('button', { name: 'Supprimer' }).click();
    await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expect(view).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'a été supprimée.' })).toContainText(seeded.name);
    await expect(card(page, seeded.name)).toHaveCount(0);
    await expect(page.getByText(`Aucune demande ne correspond à « ${seeded.name} ».`)).toBeVisible();
    // Its button is gone with it: focus waits in the search box, not lost at the top of the page.
    await expect(searchBox(page)).toBeFocused();
    const gone = await page.request.get(`${apiPaths.contactList}/${seeded.id}`, { headers: { Authorization: `Bearer ${await storedToken(page)}` } });
    expect(gone.status()).toBe(404);
  });

  test('a list the server cannot give shows « Impossible de charger les demandes. » and « Réessayer », never an empty inbox', async ({ page }) => {
    const name = await sendRequest(page, 'Client après panne');
    let failing = true;
    await page.route(isListCall, (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"Erreur interne du serveur."}' }) : route.continue(),
    );
    await logIn(page);
    await expect(page.getByRole('alert')).toContainText('Impossible de charger les demandes.');
    await expect(page.getByText('Aucune demande trouvée pour ce filtre.')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Compteurs des demandes' })).toHaveCount(0);
    failing = false;
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(page.getByRole('list', { name: 'Compteurs des demandes' })).toBeVisible();
    await search(page, name);
    await expect(card(page, name)).toBeVisible();
    await expect(page.getByText('Impossible de charger les demandes.')).toHaveCount(0);
  });

  test('the reference of a request is shown in the list and finds it', async ({ page }) => {
    const seeded = await seedRequest(page, uniqueName('Client référence'));
    expect(seeded.reference).toMatch(/^CT-\d{4}-\d{5}$/);
    await logIn(page);
    await search(page, seeded.reference.toLowerCase());
    await expect(card(page, seeded.name)).toContainText(seeded.reference);
  });

  test('an e-mail failed for good offers « Renvoyer », which sends it again through the real outbox', async ({ page }) => {
    // A chain of calls to the functions, each a new worker under the local emulation (1-4 s apiece on a busy
    // 2-core machine): near the default 30 s on a slow one.
    test.slow();
    const seeded = await seedRequest(page, uniqueName('Client renvoi'));
    // The view as it is after 24 hours of failures (no send can fail here: the test server keeps e-mails
    // in its local outbox); the « Renvoyer » call itself goes to the real server.
    await page.route(
      (url) => url.pathname === `/api/contact/${seeded.id}`,
      async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        const response = await route.fetch();
        const body = await response.json();
        body.mails[0] = { ...body.mails[0], status: 'echec', attempts: 7, lastError: 'Service indisponible' };
        await route.fulfill({ response, json: body });
      },
    );
    await page.goto(`${paths.admin}?demande=${seeded.id}`);
    await page.getByLabel('Identifiant').fill(e2eAdmin.username);
    await page.getByLabel('Mot de passe').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    const view = page.getByRole('dialog', { name: seeded.name });
    const company = view.getByRole('region', { name: 'E-mails' }).getByRole('listitem').first();
    await expect(company).toContainText('Échec de l’envoi · 7 tentatives');
    await expect(company).toContainText('Dernière erreur : Service indisponible');
    await company.getByRole('button', { name: /Renvoyer/ }).click();
    await expect(company).toContainText('Déposé dans la boîte locale (développement) · 1 tentative');
    await expect(company.getByRole('button', { name: /Renvoyer/ })).toHaveCount(0);
  });

  test('a banner says when e-mail cannot leave, naming what is missing', async ({ page }) => {
    // The health answer of a deployment without a Postmark token (the test server delivers locally).
    await page.route(apiPaths.health, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ok: true, mail: { configured: false, missing: ['POSTMARK_SERVER_TOKEN'] } }) }),
    );
    await logIn(page);
    await expect(page.getByText(/^L’envoi des e-mails n’est pas configuré\u00a0: il manque la variable POSTMARK_SERVER_TOKEN\./)).toBeVisible();
  });

  test('the admin page links to the privacy policy, once', async ({ page }) => {
    await page.goto(paths.admin);
    await expect(page.getByRole('link', { name: 'Politique de confidentialité' })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute('href', paths.privacy);
  });
});

test('@mobile the admin works on a phone', async ({ page }) => {
  const name = await sendRequest(page, 'Client mobile');
  // A technician of the request's territory (Guadeloupe, from its 0590 number) with a long name: a choice of
  // « Assigné à », the widest of its options.
  const stamp = Date.now().toString(36);
  await staffAccount(page.request, 'technicien', 'guadeloupe', stamp, 'Marie-Françoise Bellemare-Desormeaux de la Pointe-à-Pitre');
  await logIn(page);
  await search(page, name);
  await expect(card(page, name)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await card(page, name).getByRole('button', { name: /Voir la demande/ }).click();
  const view = page.getByRole('dialog', { name });
  await expect(view.getByRole('link', { name: 'Répondre par e-mail' })).toBeVisible();
  // Measured once the team's choices have arrived in « Assigné à ».
  await expect(view.getByLabel('Assigné à').getByRole('option', { name: `Marie-Françoise Bellemare-Desormeaux de la Pointe-à-Pitre ${stamp}` })).toHaveCount(1);
  const fits = await view.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth && dialog.getBoundingClientRect().width <= window.innerWidth);
  expect(fits).toBe(true);
});
