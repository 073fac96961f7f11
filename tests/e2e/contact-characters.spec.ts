import { expect, test } from '@playwright/test';
import { CONTACT_LABELS, CONTACT_SELECT_LABELS, fieldCharacterError } from '../../src/features/contact/fields';

test('the contact form refuses a right-to-left override in the name and a zero-width space in the company with the API’s French sentence, and sends nothing; a tab in the message goes', async ({ page }) => {
  let calls = 0;
  await page.route('**/api/contact-only-email', (route) => {
    calls += 1;
    return route.fulfill({ status: 200, body: '{}' });
  });
  await page.goto('/contact');
  // The button looks enabled from the first paint: the form's own mark says when its island checks the fields.
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute('data-ready', 'true');
  const send = page.getByRole('button', { name: 'Envoyer le message' });
  const name = page.getByLabel(CONTACT_LABELS.name);
  await name.fill('Jean \u202eesruoP');
  await page.getByLabel(CONTACT_LABELS.email).fill('jean@exemple.fr');
  await page.getByLabel(CONTACT_LABELS.phone).fill('0596 12 34 56');
  await page.getByLabel(CONTACT_LABELS.company).fill('Supérette du Bourg');
  await page.getByLabel(CONTACT_SELECT_LABELS.subject).selectOption('Autre');
  await page.getByLabel(CONTACT_SELECT_LABELS.delai).selectOption('1 à 3 mois');
  // The message keeps its line breaks.
  await page.getByLabel(CONTACT_LABELS.message).fill('Bonjour,\nune question.');
  await send.click();
  await expect(name).toBeFocused();
  expect(await name.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(fieldCharacterError('name', 'Jean \u202eesruoP'));
  expect(calls).toBe(0);

  await name.fill('Jean Pourse');
  // An invisible zero-width space: the same rule as the server's, in the browser.
  const company = page.getByLabel(CONTACT_LABELS.company);
  await company.fill('Supérette\u200b du Bourg');
  await send.click();
  await expect(company).toBeFocused();
  expect(await company.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(fieldCharacterError('company', 'Supérette\u200b du Bourg'));
  expect(calls).toBe(0);

  await company.fill('Supérette du Bourg');
  // A tab pasted in the message (serial numbers from a spreadsheet) is no fault: the server turns it into a space.
  const message = page.getByLabel(CONTACT_LABELS.message);
  await message.fill('Bonjour,\nSN-0001\tSN-0002');
  expect(await message.evaluate((area: HTMLTextAreaElement) => area.validationMessage)).toBe('');
  await send.click();
  await expect.poll(() => calls).toBe(1);
});
