import { expect, test } from '@playwright/test';
import { apiPaths } from '../../src/lib/paths';
import { lastLinkTo, mailsTo } from '../helpers/local-outbox';

test('the e-mails of the e2e server stay in its local outbox, where a test reads them by recipient', async ({ request }) => {
  // A function's first call under the emulation builds it (docs/operations/local-server.md): seconds on a busy machine.
  test.setTimeout(120_000);
  const email = `outbox-${Date.now()}-${Math.floor(Math.random() * 100_000)}@exemple.fr`;
  expect(await mailsTo(email)).toEqual([]);
  const response = await request.post(apiPaths.contactForm, {
    data: { name: 'Lecture de la boîte locale', email, phone: '0596 12 34 56', company: 'Quincaillerie du Marin', subject: 'Mobilité', delai: '3 à 6 mois', message: 'Un essai de la boîte d’envoi locale.', website: '' },
  });
  expect(response.status()).toBe(200);
  const { reference } = (await response.json()) as { reference: string };
  // The visitor's acknowledgement, carrying the reference in its subject and its text.
  await expect.poll(async () => (await mailsTo(email.toUpperCase())).map((mail) => mail.subject)).toEqual([expect.stringContaining(reference)]);
  expect(await lastLinkTo(email, new RegExp(reference))).toBe(reference);
  await expect(lastLinkTo(email, new RegExp(reference), { after: reference, timeoutMs: 500 })).rejects.toThrow('No e-mail to');
});
