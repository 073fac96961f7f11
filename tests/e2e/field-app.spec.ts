/**
 * The technicians' app on a phone (Chromium, phone profile), against the production build:
 * - only the ticket screens have a service worker (scope /admin/tickets): a visitor of the public pages
 *   registers none;
 * - online first visit, then no network: the list and a ticket open from the phone's copy with « Hors ligne
 *   — données du … », the equipment’s PDF document from the bytes kept on the phone; a reply with three photos and
 *   « Résoudre » with a signature written offline show « En attente d'envoi » and are still there after a
 *   reload offline; back online they are sent once each (the server's thread and report checked), through
 *   Background Sync (its tag held while offline, its message to the screen, then gone);
 * - a reply queued for a ticket closed meanwhile shows the server's French refusal and keeps its text; a
 *   « Résoudre » queued for a ticket given to a colleague meanwhile is refused naming them, its text and
 *   signature kept to copy or send again.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Browser, Page } from '@playwright/test';
import { FIELD_DB, FIELD_SERVICE_WORKER, FIELD_SYNC_TAG } from '../../src/features/tickets/offline/field-model';
import { ticketPages } from '../../src/features/tickets/ticket-paths';
import { changeTicket, getTicket } from '../../netlify/lib/tickets/tickets';
import { saveCompany } from '../../netlify/lib/customers/companies';
import { seedCustomer } from '../helpers/e2e-customer';
import { expect, test } from '../helpers/hydrated';
import { declare, SERVER, sign, staffPhone, waitForCopy, waitForKept } from '../helpers/field-phone';
import { chromiumLaunchOptions } from '../../scripts/ensure-chromium.mjs';

// The whole Chromium, not the headless shell of the other browser tests: the equipment's PDF opens in the
// browser's own viewer, which the shell lacks (it downloads the file instead).
test.use({ launchOptions: chromiumLaunchOptions });

/** A catalogue model with a document (content/catalogue/products/zebra-tc22.json). */
const TC22 = { slug: 'zebra-tc22', document: '/documents/produits/mise-en-service-tc22.pdf' } as const;

/** The Background Sync tags the browser holds for the app. */
const syncTags = (page: Page): Promise<string[]> =>
  page.evaluate(async () => (await navigator.serviceWorker.ready as ServiceWorkerRegistration & { sync: { getTags: () => Promise<string[]> } }).sync.getTags());

/** A file's bytes as the phone's database keeps them. */
async function keptBytes(page: Page, url: string): Promise<number[]> {
  return page.evaluate(
    async ({ name, store, key }) =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const read = open.result.transaction(store).objectStore(store).get(key);
          read.onsuccess = () => void (read.result.blob as Blob).arrayBuffer().then((bytes) => resolve([...new Uint8Array(bytes)]));
          read.onerror = () => reject(read.error);
        };
        open.onerror = () => reject(open.error);
      }),
    { name: FIELD_DB.name, store: FIELD_DB.stores.files, key: url },
  );
}

test('@mobile the public pages register no service worker; the ticket screens’ worker controls /admin/tickets only', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const visitor = await (browser as Browser).newContext({ baseURL });
  const page = await visitor.newPage();
  for (const path of ['/', '/contact', '/admin/contenu']) {
    await page.goto(path);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), path).toBe(0);
    expect(await page.locator('link[rel="manifest"]').count(), path).toBe(0);
  }
  await visitor.close();
});

