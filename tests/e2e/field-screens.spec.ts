/**
 * The field screens' words, in a browser against the production build:
 * - « Mon compte »: « Notifications sur cet appareil » is a card like the page's others; when the browser's
 *   push service cannot be reached (the headless browser has none), « Activer les notifications sur cet
 *   appareil » says so in French within seconds and can be tried again;
 * - « Astreinte »: a territory's invited technicians are named as not yet choosable, greyed in each week's
 *   choice, with the reason.
 */
import { ROTA_PAGE } from '../../src/features/field/on-call';
import { teamApi } from '../../src/features/team/team-paths';
import { paths } from '../../src/lib/paths';
import { ownerToken, signInStaff } from '../helpers/e2e-staff';
import { SERVER } from '../helpers/field-phone';
import { expect, test } from '../helpers/hydrated';

test('« Notifications sur cet appareil »: a card; without a reachable push service, a French message within seconds', async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await signInStaff(context, await ownerToken(request));
  await page.goto(paths.adminAccount);
  const card = page.getByRole('region', { name: 'Notifications sur cet appareil' });
  await expect(card.getByRole('heading', { level: 2, name: 'Notifications sur cet appareil' })).toBeVisible(SERVER);
  // The same card as « Mon compte »'s others, its heading their size.
  const profile = page.getByRole('region', { name: 'Profil' });
  await expect(profile).toBeVisible(SERVER);
  expect(await card.evaluate((element) => element.className)).toBe(await profile.evaluate((element) => element.className));
  const size = (heading: string) => page.getByRole('heading', { level: 2, name: heading }).evaluate((element) => getComputedStyle(element).fontSize);
  expect(await size('Notifications sur cet appareil')).toBe(await size('Profil'));

  const turnOn = card.getByRole('button', { name: 'Activer les notifications sur cet appareil' });
  const started = Date.now();
  await turnOn.click();
  await expect(card.getByRole('alert')).toHaveText(/^Le service de notifications du navigateur ne répond pas\u00a0: vérifiez la connexion de l’appareil, puis réessayez dans un instant\.$/, { timeout: 20_000 });
  // Within seconds (PUSH_WAIT_MS at most, plus the page's own calls), not the minute and more the field met.
  expect(Date.now() - started).toBeLessThan(15_000);
  await expect(turnOn).toBeEnabled();
  await card.screenshot({ path: test.info().outputPath('notifications.png') });
});

test('« Astreinte » names the territory’s invited technicians as not yet choosable', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const owner = await ownerToken(request);
  const name = `Invitée Guyane ${Date.now().toString(36)}`;
  const invited = await request.post(teamApi.team, { headers: { authorization: `Bearer ${owner}` }, data: { name, email: `invitee-${Date.now().toString(36)}@exemple.fr`, role: 'technicien', territories: ['guyane'] } });
  expect(invited.ok()).toBe(true);
  await signInStaff(context, owner);
  await page.goto(ROTA_PAGE);
  await page.getByRole('group', { name: 'Territoire' }).getByRole('button', { name: 'Guyane' }).click();
  await expect(page.getByRole('table')).toBeVisible(SERVER);
  // Said once above the weeks, whoever else the territory has: the invited person is not choosable yet.
  await expect(page.getByText(new RegExp(`(n’ont pas encore activé leur compte|Pas encore choisissables \\(compte pas encore activé\\)).*${name}`))).toBeVisible();
  const option = page.getByRole('combobox').first().getByRole('option', { name: `${name} — compte pas encore activé` });
  await expect(option).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('astreinte.png'), fullPage: true });
});
