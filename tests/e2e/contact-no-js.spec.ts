/**
 * The contact form with JavaScript off (an old browser, a blocked script, a connection cut while the page
 * loaded): the browser posts the form itself, the function answers with the contact page, and the
 * administrator's inbox has the request once, however many times the same form is sent again.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CONTACT_LABELS, CONTACT_MESSAGES, CONTACT_SELECT_LABELS } from '../../src/features/contact/fields';
import { INVALID_FORM_MESSAGE } from '../../src/features/contact/schema';
import { PHONE_REFUSED } from '../../src/lib/characters';
import { apiPaths } from '../../src/lib/paths';
import { ownerToken } from '../helpers/e2e-staff';
import { fillContactForm } from '../helpers/contact-form';

test.use({ javaScriptEnabled: false });

const typed = (name: string) => ({
  name,
  email: 'sans.script@exemple.fr',
  phone: '0596 12 34 56',
  company: 'Quincaillerie du Lamentin',
  subject: 'Monétique',
  delai: '1 à 3 mois',
  message: 'Bonjour,\nnotre terminal de paiement ne s’allume plus : pouvez-vous nous rappeler ?',
});


const send = (page: Page) => page.getByRole('button', { name: 'Envoyer le message' }).click();

/** The requests of the inbox sent under `name`, through the real API. */
async function stored(request: APIRequestContext, name: string) {
  const token = await ownerToken(request);
  const list = await request.get(apiPaths.contactList, { headers: { Authorization: `Bearer ${token}` } });
  return ((await list.json()).data as Array<{ name: string; reference: string; message: string }>).filter((entry) => entry.name === name);
}

const referenceOn = async (page: Page) => (await page.getByRole('status').textContent())?.match(/CT-\d{4}-\d{5}/)?.[0];

test('without JavaScript the form is sent, answered on the contact page with its reference, and stored once however often it is sent again', async ({ page, request }) => {
  const values = typed(`Sans JavaScript ${Date.now()}`);
  await page.goto('/contact');
  await fillContactForm(page, values);
  await send(page);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contactez-nous');
  const message = page.getByRole('status').getByText(CONTACT_MESSAGES.success);
  await expect(message).toBeVisible();
  await expect(message).toBeFocused();
  const reference = await referenceOn(page);
  expect(reference).toMatch(/^CT-\d{4}-\d{5}$/);
  // Nothing typed went into the address.
  expect(new URL(page.url()).search).toBe('');
  // The form is empty again, for another message.
  await expect(page.getByLabel(CONTACT_LABELS.name)).toHaveValue('');
  const once = await stored(request, values.name);
  expect(once).toEqual([expect.objectContaining({ reference, message: values.message })]);

  // The back button, then the same form sent again: the same request, the same reference.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contactez-nous');
  await fillContactForm(page, values);
  await send(page);
  await expect(page.getByRole('status')).toContainText(CONTACT_MESSAGES.success);
  expect(await referenceOn(page)).toBe(reference);

  // The answer page reloaded: the browser posts the form once more.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole('status')).toContainText(CONTACT_MESSAGES.success);
  expect(await referenceOn(page)).toBe(reference);

  expect(await stored(request, values.name)).toHaveLength(1);
});

test('without JavaScript a field the server refuses is answered on the page in French, with what was typed kept, and nothing is stored', async ({ page, request }) => {
  // The browser lets any text into a phone field; the server's rule refuses one that is not a phone number.
  const values = { ...typed(`Sans JavaScript refusé ${Date.now()}`), phone: 'rappelez-moi demain' };
  await page.goto('/contact');
  await fillContactForm(page, values);
  await send(page);

  await expect(page.getByRole('alert')).toHaveText(INVALID_FORM_MESSAGE);
  const phone = page.getByLabel(CONTACT_LABELS.phone);
  await expect(phone).toHaveAccessibleDescription(PHONE_REFUSED);
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveValue(values.phone);
  await expect(page.getByLabel(CONTACT_LABELS.name)).toHaveValue(values.name);
  await expect(page.getByLabel(CONTACT_LABELS.message)).toHaveValue(values.message);
  await expect(page.getByLabel(CONTACT_SELECT_LABELS.subject)).toHaveValue(values.subject);
  await expect(page.getByLabel(CONTACT_SELECT_LABELS.delai)).toHaveValue(values.delai);
  expect(await stored(request, values.name)).toEqual([]);

  // Corrected on the same page, it is sent.
  await phone.fill('0696 12 34 56');
  await send(page);
  await expect(page.getByRole('status')).toContainText(CONTACT_MESSAGES.success);
  expect(await stored(request, values.name)).toHaveLength(1);
});

test('a form posted from another site’s page is refused in French and stores nothing', async ({ request }) => {
  const values = typed(`Autre site ${Date.now()}`);
  const response = await request.post(apiPaths.contactForm, { form: values, headers: { Origin: 'https://autre-site.example' } });
  expect(response.status()).toBe(403);
  expect(response.headers()['content-type']).toMatch(/^text\/html/);
  expect(await response.text()).toContain('Cette action doit être faite depuis le site de Vision Caraïbes.');
  expect(await stored(request, values.name)).toEqual([]);
});
