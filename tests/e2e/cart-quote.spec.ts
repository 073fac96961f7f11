import { expect, test, type Page, type Request } from '@playwright/test';
import { QUOTE_CLOSE_DELAY_MS } from '../../src/lib/constants';
import { apiPaths, paths, productPath } from '../../src/lib/paths';
import { QUOTE_DELAI, QUOTE_SUBJECT } from '../../src/features/quote/quote';
import { e2eAdmin } from '../helpers/e2e-admin';
import { ownerToken } from '../helpers/e2e-staff';
import { product } from '../helpers/catalogue';
import { euros, lineOf, openCartWith } from '../helpers/cart';

const zd230t = product('zebra-zd230t'); // 274,17 € HT
const ribbon = product('ruban-resine-5095-110x74'); // 50,00 € HT

const quoteDialog = (page: Page) => page.getByRole('dialog', { name: 'Demander un devis' });

/** Fills the four required fields (and the client code), leaving out the ones named. */
async function fillQuote(page: Page, name: string, leaveOut: string[] = []) {
  const dialog = quoteDialog(page);
  const values: Record<string, string> = {
    'Nom *': name,
    'Entreprise *': 'Entrepôt Caraïbes Logistique',
    'Téléphone *': '0590 11 22 33',
    'E-mail *': 'achats@entrepot.example',
    'Code client (facultatif)': 'C-2048',
  };
  for (const [label, value] of Object.entries(values)) {
    await dialog.getByLabel(label, { exact: true }).fill(leaveOut.includes(label) ? '' : value);
  }
}

const isQuoteCall = (request: Request) => new URL(request.url()).pathname === apiPaths.quote && request.method() === 'POST';

