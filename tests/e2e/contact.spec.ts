import { expect, test, type Page, type Route } from '@playwright/test';
import { directionsHref, offices } from '../../src/lib/site';
import { PHONE_REFUSED } from '../../src/lib/characters';
import {
  CONTACT_LABELS,
  CONTACT_MESSAGES,
  CONTACT_SELECT_LABELS,
  DEADLINE_OPTIONS,
  HONEYPOT_FIELD,
  SERVICE_OPTIONS,
} from '../../src/features/contact/fields';
import { fillContactForm } from '../helpers/contact-form';

const ENDPOINT = '**/api/contact-only-email';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const filled = {
  name: 'Marie Joseph',
  email: 'marie.joseph@exemple.fr',
  phone: '0696 12 34 56',
  company: 'Ti Panié',
  subject: 'Monétique',
  delai: '3 à 6 mois',
  message: 'Bonjour, nous souhaitons équiper nos deux magasins de terminaux de paiement sans contact.',
};

const submit = (page: Page) => page.getByRole('button', { name: 'Envoyer le message' });

/** Opens /contact and waits until the form island can send. */
async function openForm(page: Page) {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute('data-ready', 'true');
  return form;
}

const fillForm = (page: Page) => fillContactForm(page, filled);

test.describe('contact page', () => {
  test('shows every office (Martinique, Guadeloupe, Guyane) with phone, e-mail and directions links', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contactez-nous');
    const main = page.getByRole('main');
    for (const office of offices) {
      const card = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: office.region, level: 3 }) });
      await expect(card).toContainText(office.street);
      await expect(card).toContainText(`${office.postalCode} ${office.city}`);
      await expect(card.getByRole('link', { name: office.phone })).toHaveAttribute('href', `tel:${office.phoneE164}`);
      await expect(card.getByRole('link', { name: office.email })).toHaveAttribute('href', `mailto:${office.email}`);
      const directions = card.getByRole('link', { name: /^Itinéraire vers l’agence/ });
      await expect(directions).toHaveAttribute('href', directionsHref(office));
      await expect(directions).toHaveAttribute('target', '_blank');
      await expect(directions).toHaveAccessibleName(new RegExp(`${office.region} \\(nouvelle fenêtre\\)$`));
    }
  });

  test('the form has the seven required fields with their labels, types and placeholders', async ({ page }) => {
    await openForm(page);
    const fields = [
      [CONTACT_LABELS.name, 'text'],
      [CONTACT_LABELS.email, 'email'],
      [CONTACT_LABELS.phone, 'tel'],
      [CONTACT_LABELS.company, 'text'],
    ] as const;
    for (const [label, type] of fields) {
      const input = page.getByLabel(label, { exact: true });
      await expect(input).toHaveAttribute('type', type);
      await expect(input).toHaveAttribute('required', '');
      await expect(input).toHaveAttribute('placeholder', /\S/);
    }
    await expect(page.getByLabel(CONTACT_LABELS.message)).toHaveAttribute('required', '');
    for (const name of ['subject', 'delai'] as const) {
      await expect(page.getByLabel(CONTACT_SELECT_LABELS[name])).toHaveAttribute('required', '');
    }
  });

  test('the two selects start on their disabled placeholder and offer exactly the listed options', async ({ page }) => {
    await openForm(page);
    const service = page.getByLabel(CONTACT_SELECT_LABELS.subject);
    const deadline = page.getByLabel(CONTACT_SELECT_LABELS.delai);
    await expect(service.locator('option')).toHaveText([CONTACT_LABELS.subject, ...SERVICE_OPTIONS]);
    await expect(deadline.locator('option')).toHaveText([CONTACT_LABELS.delai, ...DEADLINE_OPTIONS]);
    for (const select of [service, deadline]) {
      await expect(select).toHaveValue('');
      await expect(select.locator('option').first()).toBeDisabled();
      await expect(select.locator('option:checked')).toHaveText(select === service ? CONTACT_LABELS.subject : CONTACT_LABELS.delai);
    }
  });

  test('the browser refuses an incomplete form or a bad e-mail, and nothing is sent', async ({ page }) => {
    let calls = 0;
    await page.route(ENDPOINT, (route) => {
      calls += 1;
      return route.fulfill({ status: 200, body: '{}' });
    });
    await openForm(page);
    await submit(page).click();
    await expect(page.getByLabel(CONTACT_LABELS.name)).toBeFocused();
    expect(await page.getByLabel(CONTACT_LABELS.name).evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    await fillForm(page);
    await page.getByLabel(CONTACT_LABELS.email).fill('marie.joseph');
    await submit(page).click();
    await expect(page.getByLabel(CONTACT_LABELS.email)).toBeFocused();
    expect(await page.getByLabel(CONTACT_LABELS.email).evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);

    await page.getByLabel(CONTACT_LABELS.email).fill(filled.email);
    await page.getByLabel(CONTACT_SELECT_LABELS.delai).evaluate((select: HTMLSelectElement) => (select.selectedIndex = 0));
    await submit(page).click();
    await expect(page.getByLabel(CONTACT_SELECT_LABELS.delai)).toBeFocused();
    expect(calls).toBe(0);
  });

  test('sends the seven fields, the empty honeypot and an idempotency key as JSON, shows the sending state, then the success and clears the form', async ({ page }) => {
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    const requests: { method: string; contentType: string | null; body: unknown }[] = [];
    await page.route(ENDPOINT, async (route: Route) => {
      const request = route.request();
      requests.push({ method: request.method(), contentType: await request.headerValue('content-type'), body: request.postDataJSON() });
      await held;
      await route.fulfill({ status: 201, contentType: 'application/json', body: '{"ok":true}' });
    });
    await openForm(page);
    await fillForm(page);
    await submit(page).click();

    const sending = page.getByRole('button', { name: CONTACT_MESSAGES.sending });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0]).toEqual({ method: 'POST', contentType: 'application/json', body: { ...filled, [HONEYPOT_FIELD]: '', idempotencyKey: expect.stringMatching(UUID) } });

    release();
    await expect(page.getByRole('status')).toHaveText(CONTACT_MESSAGES.success);
    await expect(submit(page)).toBeEnabled();
    for (const label of [CONTACT_LABELS.name, CONTACT_LABELS.email, CONTACT_LABELS.phone, CONTACT_LABELS.company, CONTACT_LABELS.message]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
    }
    await expect(page.getByLabel(CONTACT_SELECT_LABELS.subject)).toHaveValue('');
    await expect(page.getByLabel(CONTACT_SELECT_LABELS.delai)).toHaveValue('');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the success message gives the reference the server answered', async ({ page }) => {
    await page.route(ENDPOINT, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true,"id":"x","reference":"CT-2026-00117"}' }));
    await openForm(page);
    await fillForm(page);
    await submit(page).click();
    await expect(page.getByRole('status')).toContainText(CONTACT_MESSAGES.success);
    await expect(page.getByRole('status')).toContainText('Référence de votre demande : CT-2026-00117.');
  });

  test('a retry of the same text sends the same idempotency key; a changed text, then a new message after a success, get new ones', async ({ page }) => {
    const keys: string[] = [];
    let answer = 500;
    await page.route(ENDPOINT, async (route) => {
      keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
      await route.fulfill({ status: answer, contentType: 'application/json', body: answer === 200 ? '{"success":true,"reference":"CT-2026-00002"}' : '{"success":false}' });
    });
    await openForm(page);
    await fillForm(page);
    await submit(page).click();
    await expect(page.getByRole('alert')).toHaveText(CONTACT_MESSAGES.error);
    await submit(page).click();
    await expect.poll(() => keys.length).toBe(2);
    expect(keys[1]).toBe(keys[0]);

    await page.getByLabel(CONTACT_LABELS.message).fill(`${filled.message} Merci.`);
    answer = 200;
    await submit(page).click();
    await expect(page.getByRole('status')).toContainText('CT-2026-00002');
    expect(keys[2]).not.toBe(keys[0]);

    await fillForm(page);
    await submit(page).click();
    await expect.poll(() => keys.length).toBe(4);
    expect(new Set(keys.slice(1)).size).toBe(3);
  });

  test('any 2xx answer is a success, even without content', async ({ page }) => {
    await page.route(ENDPOINT, (route) => route.fulfill({ status: 204 }));
    await openForm(page);
    await fillForm(page);
    await submit(page).click();
    await expect(page.getByRole('status')).toHaveText(CONTACT_MESSAGES.success);
  });

  test('an error answer shows the error message and keeps what the visitor typed', async ({ page }) => {
    await page.route(ENDPOINT, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }));
    await openForm(page);
    await fillForm(page);
    await submit(page).click();
    await expect(page.getByRole('alert')).toHaveText(CONTACT_MESSAGES.error);
    await expect(page.getByLabel(CONTACT_LABELS.message)).toHaveValue(filled.message);
    await expect(page.getByLabel(CONTACT_SELECT_LABELS.subject)).toHaveValue(filled.subject);
    await expect(page.getByRole('status')).toHaveText('');
    await expect(submit(page)).toBeEnabled();
  });

  test('a network failure shows the error message too', async ({ page }) => {
    await page.route(ENDPOINT, (route) => route.abort('failed'));
    await openForm(page);
    await fillForm(page);
    await submit(page).click();
    await expect(page.getByRole('alert')).toHaveText(CONTACT_MESSAGES.error);
  });

  test('the honeypot is invisible, out of the tab order and never autofilled', async ({ page }) => {
    await openForm(page);
    const trap = page.locator(`input[name="${HONEYPOT_FIELD}"]`);
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap).toHaveAttribute('autocomplete', 'off');
    // Its wrapper is clipped to 1 px and hidden from assistive technologies.
    const wrapper = trap.locator('xpath=..');
    await expect(wrapper).toHaveAttribute('aria-hidden', 'true');
    expect(await wrapper.evaluate((element) => element.getBoundingClientRect().width <= 1)).toBe(true);
    await page.getByLabel(CONTACT_LABELS.message).focus();
    await page.keyboard.press('Tab');
    await expect(submit(page)).toBeFocused();
  });
});

