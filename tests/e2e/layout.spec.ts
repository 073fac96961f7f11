/**
 * The layout check (tests/helpers/layout.ts for the rules) on the back office as the roles other than the
 * owner: at a phone's width (390 px) and a laptop's (1366 px), no page wider than the screen, the text with
 * side margins, no text column narrower than a readable width. A technician of Guadeloupe (their screens, a
 * ticket and its « Résoudre ») and a sales person. The owner's every screen and the customers' space, signed
 * in, are checked by tests/e2e/every-page.spec.ts in the same visit as their accessibility scan (at 390, 1280
 * and 1366 px), as is every page a visitor opens signed out (at 390 and 1280 px).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiPaths, paths } from '../../src/lib/paths';
import { customersPages } from '../../src/features/customers/admin-api';
import { ticketApi, ticketPages } from '../../src/features/tickets/ticket-paths';
import { waitForHydration } from '../helpers/hydrated';
import { layoutProblems } from '../helpers/layout';
import { ROTA_PAGE } from '../../src/features/field/on-call';
import { seedCustomer } from '../helpers/e2e-customer';
import { ownerToken, signInStaff, staffToken } from '../helpers/e2e-staff';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
/** A wait that spans calls to the local functions (each a new worker thread, slow on a loaded machine). */
const SERVER = { timeout: 60_000 };

/** Opens the page and lets its islands load their data: hydrated, the network quiet, no « Chargement… » left. */
async function openAndSettle(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'load' });
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

/**
 * A company of Guadeloupe with two tickets made from contact requests by the owner; their ids and references.
 * (Guyane's open tickets are the tickets journey's: its technician sees their only one first.)
 */
async function companyWithTickets(request: APIRequestContext, token: string) {
  const company = await seedCustomer('Quincaillerie de Baie-Mahault', 'guadeloupe');
  const headers = { authorization: `Bearer ${token}` };
  const tickets: { id: string; reference: string }[] = [];
  for (const [impact, message] of [
    ['bloquant', 'La caisse principale redémarre en boucle depuis ce matin et plus aucun encaissement n’est possible au magasin.'],
    ['degrade', 'L’imprimante d’étiquettes imprime des codes-barres pâles que les lecteurs ne lisent plus.'],
  ] as const) {
    const sent = await request.post(apiPaths.contactForm, {
      data: { name: 'Léa Marie-Sainte', email: company.people[0]!.email, phone: '0590 30 00 00', company: company.name, subject: 'Encaissement & Gestion', delai: '1 à 3 mois', message, website: '' },
    });
    expect(sent.ok()).toBe(true);
    const { id } = (await sent.json()) as { id: string };
    const made = await request.post(ticketApi.fromRequest(id), { headers, data: { companyId: company.id, impact } });
    expect(made.status()).toBe(201);
    tickets.push(((await made.json()) as { data: { id: string; reference: string } }).data);
  }
  return { company, tickets };
}

/** Checks pages one after the other in a browser tab, gathering every fault with who saw it and where. */
function checker(found: string[]) {
  return async (who: string, target: Page, path: string, after?: () => Promise<unknown>) => {
    found.push(
      ...(await problemsAtBothWidths(target, `${who} ${path}${after ? ' (Résoudre)' : ''}`, async () => {
        await openAndSettle(target, path);
        await after?.();
      })),
    );
  };
}

/** Opens « Résoudre » on the ticket's page. */
const openResolve = (target: Page, reference: string) => async () => {
  await target.getByRole('button', { name: 'Résoudre' }).click();
  await expect(target.getByRole('dialog', { name: `Résoudre ${reference}` })).toBeVisible(SERVER);
};

test.describe('signed in', () => {
  test.describe.configure({ mode: 'parallel', timeout: 400_000 });

  for (const [role, rolePages, resolves] of [
    ['technicien', (ticketId: string) => [ticketPages.list, ticketPages.view(ticketId), paths.adminAccount, ROTA_PAGE], true],
    ['commercial', () => [paths.admin, customersPages.list, paths.adminAccount], false],
  ] as const) {
    test(`a ${role} of Guadeloupe: their screens${resolves ? ', a ticket and its « Résoudre »' : ''}`, async ({ browser, baseURL, request }) => {
      // The technician's screens show tickets of their territory: two, of two impacts, made by the owner.
      const ticket = resolves ? (await companyWithTickets(request, await ownerToken(request))).tickets[0]! : undefined;
      const person = await staffToken(request, role, 'guadeloupe', Date.now().toString(36));
      const found: string[] = [];
      const check = checker(found);
      const context = await browser.newContext({ baseURL, locale: 'fr-FR', reducedMotion: 'reduce' });
      await signInStaff(context, person.token);
      const page = await context.newPage();
      for (const path of rolePages(ticket?.id ?? '')) await check(role, page, path);
      if (ticket) await check(role, page, ticketPages.view(ticket.id), openResolve(page, ticket.reference));
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
