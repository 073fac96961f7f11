/**
 * Every page a visitor can open, read once in the browser for three rules:
 * - it opens without a console error, an uncaught exception or a Content-Security-Policy violation;
 * - axe (WCAG 2.0, 2.1 and 2.2, levels A and AA) finds no violation at a phone's width (390 px) nor at a
 *   laptop's (1280 px);
 * - the layout check (tests/helpers/layout.ts) finds no fault at either width: no page wider than the
 *   screen, text with side margins, no text column narrower than a readable width. The screens signed in
 *   (the owner's back office, the customers' space) are also laid out at the administrator's 1366 px
 *   (layout check only); tests/e2e/layout.spec.ts runs it on the technician's and the sales person's screens.
 * The pages: every URL of the sitemap plus the built pages kept out of it (cart, search, 404), then the
 * cart with lines; the owner's login, inbox with requests, a request's view, team, journal, invitation,
 * account, companies and a company (as it opens, and with its equipment dialog), tickets, a ticket and its
 * « Résoudre », the on-call rota; and the customers' space's pages signed in (a company with equipment, a devis
 * and a ticket, the devis' answer dialog open, the ticket's page). One visit per page serves all three rules,
 * and one browser page per worker, resized between the widths, keeps the 150+ pages fast.
 */
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/constants';
import { apiPaths, paths, spacePaths } from '../../src/lib/paths';
import { builtPages, isSignedInSpacePage, signedOutPagePaths } from '../helpers/built-site';
import { lineOf } from '../helpers/cart';
import { e2eAdmin } from '../helpers/e2e-admin';
import { teamApi, teamPages } from '../../src/features/team/team-paths';
import { customersApi, customersPages } from '../../src/features/customers/admin-api';
import { ticketApi, ticketPages } from '../../src/features/tickets/ticket-paths';
import { waitForHydration } from '../helpers/hydrated';
import { axeViolations } from '../helpers/axe';
import { layoutProblems } from '../helpers/layout';
import { ROTA_PAGE } from '../../src/features/field/on-call';
import { products } from '../helpers/catalogue';
import { seedCustomer, signInCustomer } from '../helpers/space-customer';
import { devisSentTo, signInToSpace, storedCompany } from '../helpers/space';
import { ownerToken } from '../helpers/e2e-staff';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
/** The administrator's screen, where the signed-in screens are also laid out. */
const WIDE = { width: 1366, height: 900 };

const signedInSpacePages = builtPages()
  .map((page) => page.path)
  .filter(isSignedInSpacePage);
const pagePaths = signedOutPagePaths();

