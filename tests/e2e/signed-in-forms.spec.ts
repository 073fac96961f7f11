/**
 * The public forms of a customer signed in to the space, in the browser: with the session's hint cookie the
 * page asks /api/espace-client/moi once and fills the form from the account (still editable), saying the
 * request will be attached; without the hint it never asks; a hint left by an ended session is removed.
 * The answer of /moi is played in the first tests; the last one signs a customer in for real, sends a quote
 * and finds it under « Mes demandes » (the server attaches it from the session cookie alone:
 * tests/unit/signed-in-requests.test.ts).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../helpers/hydrated';
import { CUSTOMER_PRESENT_COOKIE } from '../../src/lib/constants';
import { apiPaths, paths, spacePaths } from '../../src/lib/paths';
import { spaceApi } from '../../src/features/space/space-paths';
import { seedCustomer, signInCustomer } from '../helpers/space-customer';
import { lineOf, openCartWith } from '../helpers/cart';

const me = {
  person: { id: 'p1', name: 'Léa Client', email: 'lea@client.example', phone: '0590 11 22 33' },
  company: { id: 'c1', name: 'Société Client', clientCode: 'C-0042', territory: 'guadeloupe' },
};

async function withHint(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: CUSTOMER_PRESENT_COOKIE, value: '1', url: baseURL! }]);
}

/** Answers /moi with `status` and counts the calls. */
async function playMe(page: Page, status: 200 | 401): Promise<{ calls: number }> {
  const seen = { calls: 0 };
  await page.route(`**${spaceApi.me}`, async (route) => {
    seen.calls += 1;
    await route.fulfill(status === 200 ? { json: { success: true, data: me } } : { status: 401, json: { success: false, error: 'Connectez-vous.' } });
  });
  return seen;
}

const line = /Connecté en tant que Léa Client \(Société Client\) — la demande sera rattachée à votre espace client\./;

test('signed in, the contact form is filled from the account, still editable, and says the request will be attached', async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await withHint(context, baseURL);
  const seen = await playMe(page, 200);
  await page.goto(paths.contact);
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  // The form's island wakes when it comes into view.
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByText(line)).toBeVisible();
  await expect(form.getByLabel('Nom *')).toHaveValue('Léa Client');
  await expect(form.getByLabel('E-mail *')).toHaveValue('lea@client.example');
  await expect(form.getByLabel('Téléphone *')).toHaveValue('0590 11 22 33');
  await expect(form.getByLabel('Entreprise *')).toHaveValue('Société Client');
  await form.getByLabel('Téléphone *').fill('0696 00 00 00');
  await expect(form.getByLabel('Téléphone *')).toHaveValue('0696 00 00 00');
  expect(seen.calls).toBe(1);
});

test('signed in, the quote dialog is filled, client code included', async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await withHint(context, baseURL);
  await playMe(page, 200);
  await openCartWith(page, [lineOf('zebra-zd230t', 1)]);
  await page.getByRole('button', { name: 'Demander un devis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Demander un devis' });
  await expect(dialog.getByText(line)).toBeVisible();
  await expect(dialog.getByLabel('Nom *', { exact: true })).toHaveValue('Léa Client');
  await expect(dialog.getByLabel('Entreprise *', { exact: true })).toHaveValue('Société Client');
  await expect(dialog.getByLabel('Code client (facultatif)', { exact: true })).toHaveValue('C-0042');
});

test('without the hint no call is made and the forms stay empty; a hint of an ended session is removed', async ({ page, context, baseURL }) => {
  let seen = await playMe(page, 200);
  await page.goto(paths.contact);
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  await form.scrollIntoViewIfNeeded();
  // Awake (the island marks the form ready once hydrated), and still empty: nothing was asked.
  await expect(form).toHaveAttribute('data-ready', 'true');
  await expect(form.getByLabel('Nom *')).toHaveValue('');
  await expect(form.getByText(line)).toHaveCount(0);
  expect(seen.calls).toBe(0);

  await page.unrouteAll();
  await withHint(context, baseURL);
  seen = await playMe(page, 401);
  await page.goto(paths.contact);
  await form.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === CUSTOMER_PRESENT_COOKIE)).toBe(false);
  expect(seen.calls).toBe(1);
  await expect(form.getByLabel('Nom *')).toHaveValue('');
});

test('@mobile signed in for real, the quote dialog is filled from the account and the request appears under « Mes demandes »', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = await seedCustomer('Léa Panier');
  await signInCustomer(page, customer);

  await openCartWith(page, [lineOf('zebra-zd230t', 1)]);
  await page.getByRole('button', { name: 'Demander un devis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Demander un devis' });
  await expect(dialog.getByText(/Connecté en tant que Léa Panier/)).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByLabel('Nom *', { exact: true })).toHaveValue('Léa Panier');
  await expect(dialog.getByLabel('E-mail *', { exact: true })).toHaveValue(customer.person.email);
  await expect(dialog.getByLabel('Code client (facultatif)', { exact: true })).toHaveValue(customer.company.clientCode);
  const answered = page.waitForResponse((response) => response.url().endsWith(apiPaths.quote) && response.request().method() === 'POST', { timeout: 120_000 });
  await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
  const { reference } = (await (await answered).json()) as { reference: string };
  expect(reference).toMatch(/^DV-\d{4}-\d{5}$/);

  // Attached to the company by the session, not by the address typed: it is listed in the space.
  await page.goto(spacePaths.requests);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(reference) })).toBeVisible({ timeout: 60_000 });
});
