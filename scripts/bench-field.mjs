/**
 * The technicians' app's offline launch at phone speed (not a test): installed app, second opening, offline,
 * on a 390 px phone whose CPU is slowed four times as Lighthouse's phone profile does — the kept list visible,
 * and a kept ticket open, each within 600 ms of the navigation (medians). Seeds N open tickets
 * (over 30 companies of the three territories) into the Blobs of a throw-away copy of the site, serves it
 * as `npm start` does, and in Chromium with a phone's profile (390 × 844, 3× pixels, touch; `--cpu 4` slows
 * the CPU down as Lighthouse's phone profile does, the default; on a shared, loaded machine it measures the
 * machine more than the app: say the load average with the figures) signed in as the owner:
 * - first opening, with network: /admin/tickets, until the service worker controls it and the phone's copy
 *   is kept (IndexedDB);
 * - then without network, `--runs` second openings: each a new window on /admin/tickets (served by the
 *   service worker's precache), timed from the navigation's start to the first frame after the kept list
 *   (« Tickets gardés sur cet appareil ») is in the page; then `--runs` openings of one kept ticket's page,
 *   timed to the first frame after its thread is in the page.
 *
 *   npm run bench:field -- [--count 200] [--runs 5] [--cpu 4] [--port 8893]
 *
 * Builds the site first when dist/ is missing. Its last two lines are
 *   field: offline list visible after N ms (median of R second openings, slowest S ms, CPU ×C, T tickets kept)
 *   field: offline ticket open after N ms (median of R openings, slowest S ms, CPU ×C)
 * and it exits with 1 when either median is over 600 ms.
 */
import { benchCompany, ensureBuilt, REPO_ROOT as repoRoot, seededRandom, seedingLibrary, serveWithStaffSession } from './lib/bench.mjs';
import { commandLine } from './lib/command-line.mjs';
import { connectBlobs } from './lib/local-blobs.mjs';
import { isolatedProjectRoot } from './lib/site-server.mjs';

/** The target: the kept list visible, and a kept ticket open, within this long after launch (medians). */
const TARGET_MS = 600;
const COMPANIES = 30;
const USAGE = 'Usage : npm run bench:field -- [--count 200] [--runs 5] [--cpu 4] [--port 8893]';

const { values } = commandLine(USAGE, {
  options: { count: { type: 'string', default: '200' }, port: { type: 'string', default: process.env.PORT ?? '8893' }, runs: { type: 'string', default: '5' }, cpu: { type: 'string', default: '4' } },
});
const [count, port, runs, cpu] = [Number(values.count), Number(values.port), Number(values.runs), Number(values.cpu)];
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(runs) || runs < 1 || !(cpu >= 1)) {
  console.error('--count et --runs doivent être des entiers positifs, --cpu un nombre au moins égal à 1.');
  process.exit(2);
}
ensureBuilt(repoRoot);

const { pick } = seededRandom(20_261_127);
const KINDS = ['Supérette', 'Pharmacie', 'Boulangerie', 'Quincaillerie', 'Station-service', 'Hôtel'];
const PLACES = ['du Bourg', 'du Lamentin', 'de Baie-Mahault', 'de Cayenne', 'du Gosier', 'de Kourou'];
const TEXTS = ['La caisse ne démarre plus, écran noir depuis ce matin.', 'L’imprimante d’étiquettes saute une étiquette sur deux.', 'Le tiroir-caisse ne s’ouvre plus à l’encaissement.'];

/** The companies, each with a shop, a person and a catalogue model with its document. */
function makeCompanies() {
  const at = new Date().toISOString();
  return Array.from({ length: COMPANIES }, (_, index) => {
    const tag = String(index + 1).padStart(2, '0');
    return benchCompany({ index, tag, name: `${pick(KINDS)} ${pick(PLACES)} ${tag}`, code: `FIELD-${tag}`, at, address: `${index + 1} rue Victor Hugo`, contractEndsOn: '2030-12-31', equipment: { productSlug: 'zebra-tc22', model: 'Zebra TC22' } });
  });
}

/**
 * Records, in every page of the context, when the kept list first shows and when a kept ticket's thread
 * first shows (each the frame after it is in the page).
 */
