/**
 * Back online without navigating, the phone's queue is sent once (the technicians' app on a 390 px phone,
 * against the production build): for each kind of action the queue holds — a reply with a photo, an
 * internal note, a state change, « Résoudre » with its report and signature — written offline on a kept
 * ticket, the network comes back while the screen stays open: the action is « Envoyé », the « Hors ligne »
 * band goes, and the server holds it once. Two keep the browser's Background Sync (it and the screen's own
 * sender race, one lock between them); one has none (the screen's `online` sends); one has a Background
 * Sync that never fires and no `online` event (the screen's retry timer sends).
 */
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { FIELD_SYNC_TAG } from '../../src/features/tickets/offline/field-model';
import { ticketPages } from '../../src/features/tickets/ticket-paths';
import { getTicket } from '../../netlify/lib/tickets/tickets';
import type { Ticket } from '../../src/features/tickets/model';
import { seedCustomer } from '../helpers/e2e-customer';
import { declare, SERVER, sign, staffPhone, waitForCopy } from '../helpers/field-phone';
import { expect, test } from '../helpers/hydrated';
import { chromiumLaunchOptions } from '../../scripts/ensure-chromium.mjs';

/** One kind of queued action: how the technician writes it, and how many times the server holds it. */
interface Kind {
  name: string;
  /**
   * The browser's part: its Background Sync (`sync`); none (`none`: the screen's `online` sends); or one that
   * holds the tag but never fires, and no `online` event either (`silent`: the retry timer sends).
   */
  browser: 'sync' | 'none' | 'silent';
  write: (page: Page, ticket: Ticket) => Promise<void>;
  held: (ticket: Ticket) => number;
}

const REPLY = 'Pièce commandée, je reviens jeudi matin.';
const NOTE = 'Le câble réseau du comptoir est à changer.';
const WORK = 'Alimentation de la caisse remplacée, caisse testée.';

const KINDS: Kind[] = [
  {
    name: 'a reply with a photo',
    browser: 'sync',
    write: async (page) => {
      await page.getByRole('radio', { name: 'Réponse au client' }).check();
      await page.getByLabel(/^Réponse au client \(envoyée/).fill(REPLY);
      const buffer = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#1d4ed8' } }).jpeg().toBuffer();
      await page.getByLabel('Photos (5 au plus, JPEG, PNG ou WebP)').setInputFiles([{ name: 'comptoir.jpg', mimeType: 'image/jpeg', buffer }]);
      await page.getByRole('button', { name: 'Envoyer la réponse' }).click();
    },
    held: (ticket) => ticket.messages.filter((message) => message.text === REPLY && message.photos.length === 1).length,
  },
  {
    name: 'an internal note',
    browser: 'none',
    write: async (page) => {
      await page.getByRole('radio', { name: 'Note interne' }).check();
      await page.getByLabel(/^Note interne \(jamais/).fill(NOTE);
      await page.getByRole('button', { name: 'Ajouter la note' }).click();
    },
    held: (ticket) => ticket.messages.filter((message) => message.text === NOTE && message.kind === 'note').length,
  },
  {
    name: 'a state change',
    browser: 'silent',
    write: async (page) => {
      await page.getByLabel('État').selectOption({ label: 'Passer à «\u00a0Pris en charge\u00a0»' });
      // Said as written, its no-break spaces as characters (never « \u00a0 » written out).
      await expect(page.getByRole('region', { name: 'Actions écrites sur cet appareil' }).getByText('Passer à «\u00a0Pris en charge\u00a0»', { exact: true })).toBeVisible();
    },
    held: (ticket) => ticket.history.filter((change) => change.kind === 'etat' && change.to === 'pris_en_charge').length,
  },
  {
    name: '« Résoudre » with its report and signature',
    browser: 'sync',
    write: async (page, ticket) => {
      await page.getByRole('button', { name: 'Résoudre' }).click();
      const dialog = page.getByRole('dialog', { name: `Résoudre ${ticket.reference}` });
      await dialog.getByLabel('Travail effectué').fill(WORK);
      await dialog.getByLabel('Temps passé (minutes)').fill('35');
      await sign(page);
      await dialog.getByLabel('Nom du signataire').fill('Line Client');
      await dialog.getByRole('button', { name: 'Résoudre et envoyer le rapport' }).click();
    },
    held: (ticket) => (ticket.report?.workDone === WORK ? ticket.history.filter((change) => change.kind === 'etat' && change.to === 'resolu').length : 0),
  },
];

// The whole Chromium, not the headless shell of the other browser tests: the shell has no Background Sync.
test.use({ launchOptions: chromiumLaunchOptions });

/** A browser without Background Sync. */
const withoutBackgroundSync = () => delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;

/**
 * A browser whose Background Sync holds the queue's tag and never fires it, and which tells the page
 * nothing when the network returns (the field review's phone): what is left is the screen's retry timer.
 */
const silentBrowser = () => {
  const manager = (globalThis as unknown as { SyncManager: { prototype: { register: () => Promise<void>; getTags: () => Promise<string[]> } } }).SyncManager.prototype;
  manager.register = async () => undefined;
  manager.getTags = async () => ['envoi-interventions'];
  window.addEventListener('online', (event) => event.stopImmediatePropagation(), true);
};

/** The Background Sync tags the browser holds for the app. */
const syncTags = (page: Page): Promise<string[]> =>
  page.evaluate(async () => (await navigator.serviceWorker.ready as ServiceWorkerRegistration & { sync: { getTags: () => Promise<string[]> } }).sync.getTags());

/** A 390 px phone on a kept ticket, offline, the ticket opened from the phone with « Hors ligne » (the browser's part as said). */
async function offlineOnKeptTicket(page: Page, browser: Kind['browser']): Promise<Ticket> {
  await page.setViewportSize({ width: 390, height: 844 });
  if (browser === 'none') await page.addInitScript(withoutBackgroundSync);
  if (browser === 'silent') await page.addInitScript(silentBrowser);
  const company = await seedCustomer(`Épicerie du Carbet ${Date.now().toString(36)}-${Math.floor(Math.random() * 1000)}`, 'martinique');
  const ticket = await declare(company, 'La caisse s’éteint toute seule.');
  await staffPhone(page);
  await page.goto(ticketPages.view(ticket.id));
  await waitForCopy(page, ticket.id);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Hors ligne — données du/)).toBeVisible();
  return ticket;
}