/** One page per worker (a fresh page per URL would cost more than the checks), with the errors it reports. */
const test = base.extend<{ page: Page; errors: string[] }, { workerPage: Page }>({
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, locale, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`);
        });
      });
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ workerPage }, use) => use(workerPage),
  errors: async ({ workerPage: page }, use) => {
    const errors: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    };
    const onPageError = (error: Error) => errors.push(`exception: ${error.message}`);
    page.on('console', onConsole);
    page.on('pageerror', onPageError);
    await use(errors);
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  },
});

/**
 * axe's violations of the page, one line each (rule, impact, first elements), and the layout check's faults,
 * at both widths: opened once at the phone's width, then resized (the layout follows its media queries
 * without a reload), axe's source injected once for both checks (tests/helpers/axe.ts).
 */
async function violationsAtBothWidths(page: Page, open: () => Promise<unknown>): Promise<string[]> {
  const found: string[] = [];
  for (const [index, size] of [PHONE, LAPTOP].entries()) {
    await page.setViewportSize(size);
    if (index === 0) await open();
    found.push(...(await axeViolations(page)).map((violation) => `${size.width}px ${violation}`));
    found.push(...(await layoutProblems(page)).map((problem) => `${size.width}px layout: ${problem}`));
  }
  return found;
}

/** A signed-in screen: as violationsAtBothWidths, then its layout at the administrator's 1366 px. */
async function signedInViolations(page: Page, open: () => Promise<unknown>): Promise<string[]> {
  const found = await violationsAtBothWidths(page, open);
  await page.setViewportSize(WIDE);
  found.push(...(await layoutProblems(page)).map((problem) => `${WIDE.width}px layout: ${problem}`));
  return found;
}

/** Opens a page as a visitor reads it: eager islands hydrated, then scrolled to the end so visible ones do too. */
async function openAndRead(page: Page, path: string): Promise<number | undefined> {
  // The 404 page is opened the way visitors meet it: an unknown address answered with status 404.
  const response = await page.goto(path === '/404' ? '/cette-page-n-existe-pas' : path, { waitUntil: 'load' });
  await waitForHydration(page);
  await page.evaluate(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
  });
  return response?.status();
}

/** A ticket the owner made for the company from a request its person sent: its id and reference. */
async function ticketOf(request: APIRequestContext, companyId: string, email: string): Promise<{ id: string; reference: string }> {
  const sent = await request.post(apiPaths.contactForm, {
    data: { name: 'Léa Martin', email, phone: '0596 12 34 56', company: 'Supérette du Bourg', subject: 'Encaissement & Gestion', delai: '1 à 3 mois', message: 'La caisse principale redémarre en boucle depuis ce matin.', website: '' },
  });
  expect(sent.ok()).toBe(true);
  const { id } = (await sent.json()) as { id: string };
  const made = await request.post(ticketApi.fromRequest(id), { headers: { authorization: `Bearer ${await ownerToken(request)}` }, data: { companyId, impact: 'bloquant' } });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { data: { id: string; reference: string } }).data;
}

// Two scans a page; a loaded machine (docs/operations/tests.md) can take 20 s for both.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

test('the sitemap gives the page checks pages to read', () => {
  expect(pagePaths).toContain('/');
  expect(pagePaths).toContain(paths.cart);
});

for (const path of pagePaths) {
  test(`${path}: no console error, no policy violation, no accessibility violation`, async ({ page, errors }) => {
    let status: number | undefined;
    const violations = await violationsAtBothWidths(page, async () => {
      status = await openAndRead(page, path);
    });
    expect(status, path).toBe(path === '/404' ? 404 : 200);
    // Chrome logs the 404 answer itself as a console error of the document: not a fault of the page.
    expect(path === '/404' ? errors.filter((error) => !/status of 404/.test(error)) : errors).toEqual([]);
    expect(violations).toEqual([]);
  });
}

test('no accessibility violation nor error on the cart with lines', async ({ page, errors }) => {
  const [first, second] = products;
  const lines = [lineOf(first!.id, 2), lineOf(second!.id, 1)];
  const open = async () => {
    await page.goto(paths.cart);
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.cart, JSON.stringify(lines)]);
    await page.reload();
    await expect(page.getByRole('list', { name: 'Articles du panier' }).getByRole('listitem')).toHaveCount(2);
  };
  expect(await violationsAtBothWidths(page, open)).toEqual([]);
  expect(errors).toEqual([]);
  await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.cart);
});

test.describe('the admin', () => {
  test('no accessibility violation on the login, the inbox with requests, a request’s view, « Mon compte » and « Clients »', async ({ page }) => {
    test.slow();
    const name = `Accessibilité ${Date.now()}`;
    const response = await page.request.post(apiPaths.contactForm, {
      data: {
        name,
        email: 'client@exemple.fr',
        phone: '0590 26 45 67',
        company: 'Supermarché des Abymes',
        subject: 'Encaissement & Gestion',
        delai: '1 à 3 mois',
        message: 'Pouvez-vous nous rappeler pour un devis ?',
        website: '',
      },
    });
    expect(response.ok()).toBe(true);
    const { id } = (await response.json()) as { id: string };

    const openLogin = async () => {
      await page.goto(paths.admin);
      await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.adminToken);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Connexion de l’équipe' })).toBeVisible();
    };
    expect(await signedInViolations(page, openLogin)).toEqual([]);

    await page.getByLabel('Identifiant').fill(e2eAdmin.username);
    await page.getByLabel('Mot de passe').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();

    // Logged in, the same page shows the inbox: its list arrives from the functions, slow on a loaded machine.
    const openInbox = () => expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 45_000 });
    expect(await signedInViolations(page, openInbox)).toEqual([]);

    const openRequest = async () => {
      await page.goto(`${paths.admin}?demande=${id}`);
      await expect(page.getByRole('dialog', { name })).toBeVisible({ timeout: 45_000 });
    };
    expect(await signedInViolations(page, openRequest)).toEqual([]);

    // The team's screens: the team, an unknown invitation link (its refusal), the journal, a real invitation.
    const openTeam = async () => {
      await page.goto(teamPages.team);
      await expect(page.getByRole('heading', { name: 'L’équipe' })).toBeVisible({ timeout: 45_000 });
      await expect(page.getByRole('listitem', { name: e2eAdmin.username })).toBeVisible({ timeout: 45_000 });
    };
    expect(await signedInViolations(page, openTeam)).toEqual([]);
    const openUnknownInvitation = async () => {
      await page.goto(`${teamPages.invitationPrefix}lien-inconnu-pour-le-test`);
      await expect(page.getByRole('alert')).toContainText('Ce lien d’invitation n’est pas valable.', { timeout: 45_000 });
    };
    expect(await signedInViolations(page, openUnknownInvitation)).toEqual([]);
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken);
    const invited = await page.request.post(teamApi.team, {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'Accessibilité Invitée', email: `a11y-${Date.now()}@exemple.fr`, role: 'commercial', territories: ['guyane'] },
    });
    expect(invited.ok()).toBe(true);
    const { link } = (await invited.json()) as { link: string };
    // The journal with entries (the invitation above is one): its table scrolls sideways on a phone.
    const openJournal = async () => {
      await page.goto(teamPages.journal);
      await expect(page.getByRole('form', { name: 'Filtres du journal' })).toBeVisible({ timeout: 45_000 });
      await expect(page.getByRole('region', { name: 'Événements du journal' }).getByRole('row').nth(1)).toBeVisible({ timeout: 45_000 });
    };
    expect(await signedInViolations(page, openJournal)).toEqual([]);
    const openInvitation = async () => {
      await page.goto(new URL(link).pathname);
      await expect(page.getByRole('button', { name: 'Enregistrer le mot de passe' })).toBeVisible({ timeout: 45_000 });
      await page.getByRole('button', { name: 'Utiliser une application d’authentification' }).click();
      await expect(page.getByRole('img', { name: 'Code QR de l’application d’authentification' })).toBeVisible({ timeout: 45_000 });
    };
    expect(await signedInViolations(page, openInvitation)).toEqual([]);
    const openAccount = async () => {
      await page.goto(paths.adminAccount);
      await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible({ timeout: 45_000 });
    };
    expect(await signedInViolations(page, openAccount)).toEqual([]);

    // « Clients »: the list with a company, and that company's page with a shop, a person and equipment.
    const headers = { authorization: `Bearer ${token}` };
    const companyName = `Accessibilité SARL ${Date.now()}`;
    const created = await page.request.post(customersApi.list, { headers, data: { name: companyName, clientCode: `A11Y-${Date.now()}`, territory: 'guyane', contractEndsOn: '2099-06-30' } });
    expect(created.ok()).toBe(true);
    const companyId = ((await created.json()) as { data: { id: string } }).data.id;
    expect((await page.request.post(customersApi.part(companyId, 'boutiques'), { headers, data: { name: 'Boutique de Cayenne', address: 'Cayenne' } })).ok()).toBe(true);
    expect((await page.request.post(customersApi.part(companyId, 'personnes'), { headers, data: { name: 'Ada Accessible', email: `ada-${Date.now()}@exemple.gf` } })).ok()).toBe(true);
    expect((await page.request.post(customersApi.part(companyId, 'equipements'), { headers, data: { productSlug: 'batterie-tc22', serial: 'A11Y-1' } })).ok()).toBe(true);
    const openCustomers = async () => {
      await page.goto(customersPages.list);
      await expect(page.getByRole('link', { name: companyName })).toBeVisible({ timeout: 45_000 });
    };
    expect(await signedInViolations(page, openCustomers)).toEqual([]);
    const openCompany = async () => {
      await page.goto(customersPages.company(companyId));
      await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible({ timeout: 45_000 });
      await page.getByRole('button', { name: 'Ajouter un équipement' }).click();
    };
    expect(await signedInViolations(page, openCompany)).toEqual([]);
    await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.adminToken);
  });
});

test.describe('the customers’ space, signed in', () => {
  test('no accessibility violation nor error on « Mon compte »', async ({ page, errors }) => {
    test.setTimeout(300_000);
    await signInCustomer(page, await seedCustomer('Accessibilité Cliente'));
    const openAccount = async () => {
      await page.goto(spacePaths.account);
      await expect(page.getByRole('region', { name: 'Appareils connectés' }).getByRole('listitem')).toHaveCount(1, { timeout: 45_000 });
    };
    expect(await signedInViolations(page, openAccount)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test('no accessibility violation nor error on the customers’ space, signed in', async ({ browser, baseURL, locale }) => {
  test.setTimeout(300_000);
  expect(signedInSpacePages).toContain(spacePaths.devis);
  // A context of its own: the space's cookie must not reach the other pages' visits.
  const context = await browser.newContext({ baseURL, locale, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(`console: ${message.text()}`));
  page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
  const company = await storedCompany();
  const devis = await devisSentTo(page.request, company.people[0]!.email);
  const ticket = await ticketOf(page.request, company.id, company.people[0]!.email);
  await signInToSpace(page, company.people[0]!.email, baseURL!);
  const found: string[] = [];
  for (const path of [...signedInSpacePages, `${spacePaths.ticket}?id=${encodeURIComponent(ticket.id)}`]) {
    const violations = await signedInViolations(page, async () => {
      await openAndRead(page, path);
      await expect(page.getByRole('status').filter({ hasText: 'Chargement…' })).toBeHidden({ timeout: 60_000 });
    });
    found.push(...violations.map((violation) => `${path} ${violation}`));
  }
  const answering = await signedInViolations(page, async () => {
    await openAndRead(page, spacePaths.devis);
    await page.getByRole('button', { name: `Accepter le devis ${devis.reference}` }).click({ timeout: 60_000 });
    await expect(page.getByRole('dialog', { name: `Répondre au devis ${devis.reference}` })).toBeVisible();
  });
  found.push(...answering.map((violation) => `${spacePaths.devis} (réponse) ${violation}`));
  await context.close();
  expect(errors).toEqual([]);
  expect(found).toEqual([]);
});

test.describe('the admin’s tickets', () => {
  test('no accessibility violation on the tickets list with its chart, a ticket’s view, its « Résoudre » dialog and « Astreinte »', async ({ page }) => {
    test.slow();
    // Signed in through the API (the token the sign-in form would store), so only the tickets' screens are scanned.
    const token = await ownerToken(page.request);
    await page.addInitScript(
      ({ tokenKey, timeKey, value }) => {
        localStorage.setItem(tokenKey, value);
        localStorage.setItem(timeKey, String(Date.now()));
      },
      { tokenKey: STORAGE_KEYS.adminToken, timeKey: STORAGE_KEYS.adminLoginTime, value: token },
    );
    const headers = { authorization: `Bearer ${token}` };
    const companyName = `Tickets Accessibles ${Date.now()}`;
    const created = await page.request.post(customersApi.list, { headers, data: { name: companyName, clientCode: `TKA-${Date.now()}`, territory: 'martinique', contractEndsOn: null } });
    expect(created.ok()).toBe(true);
    const companyId = ((await created.json()) as { data: { id: string } }).data.id;
    const sent = await page.request.post(apiPaths.contactForm, {
      data: { name: 'Rose Accessible', email: 'rose@exemple.fr', phone: '0596 61 00 00', company: companyName, subject: 'Encaissement & Gestion', delai: '1 à 3 mois', message: 'La caisse ne démarre plus depuis ce matin.', website: '' },
    });
    const { id } = (await sent.json()) as { id: string };
    const made = await page.request.post(ticketApi.fromRequest(id), { headers, data: { companyId, impact: 'bloquant' } });
    expect(made.status()).toBe(201);
    const { data: ticket } = (await made.json()) as { data: { id: string; reference: string } };

    const openList = async () => {
      await page.goto(`${ticketPages.list}?territoire=tous`);
      await expect(page.getByRole('link', { name: ticket.reference })).toBeVisible({ timeout: 45_000 });
      await expect(page.getByRole('img', { name: /Part des tickets|Aucun ticket/ })).toBeVisible({ timeout: 45_000 });
    };
    expect(await signedInViolations(page, openList)).toEqual([]);
    const openTicket = async () => {
      await page.goto(ticketPages.view(ticket.id));
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(ticket.reference) })).toBeVisible({ timeout: 45_000 });
    };
    expect(await signedInViolations(page, openTicket)).toEqual([]);
    const openResolve = async () => {
      await openTicket();
      await page.getByRole('button', { name: 'Résoudre' }).click();
      await expect(page.getByRole('dialog', { name: `Résoudre ${ticket.reference}` })).toBeVisible();
    };
    expect(await signedInViolations(page, openResolve)).toEqual([]);
    // A company's page as it opens, no dialog open (the admin's test above scans one with its equipment dialog).
    const openCompany = async () => {
      await page.goto(customersPages.company(companyId));
      await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible({ timeout: 45_000 });
    };
    expect(await signedInViolations(page, openCompany)).toEqual([]);
    // « Astreinte »: the owner is an administrator, so each week is a choice of the person on call.
    const openRota = async () => {
      await page.goto(ROTA_PAGE);
      await expect(page.getByRole('table').getByRole('combobox').first()).toBeVisible({ timeout: 45_000 });
    };
    expect(await signedInViolations(page, openRota)).toEqual([]);
  });
});