test.describe('quote request', () => {
  test('from the product page to the admin list: the request carries the SPEC fields, items and client code; the cart is kept', async ({ page }) => {
    const name = `Client devis panier ${Date.now()}`;
    await page.goto(productPath(zd230t.id));
    await page.getByLabel('Quantité').fill('2');
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await page.goto(productPath(ribbon.id));
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await page.getByRole('link', { name: 'Mon panier (3)' }).click();

    await page.getByRole('button', { name: 'Demander un devis' }).click();
    const dialog = quoteDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Téléphone *')).toHaveAttribute('type', 'tel');
    await expect(dialog.getByLabel('E-mail *')).toHaveAttribute('type', 'email');
    await expect(dialog).toContainText(euros('3 articles pour un total de 598,34 € HT'));
    await fillQuote(page, name);

    // Hold the answer to see the sending state.
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    await page.route(`**${apiPaths.quote}`, async (route) => {
      await held;
      await route.fallback();
    });
    const requestSent = page.waitForRequest(isQuoteCall);
    const answered = page.waitForResponse((response) => isQuoteCall(response.request()));
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    const sending = dialog.getByRole('button', { name: 'Envoi en cours...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    const body = (await requestSent).postDataJSON();
    // Only what the server reads: it writes the subject, the deadline and the message itself.
    expect(Object.keys(body).sort()).toEqual(['clientCode', 'company', 'email', 'idempotencyKey', 'items', 'name', 'phone', 'territory', 'website']);
    expect(body).toMatchObject({
      name,
      company: 'Entrepôt Caraïbes Logistique',
      phone: '0590 11 22 33',
      email: 'achats@entrepot.example',
      clientCode: 'C-2048',
      items: [
        { id: zd230t.id, quantity: 2 },
        { id: ribbon.id, quantity: 1 },
      ],
      territory: 'martinique',
      website: '',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
    release();

    // The quote's reference, from the server: in the dialog, then on the page once the dialog has closed.
    const { reference } = (await (await answered).json()) as { reference: string };
    expect(reference).toMatch(/^DV-\d{4}-\d{5}$/);
    const success = dialog.getByText('Votre demande de devis a été envoyée avec succès !');
    await expect(success).toBeVisible();
    await expect(success).toContainText(`Référence de votre demande : ${reference}.`);
    await expect(dialog).toBeHidden({ timeout: QUOTE_CLOSE_DELAY_MS + 5_000 });
    // The cart is kept and the page says what happens next.
    const next = page.getByRole('heading', { name: `Votre demande de devis ${reference} est bien transmise` });
    await expect(next).toBeVisible();
    // Focus (and a phone's screen) moves from the closed dialog to the reference and what happens next.
    await expect(next).toBeFocused();
    await expect(next).toBeInViewport();
    await expect(page.getByText('Votre panier est conservé')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Articles du panier' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Mon panier (3)' })).toBeVisible();

    // The administrator sees the quote, re-priced by the server from the catalogue.
    await page.goto(paths.admin);
    await page.getByLabel('Identifiant').fill(e2eAdmin.username);
    await page.getByLabel('Mot de passe').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toBeVisible();
    await expect(card.getByText('Devis', { exact: true })).toBeVisible();
    await expect(card).toContainText(reference);
    await expect(card).toContainText(QUOTE_SUBJECT);
    await expect(card).toContainText('C-2048');
    // The list shows the beginning of the message; the whole re-priced message is the request's own.
    const token = await ownerToken(page.request);
    const list = await (await page.request.get(`${apiPaths.contactList}?q=${encodeURIComponent(name)}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    const { data, mails } = await (await page.request.get(`/api/contact/${list.data[0].id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(data.reference).toBe(reference);
    // Its two e-mails, kept in the local outbox (no Postmark token here), subjects carrying the reference.
    expect(mails.map((mail: { kind: string; to: string; subject: string }) => [mail.kind, mail.to, mail.subject.includes(reference)])).toEqual([
      ['entreprise', expect.any(String), true],
      ['visiteur', 'achats@entrepot.example', true],
    ]);
    expect(data.message).toMatch(euros(`- ${zd230t.name} (code ${zd230t.code}, réf. ${zd230t.reference}) × 2 à 274,17 € HT = 548,34 € HT`));
    expect(data.message).toMatch(euros(`- ${ribbon.name} (code ${ribbon.code}, réf. ${ribbon.reference}) × 1 à 50,00 € HT = 50,00 € HT`));
    expect(data.message).toContain('Nombre d’articles\u00a0: 3');
    expect(data.message).toMatch(euros('Sous-total HT : 598,34 €'));
    expect(data.message).toMatch(euros('TVA 8,5 % (Martinique) : 50,86 €'));
    expect(data.message).toContain('Le client souhaite recevoir un devis pour ces produits.');
  });

  test('a quote sent for Guadeloupe reaches the administrator priced at 8,5 % with its territory', async ({ page, request }) => {
    const name = `Client Guadeloupe ${Date.now()}`;
    await page.goto(paths.store);
    await page.getByRole('combobox', { name: 'Territoire de livraison' }).selectOption({ label: 'Guadeloupe' });
    await openCartWith(page, [lineOf(zd230t.id, 2), lineOf(ribbon.id, 1)]);
    await expect(page.getByRole('region', { name: 'Récapitulatif' })).toContainText('Livraison en Guadeloupe');
    await page.getByRole('button', { name: 'Demander un devis' }).click();
    await expect(quoteDialog(page)).toContainText('livraison en Guadeloupe');
    await fillQuote(page, name);
    const answer = page.waitForResponse((response) => isQuoteCall(response.request()));
    await quoteDialog(page).getByRole('button', { name: 'Envoyer la demande' }).click();
    const { id } = await (await answer).json();

    const token = await ownerToken(request);
    // The administrator's card names the delivery territory.
    await page.goto(paths.admin);
    await page.getByLabel('Identifiant').fill(e2eAdmin.username);
    await page.getByLabel('Mot de passe').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card.locator('dl > div').filter({ hasText: 'Livraison' })).toContainText('Guadeloupe');
    const stored = await request.get(`/api/contact/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    const { data } = await stored.json();
    expect(data.territory).toBe('guadeloupe');
    // 598,34 € HT, shipping free: 8,5 % = 50,86 €, total 649,20 € TTC.
    expect(data.message).toMatch(euros('TVA 8,5 % (Guadeloupe) : 50,86 €'));
    expect(data.message).toMatch(euros('Total TTC : 649,20 €'));
  });

  test('a missing required field shows « Veuillez remplir tous les champs » and sends nothing', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (isQuoteCall(request)) calls.push(request.url());
    });
    await openCartWith(page, [lineOf(ribbon.id, 1)]);
    for (const missing of ['Nom *', 'Entreprise *', 'Téléphone *', 'E-mail *']) {
      await page.getByRole('button', { name: 'Demander un devis' }).click();
      await fillQuote(page, 'Client incomplet', [missing]);
      // Blank counts as empty.
      if (missing === 'Nom *') await quoteDialog(page).getByLabel('Nom *').fill('   ');
      await quoteDialog(page).getByRole('button', { name: 'Envoyer la demande' }).click();
      await expect(quoteDialog(page).getByRole('alert')).toHaveText('Veuillez remplir tous les champs');
      await quoteDialog(page).getByRole('button', { name: 'Fermer' }).click();
      await expect(quoteDialog(page)).toBeHidden();
    }
    // The alert comes from the branch that returns before any call: a call would already be recorded.
    expect(calls).toEqual([]);
  });

  test('the client code is optional', async ({ page }) => {
    await openCartWith(page, [lineOf(ribbon.id, 1)]);
    await page.getByRole('button', { name: 'Demander un devis' }).click();
    await fillQuote(page, `Client sans code ${Date.now()}`, ['Code client (facultatif)']);
    const response = page.waitForResponse((r) => isQuoteCall(r.request()));
    await quoteDialog(page).getByRole('button', { name: 'Envoyer la demande' }).click();
    expect((await response).status()).toBe(200);
    await expect(quoteDialog(page).getByText('Votre demande de devis a été envoyée avec succès !')).toBeVisible();
  });

  test('a failed call or a falsy success shows the error message and logs it', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await openCartWith(page, [lineOf(ribbon.id, 1)]);
    const dialog = quoteDialog(page);

    await page.route(`**${apiPaths.quote}`, (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Demander un devis' }).click();
    await fillQuote(page, 'Client réseau coupé');
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await expect(dialog.getByRole('alert')).toHaveText("Erreur lors de l'envoi. Veuillez réessayer.");
    await expect(dialog.getByRole('button', { name: 'Envoyer la demande' })).toBeEnabled();
    await expect(dialog.getByLabel('Nom *')).toHaveValue('Client réseau coupé');
    expect(logged.some((text) => text.includes('Quote request failed'))).toBe(true);

    await page.unroute(`**${apiPaths.quote}`);
    await page.route(`**${apiPaths.quote}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":false}' }));
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await expect(dialog.getByRole('alert')).toHaveText("Erreur lors de l'envoi. Veuillez réessayer.");
    expect(logged.some((text) => text.includes('Quote request refused'))).toBe(true);
    await expect(dialog.getByText('Votre demande de devis a été envoyée avec succès !')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Votre demande de devis .*est bien transmise/ })).toHaveCount(0);
  });

  test('after a success the dialog closes 2 s later and the form is reset', async ({ page }) => {
    await page.clock.install();
    await openCartWith(page, [lineOf(zd230t.id, 1)]);
    await page.getByRole('button', { name: 'Demander un devis' }).click();
    const dialog = quoteDialog(page);
    await fillQuote(page, `Client horloge ${Date.now()}`);
    // From here on the page's time moves only when the test moves it.
    await page.clock.pauseAt(Date.now() + 60 * 60 * 1000);
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await expect(dialog.getByText('Votre demande de devis a été envoyée avec succès !')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Envoyer la demande' })).toBeDisabled();

    await page.clock.runFor(QUOTE_CLOSE_DELAY_MS - 100);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(100);
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Demander un devis' }).click();
    await expect(dialog).toBeVisible();
    for (const label of ['Nom *', 'Entreprise *', 'Téléphone *', 'E-mail *', 'Code client (facultatif)']) {
      await expect(dialog.getByLabel(label, { exact: true })).toHaveValue('');
    }
    await expect(dialog.getByText('Votre demande de devis a été envoyée avec succès !')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Envoyer la demande' })).toBeEnabled();
  });

  test('the dialog is a real modal: Escape closes it and focus returns to « Demander un devis »', async ({ page }) => {
    await openCartWith(page, [lineOf(ribbon.id, 1)]);
    const opener = page.getByRole('button', { name: 'Demander un devis' });
    await opener.click();
    await expect(quoteDialog(page).getByLabel('Nom *')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(quoteDialog(page)).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the real server re-prices from the catalogue: a tampered price is ignored, an unknown product is refused in French', async ({ page }) => {
    const name = `Client prix modifié ${Date.now()}`;
    const customer = { name, company: 'Pharmacie du Port', phone: '0596 50 12 34', email: 'achats@pharmacie.example', clientCode: '', website: '' };
    const tampered = await page.request.post(apiPaths.quote, {
      data: { ...customer, subject: QUOTE_SUBJECT, delai: QUOTE_DELAI, message: 'Total HT : 0,01 €', items: [{ id: zd230t.id, quantity: 1, price: 0.01, priceHT: 0.01 }] },
    });
    expect(tampered.status()).toBe(200);

    const token = await ownerToken(page.request);
    const { id } = await tampered.json();
    const stored = (await (await page.request.get(`/api/contact/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()).data;
    expect(stored.message).toMatch(euros(`(code ${zd230t.code}, réf. ${zd230t.reference}) × 1 à 274,17 € HT`));
    expect(stored.message).toMatch(euros('Sous-total HT : 274,17 €'));
    expect(stored.message).not.toMatch(euros('0,01 €'));

    const unknown = await page.request.post(apiPaths.quote, { data: { ...customer, items: [{ id: 'produit-fantome', quantity: 1 }] } });
    expect(unknown.status()).toBe(400);
    expect(await unknown.json()).toEqual({
      success: false,
      error: 'Certains produits du devis n’existent plus dans le catalogue.',
      fields: { items: 'Produits inconnus : produit-fantome.' },
    });
  });
});