function watchKeptList() {
  const marks = [
    ['keptListAt', () => document.querySelector('[aria-label="Tickets gardés sur cet appareil"] li')],
    ['keptTicketAt', () => document.getElementById('ticket-thread-title')],
  ];
  const observer = new MutationObserver(() => {
    for (const [name, seen] of marks) {
      if (window[name] !== undefined || !seen()) continue;
      window[name] = null;
      requestAnimationFrame(() => {
        window[name] = performance.now();
      });
    }
    if (marks.every(([name]) => window[name] !== undefined)) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

const isolated = await isolatedProjectRoot(repoRoot);
let server;
let browser;
try {
  const { saveCompany, openTicket, STORAGE_KEYS, FIELD_DB } = await seedingLibrary('bench-field', [
    "export { saveCompany } from './netlify/lib/customers/companies.ts';",
    "export { openTicket } from './netlify/lib/tickets/tickets.ts';",
    "export { STORAGE_KEYS } from './src/lib/constants.ts';",
    "export { FIELD_DB } from './src/features/tickets/offline/field-model.ts';",
  ]);
  const blobs = await connectBlobs(isolated.root);
  const companies = makeCompanies();
  for (const company of companies) await saveCompany(company.id, () => company);
  for (let index = 0; index < count; index += 1) {
    const company = companies[index % COMPANIES];
    const person = company.people[0];
    await openTicket({
      company,
      openedBy: { kind: 'client', id: person.id, name: person.name },
      equipment: { equipmentId: 'e1', model: 'Zebra TC22', serial: company.equipment[0].serial },
      shop: { shopId: 's1', name: 'Magasin principal' },
      impact: pick(['bloquant', 'degrade', 'degrade', 'question']),
      description: pick(TEXTS),
      phone: person.phone,
      photos: [],
    });
  }
  await blobs.close();

  const started = await serveWithStaffSession({ projectRoot: isolated.root, port });
  server = started.server;
  const token = started.auth.authorization.slice('Bearer '.length);

  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'fr-FR' });
  await context.addInitScript(
    ({ tokenKey, timeKey, value }) => {
      if (!localStorage.getItem(tokenKey)) {
        localStorage.setItem(tokenKey, value);
        localStorage.setItem(timeKey, String(Date.now()));
      }
    },
    { tokenKey: STORAGE_KEYS.adminToken, timeKey: STORAGE_KEYS.adminLoginTime, value: token },
  );
  await context.addInitScript(watchKeptList);

  // First opening, with network: the worker installed, the copy kept.
  const first = await context.newPage();
  await first.goto('/admin/tickets');
  await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
  // The tickets kept in the phone's database (polled: a page function's promise is not awaited by waitForFunction).
  const keptTickets = () =>
    first.evaluate(
      ({ name, store }) =>
        new Promise((resolve) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains(store)) return resolve(0);
            const read = db.transaction(store).objectStore(store).count();
            read.onsuccess = () => resolve(read.result);
            read.onerror = () => resolve(0);
          };
          open.onerror = () => resolve(0);
        }),
      { name: FIELD_DB.name, store: FIELD_DB.stores.tickets },
    );
  let keptCount = 0;
  for (const until = Date.now() + 120_000; keptCount === 0 && Date.now() < until; ) {
    keptCount = await keptTickets();
    if (keptCount === 0) await first.waitForTimeout(250);
  }
  if (keptCount === 0) throw new Error('the first opening kept no ticket on the phone');
  // One kept ticket, opened offline below.
  const keptId = await first.evaluate(
    ({ name, store }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const read = open.result.transaction(store).objectStore(store).getAllKeys(undefined, 1);
          read.onsuccess = () => resolve(String(read.result[0]));
          read.onerror = () => reject(read.error);
        };
        open.onerror = () => reject(open.error);
      }),
    { name: FIELD_DB.name, store: FIELD_DB.stores.tickets },
  );
  await first.close();

  // Second openings, without network: the list, then one kept ticket's page.
  await context.setOffline(true);
  /** The milliseconds from each of `runs` navigations to `path` until the page's `mark` is set. */
  const timed = async (path, mark) => {
    const times = [];
    for (let run = 0; run < runs; run += 1) {
      const page = await context.newPage();
      const session = await context.newCDPSession(page);
      await session.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      await page.goto(path);
      await page.waitForFunction((name) => typeof window[name] === 'number', mark, { timeout: 30_000 });
      times.push(await page.evaluate((name) => window[name], mark));
      await page.close();
    }
    const sorted = [...times].sort((a, b) => a - b);
    return { times, median: sorted[Math.floor(sorted.length / 2)], slowest: sorted.at(-1) };
  };
  const list = await timed('/admin/tickets', 'keptListAt');
  const ticket = await timed(`/admin/tickets/ticket?id=${encodeURIComponent(keptId)}`, 'keptTicketAt');
  console.log(`Ouvertures hors ligne de la liste : ${list.times.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
  console.log(`Ouvertures hors ligne d’un ticket : ${ticket.times.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
  console.log(`field: offline list visible after ${list.median.toFixed(0)} ms (median of ${runs} second openings, slowest ${list.slowest.toFixed(0)} ms, CPU ×${cpu}, ${keptCount} tickets kept)`);
  console.log(`field: offline ticket open after ${ticket.median.toFixed(0)} ms (median of ${runs} openings, slowest ${ticket.slowest.toFixed(0)} ms, CPU ×${cpu})`);
  for (const [what, figure] of [['the kept list shows', list], ['a kept ticket opens', ticket]]) {
    if (figure.median <= TARGET_MS) continue;
    console.error(`bench-field: ${what} after more than ${TARGET_MS} ms`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error('bench-field:', error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await server?.close();
  await isolated.remove();
}