test('@mobile offline: the list and a ticket open from the phone, a reply and « Résoudre » wait, then are sent once', async ({ page }) => {
  test.setTimeout(300_000);
  // The phone of the screenshots: 390 px wide.
  await page.setViewportSize({ width: 390, height: 844 });
  const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 100_000)}`;
  const company = await seedCustomer(`Boulangerie du Lamentin ${stamp}`, 'martinique');
  const ticket = await declare(company, 'Le terminal de paiement ne répond plus.');
  const closing = await declare(company, 'L’imprimante de tickets bourre.');
  const handedOver = await declare(company, 'Le tiroir-caisse ne s’ouvre plus.');
  // The first ticket's equipment is a catalogue model with a PDF document (its setup guide).
  await saveCompany(company.id, (current) => current && { ...current, equipment: current.equipment.map((piece) => ({ ...piece, productSlug: TC22.slug, model: 'Zebra TC22' })) });
  await staffPhone(page);

  // Online first visit: the list, the app installable (manifest), the worker scoped to the ticket screens.
  await page.goto(ticketPages.list);
  await expect(page.getByRole('link', { name: ticket.reference })).toBeVisible(SERVER);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/app/interventions.webmanifest');
  await waitForCopy(page, ticket.id);
  await waitForCopy(page, closing.id);
  await waitForCopy(page, handedOver.id);
  await waitForKept(page, FIELD_DB.stores.files, TC22.document);
  await shot('en-ligne-liste');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(scope).toMatch(new RegExp(`${FIELD_SERVICE_WORKER.scope}$`));

  // No network: the list and a ticket open from the phone.
  await page.context().setOffline(true);
  await page.reload();
  // The owner's phone keeps tickets of every territory (other tests' Guyane ones too): on two clocks, the
  // band is in the head office's time with its zone named; on one, that territory's time.
  await expect(page.getByText(/^Hors ligne — données du \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}( \(heure de la Martinique\))?$/)).toBeVisible();
  await shot('hors-ligne-liste');
  await page.getByRole('link', { name: new RegExp(ticket.reference) }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(ticket.reference) })).toBeVisible();
  // A Martinique ticket: its band in Martinique's time, unnamed.
  await expect(page.getByText(/^Hors ligne — données du \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByText('Le terminal de paiement ne répond plus.')).toBeVisible();

  // The equipment's document opens offline, from the bytes kept on the phone: the very file of the site.
  const guide = page.getByRole('link', { name: 'Guide de mise en service (PDF, gardé sur cet appareil)' });
  const [viewer] = await Promise.all([page.waitForEvent('popup'), guide.click()]);
  expect(viewer.url()).toMatch(/^blob:/);
  await viewer.waitForLoadState();
  expect(await viewer.evaluate(() => document.contentType)).toBe('application/pdf');
  expect(Buffer.from(await keptBytes(page, TC22.document)).equals(await readFile(`public${TC22.document}`))).toBe(true);
  await viewer.close();

  // A reply and « Résoudre » with a signature, written offline, wait on the phone.
  await page.getByRole('radio', { name: 'Réponse au client' }).check();
  await page.getByLabel(/^Réponse au client \(envoyée/).fill('Terminal remplacé sur place, il fonctionne.');
  // Three photos of the work, taken offline (phone-sized: 4000 × 3000, resized on the phone before they wait).
  const photos = await Promise.all(
    ['#1d4ed8', '#15803d', '#b91c1c'].map(async (background, index) => ({
      name: `intervention-${index + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 4000, height: 3000, channels: 3, background } }).jpeg({ quality: 80 }).toBuffer(),
    })),
  );
  await page.getByLabel('Photos (5 au plus, JPEG, PNG ou WebP)').setInputFiles(photos);
  await page.getByRole('button', { name: 'Envoyer la réponse' }).click();
  const queue = page.getByRole('region', { name: 'Actions écrites sur cet appareil' });
  await expect(queue.getByText('En attente d’envoi')).toHaveCount(1);
  await page.getByRole('button', { name: 'Résoudre' }).click();
  const dialog = page.getByRole('dialog', { name: `Résoudre ${ticket.reference}` });
  await dialog.getByLabel('Travail effectué').fill('Échange standard du terminal de paiement.');
  await dialog.getByLabel('Temps passé (minutes)').fill('40');
  await sign(page);
  await dialog.getByLabel('Nom du signataire').fill(company.people[0]!.name);
  await dialog.getByRole('button', { name: 'Résoudre et envoyer le rapport' }).click();
  await expect(queue.getByText('En attente d’envoi')).toHaveCount(2);

  // Reloaded offline, they are still there.
  await page.reload();
  await expect(queue.getByText('En attente d’envoi')).toHaveCount(2);
  await expect(queue.getByText('Terminal remplacé sur place, il fonctionne.')).toBeVisible();
  await shot('hors-ligne-en-attente');

  // A reply to the other ticket, which the office closes meanwhile.
  await page.goto(ticketPages.view(closing.id));
  await page.getByRole('radio', { name: 'Réponse au client' }).check();
  await page.getByLabel(/^Réponse au client \(envoyée/).fill('Je passe demain matin pour l’imprimante.');
  await page.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(queue.getByText('En attente d’envoi')).toHaveCount(1);
  await changeTicket(closing.id, (current) => ({ ok: true, ticket: { ...current, state: 'clos' } }));

  // « Résoudre » with a signature on a third ticket, which the office gives to a colleague meanwhile.
  await page.goto(ticketPages.view(handedOver.id));
  await page.getByRole('button', { name: 'Résoudre' }).click();
  const handOverDialog = page.getByRole('dialog', { name: `Résoudre ${handedOver.reference}` });
  await handOverDialog.getByLabel('Travail effectué').fill('Ressort du tiroir-caisse changé.');
  await handOverDialog.getByLabel('Temps passé (minutes)').fill('25');
  await sign(page);
  await handOverDialog.getByLabel('Nom du signataire').fill(company.people[0]!.name);
  await handOverDialog.getByRole('button', { name: 'Résoudre et envoyer le rapport' }).click();
  await expect(queue.getByText('En attente d’envoi')).toHaveCount(1);
  await changeTicket(handedOver.id, (current) => ({ ok: true, ticket: { ...current, assignedTo: { id: 'compte-marc', name: 'Marc Technicien' } } }));

  // Background Sync (Chromium has it): the queue's tag waits in the browser while there is no network; the
  // screen counts the service worker's messages of that tag (the screen's own listener sends and answers).
  expect(await syncTags(page)).toEqual([FIELD_SYNC_TAG]);
  await page.evaluate((tag) => {
    const counted = window as unknown as { syncMessages: number };
    counted.syncMessages = 0;
    navigator.serviceWorker.addEventListener('message', (event) => {
      if ((event.data as { type?: string } | null)?.type === tag) counted.syncMessages += 1;
    });
  }, FIELD_SYNC_TAG);

  // Back online: the browser fires the sync, the service worker has the open screen send everything, in
  // order (the screen's `online` listener leaves it to the pending sync); the reassigned ticket's report is
  // refused in French, naming the new holder, its text and signature kept; so is the closed ticket's reply.
  await page.context().setOffline(false);
  await expect(queue.getByText('Refusé', { exact: true })).toBeVisible(SERVER);
  await expect(queue.getByRole('alert')).toContainText(/Refusé par le serveur\u00a0: Ce ticket a été confié à Marc Technicien entre-temps/);
  await expect(queue.getByText('Ressort du tiroir-caisse changé.')).toBeVisible();
  await expect(queue.getByRole('img', { name: `Signature de ${company.people[0]!.name}` })).toBeVisible();
  await expect(queue.getByRole('button', { name: 'Renvoyer' })).toBeVisible();
  await expect(page.getByText(/^Hors ligne/)).toBeHidden(SERVER);
  expect(await page.evaluate(() => (window as unknown as { syncMessages: number }).syncMessages)).toBeGreaterThan(0);
  // The browser ends the sync event once the screens answered: its tag goes.
  await expect.poll(() => syncTags(page), SERVER).toEqual([]);
  await shot('refus-reassigne');
  const notResolved = (await getTicket(handedOver.id))!;
  expect(notResolved.state).toBe('nouveau');
  expect(notResolved.report ?? null).toBeNull();

  await page.goto(ticketPages.view(closing.id));
  await expect(queue.getByText('Refusé', { exact: true })).toBeVisible(SERVER);
  await expect(queue.getByRole('alert')).toContainText(/Refusé par le serveur\u00a0: .*clos/i);
  await expect(queue.getByText('Je passe demain matin pour l’imprimante.')).toBeVisible();
  await expect(queue.getByRole('button', { name: 'Copier le texte' })).toBeVisible();

  await page.goto(ticketPages.view(ticket.id));
  await expect(queue.getByText('Envoyé', { exact: true })).toHaveCount(2, SERVER);
  const stored = (await getTicket(ticket.id))!;
  const replies = stored.messages.filter((message) => message.text === 'Terminal remplacé sur place, il fonctionne.');
  expect(replies).toHaveLength(1);
  // Its three photos arrived with it, once each, kept as the server re-encodes every photo.
  expect(replies[0]!.photos).toHaveLength(3);
  expect(new Set(replies[0]!.photos.map((photo) => photo.id)).size).toBe(3);
  expect(stored.state).toBe('resolu');
  expect(stored.report).toMatchObject({ workDone: 'Échange standard du terminal de paiement.', minutes: 40, signedBy: company.people[0]!.name });
  expect(stored.history.filter((change) => change.kind === 'etat' && change.to === 'resolu')).toHaveLength(1);
  // The reply went before the resolution, as written.
  const replyAt = stored.messages.find((message) => message.text.startsWith('Terminal remplacé'))!.at;
  expect(replyAt <= stored.resolvedAt!).toBe(true);
  expect((await getTicket(closing.id))!.messages).toHaveLength(1);
  await shot('en-ligne-envoye');

  // The « Astreinte » screen (the owner is an administrator: a choice per week).
  await page.goto('/admin/astreinte');
  await expect(page.getByRole('table')).toBeVisible(SERVER);
  await shot('astreinte');
});