test.describe('before the form is ready', () => {
  test('the send button looks enabled from the first paint; a send before the script is ready is the browser\'s own post, answered with the contact page, nothing typed in the address', async ({ page }) => {
    // The form's script is held back, as on a slow phone network (or never comes: a connection cut).
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    await page.route('**/_astro/contact.astro_astro_type_script*.js', async (route) => {
      await held;
      await route.continue();
    });
    const posted: (string | null)[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/contact-only-email')) posted.push(request.headers()['content-type'] ?? null);
    });
    // Module scripts hold DOMContentLoaded: the page is used as soon as its form is there.
    await page.goto('/contact', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Formulaire de contact' });
    await form.scrollIntoViewIfNeeded();
    await expect(submit(page)).toBeEnabled();
    // Not the greyed-out look of a disabled button.
    expect(await submit(page).evaluate((button) => getComputedStyle(button).opacity)).toBe('1');
    await expect(form).not.toHaveAttribute('data-ready', 'true');
    await fillForm(page);
    await page.getByLabel(CONTACT_LABELS.name).fill(`Avant le script ${Date.now()}`);
    await submit(page).click();
    await expect(page.getByRole('status')).toContainText(CONTACT_MESSAGES.success);
    expect(posted).toEqual(['application/x-www-form-urlencoded']);
    expect(new URL(page.url()).search).toBe('');
    release();
  });
});

