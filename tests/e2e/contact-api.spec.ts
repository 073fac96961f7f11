import { expect, test } from '@playwright/test';
import { CONTACT_LABELS, CONTACT_MESSAGES, CONTACT_SELECT_LABELS } from '../../src/features/contact/fields';
import { apiPaths } from '../../src/lib/paths';
import { ownerToken } from '../helpers/e2e-staff';

const payload = (name: string) => ({
  name,
  email: 'visiteur@exemple.fr',
  phone: '0596 12 34 56',
  company: 'Quincaillerie du Marin',
  subject: 'Mobilité',
  delai: '3 à 6 mois',
  message: 'Nous cherchons des terminaux mobiles pour notre inventaire.',
  website: '',
});

/** The requests the administrator sees, through the real API. */
async function adminList(request: import('@playwright/test').APIRequestContext) {
  const token = await ownerToken(request);
  const list = await request.get(apiPaths.contactList, { headers: { Authorization: `Bearer ${token}` } });
  return (await list.json()).data as Array<{ id: string; name: string; statut: string; reference: string }>;
}

test.describe('the contact API on the real server', () => {
  test('a visitor’s request is stored and answered { success: true, id, reference }, never cached', async ({ request }) => {
    const name = `Visiteur API ${Date.now()}`;
    const response = await request.post(apiPaths.contactForm, { data: payload(name) });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    const body = await response.json();
    expect(body).toEqual({ success: true, id: expect.any(String), reference: expect.any(String) });
    const stored = (await adminList(request)).find((r) => r.id === body.id);
    expect(stored).toMatchObject({ name, statut: 'nouveau' });
  });

  test('a bad request gets 400 with a French message per field and stores nothing', async ({ request }) => {
    const name = `Invalide ${Date.now()}`;
    const response = await request.post(apiPaths.contactForm, { data: { ...payload(name), email: 'pas-une-adresse', delai: '' } });
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(body.success).toBe(false);
    expect(body.fields).toEqual({ email: 'Veuillez saisir une adresse e-mail valide.', delai: 'Veuillez renseigner l’échéance.' });
    expect((await adminList(request)).some((r) => r.name === name)).toBe(false);
  });

  test('a 2 MB body gets 413 with a French message', async ({ request }) => {
    const response = await request.post(apiPaths.contactForm, {
      headers: { 'content-type': 'application/json' },
      data: JSON.stringify(payload('x'.repeat(2 * 1024 * 1024))),
    });
    expect(response.status()).toBe(413);
    expect((await response.json()).error).toBe('La requête est trop volumineuse.');
  });

  test('the admin endpoints refuse a call without a token', async ({ request }) => {
    const response = await request.get(apiPaths.contactList);
    expect(response.status()).toBe(401);
    expect((await response.json()).success).toBe(false);
  });
});

test.describe('the contact form on /contact', () => {
  test('a visitor sends the contact form and the administrator’s list has it', async ({ page, request }) => {
    const name = `Visiteur formulaire ${Date.now()}`;
    await page.goto('/contact');
    await page.getByLabel(CONTACT_LABELS.name).fill(name);
    await page.getByLabel(CONTACT_LABELS.email).fill('visiteur@exemple.fr');
    await page.getByLabel(CONTACT_LABELS.phone).fill('0596 12 34 56');
    await page.getByLabel(CONTACT_LABELS.company).fill('Quincaillerie du Marin');
    await page.getByRole('combobox', { name: CONTACT_SELECT_LABELS.subject }).selectOption('Mobilité');
    await page.getByRole('combobox', { name: CONTACT_SELECT_LABELS.delai }).selectOption('3 à 6 mois');
    await page.getByLabel(CONTACT_LABELS.message).fill('Nous cherchons des terminaux mobiles pour notre inventaire.');
    await page.getByRole('button', { name: /Envoyer/ }).click();
    await expect(page.getByText(CONTACT_MESSAGES.success)).toBeVisible();
    // The reference the visitor reads is the one the administrator sees.
    const reference = (await page.getByRole('status').textContent())?.match(/CT-\d{4}-\d{5}/)?.[0];
    expect(reference).toBeTruthy();
    const stored = (await adminList(request)).find((r) => r.name === name);
    expect(stored?.reference).toBe(reference);
  });
});