/** Writes the kind's action offline on a kept ticket, brings the network back without navigating, and checks it sent once. */
async function sentOnceWhenBack(page: Page, kind: Kind): Promise<void> {
  const ticket = await offlineOnKeptTicket(page, kind.browser);
  const band = page.getByText(/^Hors ligne — données du/);
  await kind.write(page, ticket);
  const queue = page.getByRole('region', { name: 'Actions écrites sur cet appareil' });
  await expect(queue.getByText('En attente d’envoi')).toHaveCount(1);
  // Background Sync holds the queue's tag while there is no network.
  if (kind.browser === 'sync') expect(await syncTags(page)).toEqual([FIELD_SYNC_TAG]);

  // The network returns; the screen stays as it is.
  await page.context().setOffline(false);
  await expect(queue.getByText('Envoyé', { exact: true })).toHaveCount(1, SERVER);
  await expect(band).toBeHidden(SERVER);
  await expect(queue.getByText('En attente d’envoi')).toHaveCount(0);
  // Both senders had their turn (the browser's sync ends once the screen answers): still once on the server.
  if (kind.browser === 'sync') await expect.poll(() => syncTags(page), SERVER).toEqual([]);
  expect(kind.held((await getTicket(ticket.id))!)).toBe(1);
}

for (const kind of KINDS) {
  test(`@mobile back online without navigating, ${kind.name} written offline is sent once and « Hors ligne » goes${{ sync: ' (with Background Sync)', none: ' (no Background Sync)', silent: ' (a Background Sync that never fires, no `online` event)' }[kind.browser]}`, async ({ page }) => {
    test.setTimeout(300_000);
    await sentOnceWhenBack(page, kind);
  });
}

test('@mobile back online on the kept list without navigating: the waiting note is sent once, the band and its count go', async ({ page }) => {
  test.setTimeout(300_000);
  const ticket = await offlineOnKeptTicket(page, 'none');
  await KINDS[1]!.write(page, ticket);
  await expect(page.getByRole('region', { name: 'Actions écrites sur cet appareil' }).getByText('En attente d’envoi')).toHaveCount(1);

  await page.goto(ticketPages.list);
  const band = page.getByText(/^Hors ligne — données du/);
  await expect(band).toBeVisible();
  await expect(page.getByText('1 action en attente d’envoi')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('liste-hors-ligne.png'), fullPage: true });

  await page.context().setOffline(false);
  await expect(band).toBeHidden(SERVER);
  await expect(page.getByText('1 action en attente d’envoi')).toHaveCount(0);
  await expect(page.getByRole('link', { name: ticket.reference })).toBeVisible(SERVER);
  expect(KINDS[1]!.held((await getTicket(ticket.id))!)).toBe(1);
  await page.screenshot({ path: test.info().outputPath('liste-en-ligne.png'), fullPage: true });
});
