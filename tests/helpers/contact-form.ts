/** The contact form filled as a visitor does, by its labels. */
import type { Page } from '@playwright/test';
import { CONTACT_LABELS, CONTACT_SELECT_LABELS, type ContactPayload } from '../../src/features/contact/fields';

/** Types the seven fields of the contact form on `page`. */
export async function fillContactForm(page: Page, values: ContactPayload): Promise<void> {
  await page.getByLabel(CONTACT_LABELS.name).fill(values.name);
  await page.getByLabel(CONTACT_LABELS.email).fill(values.email);
  await page.getByLabel(CONTACT_LABELS.phone).fill(values.phone);
  await page.getByLabel(CONTACT_LABELS.company).fill(values.company);
  await page.getByLabel(CONTACT_SELECT_LABELS.subject).selectOption(values.subject);
  await page.getByLabel(CONTACT_SELECT_LABELS.delai).selectOption(values.delai);
  await page.getByLabel(CONTACT_LABELS.message).fill(values.message);
}
