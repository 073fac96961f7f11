/**
 * Tickets benchmark (not a test): seeds N tickets over 300 companies (two years of openings, a few hundred
 * still open, every impact and territory, some paused, some late) into the Blobs of a throw-away copy of
 * the site, serves it as `npm start` does, and times the real API against an empty authenticated call
 * (a staff call refused after its authentication, before any read of the tickets):
 *
 *   npm run bench:tickets -- [--count 20000] [--port 8891]
 *
 * Builds the site first when dist/ is missing. Each figure is the median of 5 calls after one warm-up.
 * Its last line is
 *   tickets: N, staff first page A ms, « En retard » filter B ms, space list C ms, chart D ms
 * and it exits with 1 when one of them is over twice the empty call.
 */
import pLimit from 'p-limit';
import { benchCommand, benchTicketCompanies, benchTickets, expectStatus, REPO_ROOT as repoRoot, seededRandom, seedingLibrary, serveWithStaffSession, timedMedian as timed } from './lib/bench.mjs';
import { connectBlobs } from './lib/local-blobs.mjs';
import { isolatedProjectRoot } from './lib/site-server.mjs';

const COMPANIES = 300;
const TARGET_FACTOR = 2;

const { count, port } = benchCommand('Usage : npm run bench:tickets -- [--count 20000] [--port 8891]', { count: '20000', port: '8891' });

/* ---- Realistic records, always the same for a given N (seeded random) ---- */

const seeded = seededRandom(20_260_521);

/* ---- Run ---- */

const isolated = await isolatedProjectRoot(repoRoot);
let server;
try {
  const { saveCompany, openCustomerSession, storeNames, strongStore, writeIndexOf } = await seedingLibrary('bench-tickets', [
    "export { saveCompany } from './netlify/lib/customers/companies.ts';",
    "export { openCustomerSession } from './netlify/lib/customers/customer-session.ts';",
    "export { storeNames, strongStore } from './netlify/lib/storage/storage.ts';",
    "export { writeIndexOf } from './netlify/lib/tickets/ticket-index.ts';",
  ]);
  const blobs = await connectBlobs(isolated.root);
  const seedStarted = performance.now();
  const companies = benchTicketCompanies(COMPANIES, seeded);
  for (const company of companies) await saveCompany(company.id, () => company);
  const tickets = benchTickets(companies, count, seeded);
  const limit = pLimit(16);
  const store = strongStore(storeNames.tickets);
  await Promise.all(tickets.map((ticket) => limit(() => store.setJSON(ticket.id, ticket))));
  await writeIndexOf(tickets);
  // The space's list is timed for the company with the most tickets (they are spread evenly).
  const customer = companies[0];
  const { cookie } = await openCustomerSession(customer, customer.people[0], { method: 'lien', userAgent: 'bench-tickets' });
  await blobs.close();
  console.log(`Semis : ${COMPANIES} sociétés, ${count} tickets écrits en ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (${isolated.root})`);

  const started = await serveWithStaffSession({ projectRoot: isolated.root, port });
  server = started.server;
  const staff = started.auth;
  const space = { cookie: cookie.split(';')[0] };
  const openCount = tickets.filter((ticket) => ticket.state !== 'clos').length;

  const empty = await timed('Appel authentifié à vide (refusé après l’authentification)', `${server.url}/api/tickets?etat=inconnu`, staff, expectStatus(400, 'empty call'));
  const firstPage = await timed('Première page du personnel', `${server.url}/api/tickets?territoire=tous`, staff, (answer) => {
    expectStatus(200, 'staff first page')(answer);
    if (answer.json.counts.open !== openCount || answer.json.data.length !== Math.min(50, openCount)) throw new Error(`staff first page wrong: ${answer.json.counts.open} open, ${answer.json.data.length} rows`);
  });
  const late = await timed('Filtre « En retard »', `${server.url}/api/tickets?territoire=tous&retard=1`, staff, (answer) => {
    expectStatus(200, 'late filter')(answer);
    if (!answer.json.data.every((row) => row.late)) throw new Error('late filter kept a ticket on time');
  });
  const spaceList = await timed('Liste de l’espace client', `${server.url}/api/espace-client/tickets`, space, (answer) => {
    expectStatus(200, 'space list')(answer);
    const expected = tickets.filter((ticket) => ticket.companyId === customer.id).length;
    const rows = Array.isArray(answer.json.data) ? answer.json.data : (answer.json.data?.tickets ?? []);
    if (rows.length !== expected) throw new Error(`space list wrong: ${rows.length} tickets, ${expected} expected`);
  });
  const chart = await timed('Graphique (12 semaines)', `${server.url}/api/tickets/statistiques`, staff, (answer) => {
    expectStatus(200, 'chart')(answer);
    if (answer.json.data.weeks.length !== 12) throw new Error('chart wrong: not 12 weeks');
  });

  const limitMs = TARGET_FACTOR * empty;
  const over = [
    ['première page', firstPage],
    ['« En retard »', late],
    ['liste de l’espace', spaceList],
    ['graphique', chart],
  ].filter(([, ms]) => ms > limitMs);
  if (over.length > 0) console.error(`Au-delà de ${TARGET_FACTOR} × l’appel à vide (${limitMs.toFixed(0)} ms) : ${over.map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(' ; ')}`);
  process.exitCode = over.length > 0 ? 1 : 0;
  console.log(`tickets: ${count}, staff first page ${firstPage.toFixed(0)} ms, « En retard » filter ${late.toFixed(0)} ms, space list ${spaceList.toFixed(0)} ms, chart ${chart.toFixed(0)} ms`);
} catch (error) {
  console.error('bench-tickets:', error);
  process.exitCode = 1;
} finally {
  await server?.close();
  await isolated.remove();
}
