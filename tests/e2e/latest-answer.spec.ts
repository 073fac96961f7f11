/**
 * Lists loaded by filter keep only their latest answer (src/lib/latest-answer.ts): in « Journal », a first
 * filter whose answer is held back by the network, then a second filter answered at once; when the first
 * answer finally arrives, the table still shows the second filter's rows.
 */
import { apiPaths } from '../../src/lib/paths';
import { teamApi, teamPages } from '../../src/features/team/team-paths';
import { e2eAdmin } from '../helpers/e2e-admin';
import { ownerToken, signInStaff } from '../helpers/e2e-staff';
import { expect, test } from '../helpers/hydrated';

const SERVER = { timeout: 60_000 };

test('the journal shows the second filter’s rows when the first filter’s answer comes back last', async ({ browser, baseURL, request }) => {
  test.setTimeout(180_000);
  // A failed sign-in and a sign-in, so both actions have rows.
  expect((await request.post(apiPaths.login, { data: { username: e2eAdmin.username, password: 'pas-le-bon-mot-de-passe' } })).status()).toBe(401);
  const token = await ownerToken(request);
  const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
  await signInStaff(context, token);
  const page = await context.newPage();
  try {
    await page.goto(teamPages.journal);
    const rows = page.getByRole('region', { name: 'Événements du journal' }).getByRole('row');
    await expect(rows.nth(1)).toBeVisible(SERVER);

    // The next answer of the journal (the first filter's) is held back 5 s; the one after goes straight through.
    let calls = 0;
    let released!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (released = resolve));
    await page.route(`**${teamApi.journal}?*`, async (route) => {
      calls += 1;
      if (calls === 1) {
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        await route.continue();
        released();
        return;
      }
      await route.continue();
    });
    const form = page.getByRole('form', { name: 'Filtres du journal' });
    await form.getByLabel('Action').selectOption({ label: 'Connexion' });
    await form.getByRole('button', { name: 'Filtrer' }).click();
    await form.getByLabel('Action').selectOption({ label: 'Échec de connexion' });
    await form.getByRole('button', { name: 'Filtrer' }).click();
    await expect(rows.nth(1)).toContainText('Échec de connexion', SERVER);
    await firstAnswered;
    // The late answer (« Connexion » rows) arrived: it is dropped, every row is still the second filter's.
    await page.waitForTimeout(1_000);
    const actions = await rows.locator('td:nth-child(2)').allTextContents();
    expect(actions.length).toBeGreaterThan(0);
    expect(new Set(actions)).toEqual(new Set(['Échec de connexion']));
  } finally {
    await context.close();
  }
});