test('the phone is a phone: free words are refused by the browser in French before anything is sent', async ({ page }) => {
  let calls = 0;
  await page.route(ENDPOINT, (route) => {
    calls += 1;
    return route.fulfill({ status: 201, contentType: 'application/json', body: '{"ok":true}' });
  });
  await openForm(page);
  await fillForm(page);
  const phone = page.getByLabel(CONTACT_LABELS.phone, { exact: true });
  await phone.fill('rappelez-moi demain');
  await submit(page).click();
  await expect(phone).toBeFocused();
  expect(await phone.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(PHONE_REFUSED);
  await phone.fill('0696 12 34 56');
  await submit(page).click();
  await expect(page.getByRole('status')).toHaveText(CONTACT_MESSAGES.success);
  expect(calls).toBe(1);
});

test.describe('contact page on a phone @mobile', () => {
  test('the form sends from a phone', async ({ page }) => {
    await page.route(ENDPOINT, (route) => route.fulfill({ status: 200, body: '' }));
    await openForm(page);
    await fillForm(page);
    await submit(page).tap();
    await expect(page.getByRole('status')).toHaveText(CONTACT_MESSAGES.success);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

test.describe('the contact form\'s answer on a 390 px phone @mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the success message the server answers is brought into view and takes the focus', async ({ page }) => {
    await openForm(page);
    await fillForm(page);
    await submit(page).tap();
    const message = page.getByRole('status').getByText(CONTACT_MESSAGES.success);
    await expect(message).toBeVisible({ timeout: 60_000 });
    await expect(message).toBeInViewport();
    await expect(message).toBeFocused();
  });

  test('the error message is brought into view and takes the focus', async ({ page }) => {
    await page.route(ENDPOINT, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }));
    await openForm(page);
    await fillForm(page);
    await submit(page).tap();
    const message = page.getByRole('alert');
    await expect(message).toHaveText(CONTACT_MESSAGES.error);
    await expect(message).toBeInViewport();
    await expect(message).toBeFocused();
  });
});
