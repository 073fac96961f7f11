/**
 * The layout check over every page, as the accessibility scan reads them (tests/helpers/layout.ts for the
 * rules): at a phone's width (390 px) and a laptop's (1366 px), no page wider than the screen, the text
 * with side margins, no text column narrower than a readable width. The pages: every page a visitor opens
 * signed out; the back office signed in as each role (the owner, an administrator's screens with a ticket
 * and its « Résoudre »; a technician of Guyane; a sales person); the customers' space signed in, with a
 * ticket.
 */
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiPaths, paths, spacePaths } from '../../src/lib/paths';
import { teamPages } from '../../src/features/team/team-paths';
import { customersPages } from '../../src/features/customers/admin-api';
import { ticketApi, ticketPages } from '../../src/features/tickets/ticket-paths';
import { builtPages, isSignedInSpacePage, signedOutPagePaths } from '../helpers/built-site';
import { waitForHydration } from '../helpers/hydrated';
import { layoutProblems } from '../helpers/layout';
import { seedCustomer, signInCustomer } from '../helpers/e2e-customer';
import { ownerToken, signInStaff, staffToken } from '../helpers/e2e-staff';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
/** A wait that spans calls to the local functions (each a new worker thread, slow on a loaded machine). */
const SERVER = { timeout: 60_000 };

/** One page per worker for the signed-out pages (a fresh page per URL would cost more than the check). */
const test = base.extend<{ page: Page }, { workerPage: Page }>({
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, locale, reducedMotion: 'reduce' });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ workerPage }, use) => use(workerPage),
});

/** Opens the page and lets its islands load their data: hydrated, the network quiet, no « Chargement… » left. */
async function openAndSettle(page: Page, path: string): Promise<void> {
  await page.goto(path === '/404' ? '/cette-page-n-existe-pas' : path, { waitUntil: 'load' });
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Chargement/).filter({ visible: true })).toHaveCount(0, SERVER);
}

/** The layout's faults at both widths: opened at the phone's, then resized (the layout follows without a reload). */
async function problemsAtBothWidths(page: Page, label: string, open: () => Promise<unknown>): Promise<string[]> {
  const found: string[] = [];
  for (const [index, size] of [PHONE, LAPTOP].entries()) {
    await page.setViewportSize(size);
    if (index === 0) await open();
    found.push(...(await layoutProblems(page)).map((problem) => `${label} at ${size.width} px: ${problem}`));
  }
  return found;
}

test.describe.configure({ mode: 'parallel', timeout: 90_000 });

for (const path of signedOutPagePaths()) {
  test(`${path}: signed out, laid out for a phone and a laptop`, async ({ page }) => {
    expect(await problemsAtBothWidths(page, path, () => openAndSettle(page, path))).toEqual([]);
  });
}

/** A company of Guyane with two tickets made from contact requests by the owner; their ids and references. */
async function companyWithTickets(request: APIRequestContext, token: string, stamp: string) {
  const company = await seedCustomer('Quincaillerie de Kourou', 'guyane');
  const headers = { authorization: `Bearer ${token}` };
  const tickets: { id: string; reference: string }[] = [];
  for (const [impact, message] of [
    ['bloquant', 'La caisse principale redémarre en boucle depuis ce matin et plus aucun encaissement n’est possible au magasin.'],
    ['degrade', 'L’imprimante d’étiquettes imprime des codes-barres pâles que les lecteurs ne lisent plus.'],
  ] as const) {
    const sent = await request.post(apiPaths.contactForm, {
      data: { name: 'Léa Marie-Sainte', email: company.people[0]!.email, phone: '0594 30 00 00', company: company.name, subject: 'Encaissement & Gestion', delai: '1 à 3 mois', message, website: '' },
    });
    expect(sent.ok()).toBe(true);
    const { id } = (await sent.json()) as { id: string };
    const made = await request.post(ticketApi.fromRequest(id), { headers, data: { companyId: company.id, impact } });
    expect(made.status()).toBe(201);
    tickets.push(((await made.json()) as { data: { id: string; reference: string } }).data);
  }
  return { company, tickets };
}

test.describe('signed in', () => {
  test.describe.configure({ timeout: 400_000 });

  test('the back office as each role, and the customers’ space, laid out for a phone and a laptop', async ({ browser, baseURL, request }) => {
    // Short names and addresses, as real ones are: the check is about the layout, not the test's unique tags.
    const stamp = Date.now().toString(36);
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const owner = await ownerToken(request);
    const { company, tickets } = await companyWithTickets(request, owner, stamp);
    const ticket = tickets[0]!;
    const found: string[] = [];
    const check = async (who: string, target: Page, path: string, after?: () => Promise<unknown>) => {
      found.push(
        ...(await problemsAtBothWidths(target, `${who} ${path}${after ? ' (Résoudre)' : ''}`, async () => {
          await openAndSettle(target, path);
          await after?.();
        })),
      );
    };
    const resolve = (target: Page) => async () => {
      await target.getByRole('button', { name: 'Résoudre' }).click();
      await expect(target.getByRole('dialog', { name: `Résoudre ${ticket.reference}` })).toBeVisible(SERVER);
    };

    // The owner: every back-office screen, a company's page, the tickets, a ticket and its « Résoudre ».
    await signInStaff(context, owner);
    const ownerPages = [paths.admin, customersPages.list, customersPages.company(company.id), teamPages.team, teamPages.journal, paths.adminAccount, `${ticketPages.list}?territoire=tous`, ticketPages.view(ticket.id)];
    for (const path of ownerPages) await check('owner', page, path);
    await check('owner', page, ticketPages.view(ticket.id), resolve(page));
    await context.close();

    // A technician of Guyane, and a sales person.
    for (const [role, rolePages] of [
      ['technicien', [ticketPages.list, ticketPages.view(ticket.id), paths.adminAccount]],
      ['commercial', [paths.admin, customersPages.list, paths.adminAccount]],
    ] as const) {
      const person = await staffToken(request, role, 'guyane', stamp);
      const staff = await browser.newContext({ baseURL, locale: 'fr-FR', reducedMotion: 'reduce' });
      await signInStaff(staff, person.token);
      const staffTab = await staff.newPage();
      for (const path of rolePages) await check(role, staffTab, path);
      if (role === 'technicien') await check(role, staffTab, ticketPages.view(ticket.id), resolve(staffTab));
      await staff.close();
    }

    // The company's person in the space: every page of it, and the ticket's.
    const space = await browser.newContext({ baseURL, locale: 'fr-FR', reducedMotion: 'reduce' });
    await signInCustomer(space, company, baseURL!);
    const spaceTab = await space.newPage();
    const spacePages = builtPages().map((built) => built.path).filter(isSignedInSpacePage);
    expect(spacePages).toContain(spacePaths.account);
    for (const path of [...spacePages, `${spacePaths.ticket}?id=${encodeURIComponent(ticket.id)}`]) await check('customer', spaceTab, path);
    await space.close();

    expect(found).toEqual([]);
  });
});
