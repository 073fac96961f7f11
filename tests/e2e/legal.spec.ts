/**
 * The legal pages (LCEN, RGPD): reachable from every footer, with what the law asks them to say, and the
 * data-protection notice under every form's send button.
 */
import { expect, test } from '../helpers/hydrated';

const footersToCheck = ['/', '/notre-vision', '/contact', '/actualites', '/commerce', '/commerce/panier'];

test.describe('legal pages', () => {
  for (const path of footersToCheck) {
    test(`the footer of ${path} links to the legal notice and the privacy policy`, async ({ page }) => {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: 'Mentions légales' }).click();
      await expect(page).toHaveURL(/\/mentions-legales$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
      await page.goBack();
      await page.getByRole('contentinfo').getByRole('link', { name: 'Politique de confidentialité' }).click();
      await expect(page).toHaveURL(/\/confidentialite$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
    });
  }

  test('the admin login page links to the privacy policy', async ({ page }) => {
    await page.goto('/admin/contact');
    await expect(page.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute('href', '/confidentialite');
  });

  test('the legal notice names the publisher, its registration, the director and the host', async ({ page }) => {
    await page.goto('/mentions-legales');
    const main = page.getByRole('main');
    for (const heading of ['Éditeur du site', 'Directeur de la publication', 'Hébergeur']) {
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(main).toContainText('Capital social');
    await expect(main).toContainText('RCS');
    await expect(main).toContainText('TVA intracommunautaire');
    await expect(main).toContainText('Netlify, Inc.');
  });

  test('the privacy policy gives purposes, bases, processors, retention, rights and the CNIL', async ({ page }) => {
    await page.goto('/confidentialite');
    const main = page.getByRole('main');
    await expect(main).toContainText('mesures précontractuelles');
    await expect(main).toContainText('intérêt légitime');
    await expect(main).toContainText('Postmark');
    await expect(main).toContainText('3 ans après sa dernière modification');
    await expect(main).toContainText('portabilité');
    await expect(main).toContainText('CNIL');
    await expect(main).toContainText('visionstore-territoire');
    // The customers' space, the tickets and the staff's journal (bases, retention, the session cookie).
    await expect(main).toContainText('exécution du contrat');
    await expect(main).toContainText('5 ans après sa fin');
    await expect(main).toContainText('3 ans sans connexion');
    await expect(main).toContainText('15 minutes, et un seul usage');
    await expect(main).toContainText('30 jours, ou jusqu’à la déconnexion');
    await expect(main).toContainText('365 jours, puis supprimé automatiquement');
    await expect(main).toContainText('l’e-mail qui le porte est effacé une fois le lien expiré');
    await expect(main).toContainText('vc_espace_client');
    await expect(main).toContainText('strictement nécessaires');
    // The table of contents leads to each section.
    await main.getByRole('link', { name: 'Vos droits' }).click();
    await expect(page).toHaveURL(/#droits$/);
  });
});

test.describe('form notices', () => {
  test('the contact form says what the data is for and links to the policy', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Envoyer le message' }) });
    await expect(form).toContainText('Vos informations servent uniquement à répondre à votre demande.');
    await expect(form.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute('href', '/confidentialite');
  });
});
