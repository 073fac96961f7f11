/**
 * Storage round trips benchmark: how many Netlify Blobs calls each API call makes. On Netlify each one is a
 * network call from the function to Blobs (tens of ms), on every call and every cold start; locally one
 * costs 2–3 ms, so timings hide them and this counts them instead. It seeds a throw-away copy of the site
 * with the tickets' benchmark data (companies with their people and equipment, tickets, their index) and a
 * few requests of the inbox, serves it as `npm start` does, then calls every route below as its role
 * would (the owner's token, a customer's session cookie, nobody), twice: the first call of a route after
 * the start (cold: what a fresh site or instance prepares) and the next one (warm). The emulation lists a
 * function's Blobs calls in its answer's `x-nf-fetch-timing` header, one entry per call with its method;
 * the local Blobs server's log names each call's store, for the writes.
 *
 *   npm run bench:storage -- [--port 8918] [--count 2000]
 *
 * Prints each route's counts, the worst five routes, then, as its last line,
 *   storage: R routes, warm median M, warm worst W (ROUTE), cold worst C, writes on GET G
 * and exits with 1 when a warm call makes over WARM_MAX calls, a cold one over COLD_MAX, or a GET writes
 * anything but its session's own bookkeeping (the figures are the code's, not the machine's).
 */
import { randomUUID } from 'node:crypto';
import { benchCommand, benchTicketCompanies, benchTickets, REPO_ROOT, seededRandom, seedingLibrary, serveWithStaffSession, timedCall } from './lib/bench.mjs';
import { connectBlobs } from './lib/local-blobs.mjs';
import { isolatedProjectRoot } from './lib/site-server.mjs';

/** The most Blobs calls a warm API call may make. */
const WARM_MAX = 12;
/** The most Blobs calls the first call of a route after a start may make. */
const COLD_MAX = 20;
/**
 * Stores a GET may write: a session's own bookkeeping (its last use), and the health check's write probe
 * (at most one a minute, netlify/functions/health.mts: it proves that Blobs can be written).
 */
const BOOKKEEPING_STORES = new Set(['customer-sessions', 'health']);
/** How long the Blobs log must stay still before a call is measured: what the previous call does after its answer is not this one's. */
const QUIET_MS = 400;
const COMPANIES = 30;
const REQUESTS = 40;

const { count, port } = benchCommand('Usage : npm run bench:storage -- [--port 8918] [--count 2000]', { count: '2000', port: '8918' });

/** Every Blobs call the local server answers, in order, with its method and store (the server runs in this process). */
const blobsLog = [];
const { BlobsServer } = await import('@netlify/blobs/server');
const handleRequest = BlobsServer.prototype.handleRequest;
BlobsServer.prototype.handleRequest = function logged(request) {
  const [, , store = ''] = new URL(request.url ?? '', 'http://localhost').pathname.split('/');
  blobsLog.push({ method: request.method ?? '', store: decodeURIComponent(store).replace(/^site:/, '') });
  return handleRequest.call(this, request);
};

/** The Blobs calls an answer's x-nf-fetch-timing header lists (every fetch but to the site itself): all, and the writes. */
function blobsCallsOf(headers, siteHost) {
  const raw = headers['x-nf-fetch-timing'];
  const entries = (Array.isArray(raw) ? raw.join(', ') : (raw ?? '')).split(/,\s*/).filter(Boolean);
  const calls = entries.filter((entry) => entry.split(';')[0] !== siteHost);
  return { total: calls.length, writes: calls.filter((entry) => /;method=(PUT|DELETE)\b/.test(entry)).length };
}

/** Resolves once no Blobs call came for QUIET_MS (the work a previous call does after its answer is over). */
async function quiet() {
  let seen = -1;
  while (seen !== blobsLog.length) {
    seen = blobsLog.length;
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  }
}

/**
 * One call, with the Blobs calls it made before its answer, what its caller waits for: counted from its
 * header, and the stores it wrote from the server's log.
 */
async function counted(origin, { method, path, headers = {}, body }) {
  await quiet();
  const logStart = blobsLog.length;
  const answer = await timedCall(method, `${origin}${path}`, { headers, body });
  const calls = blobsCallsOf(answer.headers, new URL(origin).host);
  const logEnd = blobsLog.length;
  const written = blobsLog.slice(logStart, logEnd).filter((entry) => entry.method === 'PUT' || entry.method === 'DELETE').map((entry) => entry.store);
  return { status: answer.status, json: answer.json, ...calls, written };
}

/** The tickets and the companies an offline copy carries (each one Blobs read). */
function carriedTicketsAndCompanies(json) {
  const tickets = json?.data?.tickets ?? [];
  return tickets.length + new Set(tickets.map((one) => one.view?.company?.id).filter(Boolean)).size;
}

/* ---- Seeding: the tickets' benchmark companies and tickets, and an inbox ---- */

const isolated = await isolatedProjectRoot(REPO_ROOT);
let server;
try {
  const { saveCompany, openCustomerSession, storeNames, strongStore, writeIndexOf, importRequests, newRequest } = await seedingLibrary('bench-storage', [
    "export { saveCompany } from './netlify/lib/customers/companies.ts';",
    "export { openCustomerSession } from './netlify/lib/customers/customer-session.ts';",
    "export { storeNames, strongStore } from './netlify/lib/storage/storage.ts';",
    "export { writeIndexOf } from './netlify/lib/tickets/ticket-index.ts';",
    "export { importRequests, newRequest } from './netlify/lib/requests/requests.ts';",
  ]);
  const blobs = await connectBlobs(isolated.root);
  const seeded = seededRandom(20_261_201);
  const companies = benchTicketCompanies(COMPANIES, seeded);
  for (const company of companies) await saveCompany(company.id, () => company);
  const tickets = benchTickets(companies, count, seeded);
  const ticketStore = strongStore(storeNames.tickets);
  for (let start = 0; start < tickets.length; start += 50) await Promise.all(tickets.slice(start, start + 50).map((ticket) => ticketStore.setJSON(ticket.id, ticket)));
  await writeIndexOf(tickets);
  const customer = companies[0];
  const person = customer.people[0];
  const requests = Array.from({ length: REQUESTS }, (_, index) =>
    newRequest(
      {
        kind: index % 3 === 0 ? 'devis' : 'contact',
        name: `Demandeur ${index + 1}`,
        email: index % 4 === 0 ? person.email : `demandeur${index + 1}@exemple.fr`,
        phone: '0596 00 00 00',
        company: 'Mesure des allers-retours',
        subject: 'Autre',
        delai: 'Plus de 6 mois',
        message: `Demande ${index + 1} de la mesure des allers-retours vers le stockage.`,
        territory: customer.territory,
        // A quarter sent from the customer's space: « Mes demandes » lists them.
        ...(index % 4 === 0 ? { customer: { companyId: customer.id, personId: person.id } } : {}),
      },
      new Date(Date.now() - (REQUESTS - index) * 3_600_000),
    ),
  );
  await importRequests(requests);
  const { cookie } = await openCustomerSession(customer, person, { method: 'lien', userAgent: 'bench-storage' });
  await blobs.close();
  console.log(`Semis : ${COMPANIES} sociétés, ${count} tickets, ${REQUESTS} demandes (${isolated.root})`);

  // Push keys for this run only, so « Mon compte »'s notifications answer as on a configured site.
  const { default: webPush } = await import('web-push');
  const vapid = webPush.generateVAPIDKeys();
  process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
  process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
  let staff;
  ({ server, auth: staff } = await serveWithStaffSession({ projectRoot: isolated.root, port }));
  const origin = server.url;
  const space = { cookie: cookie.split(';')[0] };
  const same = { origin };
  const request = requests.at(-1);
  const ticket = tickets.find((item) => item.companyId === customer.id && item.state !== 'clos') ?? tickets.find((item) => item.companyId === customer.id);
  const spaceRequest = requests.find((item) => item.email === person.email);

  /** Every route as its role calls it: method, path, who, body; `expect`: the statuses that mean it answered as asked. */
  const routes = [
    // Public.
    { method: 'GET', path: '/api/health', expect: [200] },
    { method: 'GET', path: `/api/devis/${'x'.repeat(40)}`, expect: [400, 404] },
    { method: 'POST', path: '/api/contact-only-email', make: (n) => ({ body: { name: `Mesure ${n}`, email: `mesure${n}@exemple.fr`, phone: '0596 00 00 00', company: 'Mesure', subject: 'Autre', delai: 'Plus de 6 mois', message: `Demande ${n} de la mesure du stockage.`, website: '', idempotencyKey: randomUUID() } }), expect: [200] },
    { method: 'POST', path: '/api/auth/login', make: () => ({ body: { username: process.env.ADMIN_USERNAME, password: process.env.ADMIN_PASSWORD } }), expect: [200] },
    { method: 'POST', path: '/api/espace-client/lien', make: () => ({ headers: same, body: { email: companies[1].people[0].email } }), expect: [202] },
    // The owner.
    ...[
      '/api/contact',
      '/api/contact?q=mesure',
      `/api/contact/${request.id}`,
      `/api/contact/${request.id}/devis`,
      '/api/admin/catalogue?q=caisse',
      '/api/compte',
      '/api/compte/notifications',
      '/api/astreinte/martinique',
      '/api/equipe',
      '/api/journal',
      '/api/clients',
      `/api/clients?q=${encodeURIComponent(customer.clientCode)}`,
      `/api/clients/${customer.id}`,
      `/api/clients/${customer.id}/atelier`,
      '/api/tickets',
      '/api/tickets?territoire=tous&retard=1',
      '/api/tickets/statistiques',
      `/api/tickets/${ticket.id}`,
      '/api/admin/personnes',
      '/api/atelier',
    ].map((path) => ({ method: 'GET', path, who: staff, expect: [200] })),
    // The journal records each export of itself (who took its personal data out): the one write a GET makes by rule.
    { method: 'GET', path: '/api/journal/export', who: staff, expect: [200], mayWrite: ['team-journal'] },
    // The phones' offline copy carries up to FIELD_TICKETS_MAX whole tickets, each with its company's shop and
    // equipment: it reads each ticket and each company it carries, and the rest once.
    { method: 'GET', path: '/api/terrain/tickets', who: staff, expect: [200], perItem: carriedTicketsAndCompanies },
    { method: 'POST', path: `/api/contact/${request.id}/notes`, make: (n) => ({ headers: staff, body: { text: `Note ${n} de la mesure.` } }), expect: [201] },
    { method: 'PUT', path: `/api/contact/${request.id}/status`, make: (n) => ({ headers: staff, body: { statut: n % 2 ? 'en_cours' : 'traite' } }), expect: [200] },
    // A customer signed in to the space.
    ...[
      '/api/espace-client/moi',
      '/api/espace-client/sessions',
      '/api/espace-client/cles',
      '/api/espace-client/resume',
      '/api/espace-client/devis',
      `/api/espace-client/demandes/${spaceRequest.id}`,
      '/api/espace-client/equipements',
      '/api/espace-client/equipements/e1',
      '/api/espace-client/tickets',
      `/api/espace-client/tickets/${ticket.id}`,
      '/api/espace-client/reparations',
    ].map((path) => ({ method: 'GET', path, who: space, expect: [200] })),
    // « Mes demandes » reads each request the company sent from its space, and the rest once.
    { method: 'GET', path: '/api/espace-client/demandes', who: space, expect: [200], perItem: (json) => json?.data?.length ?? 0 },
  ];

  const results = [];
  const refused = [];
  for (const route of routes) {
    const label = `${route.method} ${route.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`;
    const rounds = [];
    for (const n of [0, 1]) {
      const made = route.make ? route.make(n) : {};
      const answer = await counted(origin, { method: route.method, path: route.path, headers: { ...(route.who ?? {}), ...(made.headers ?? {}) }, body: made.body });
      if (!route.expect.includes(answer.status)) refused.push(`${label} a répondu ${answer.status} : ${JSON.stringify(answer.json).slice(0, 200)}`);
      rounds.push(answer);
    }
    const [cold, warm] = rounds;
    const getWrites = route.method === 'GET' ? rounds.flatMap((round) => round.written).filter((store) => !BOOKKEEPING_STORES.has(store) && !route.mayWrite?.includes(store)) : [];
    // A route that reads one blob per item it answers is counted past those reads: what it reads besides must stay within the limits.
    const items = route.perItem ? route.perItem(warm.json) : 0;
    const cost = (round) => round.total - items;
    results.push({ label, cold: cost(cold), coldWrites: cold.writes, warm: cost(warm), warmWrites: warm.writes, getWrites, items });
    console.log(`${label} : à froid ${cold.total} (${cold.writes} écritures), ensuite ${warm.total} (${warm.writes} écritures)${items ? `, dont ${items} pour ce qu’elle porte (une lecture chacun)` : ''}${getWrites.length ? ` — écrit sur GET : ${[...new Set(getWrites)].join(', ')}` : ''}`);
  }

  const warmSorted = [...results].sort((a, b) => b.warm - a.warm || b.cold - a.cold);
  const warmCounts = results.map((result) => result.warm).sort((a, b) => a - b);
  const median = warmCounts[Math.floor(warmCounts.length / 2)];
  const worst = warmSorted[0];
  const coldWorst = [...results].sort((a, b) => b.cold - a.cold)[0];
  const writesOnGet = results.reduce((sum, result) => sum + result.getWrites.length, 0);
  console.log(`Les cinq routes les plus coûteuses (ensuite) : ${warmSorted.slice(0, 5).map((result) => `${result.label} ${result.warm}${result.items ? ` + ${result.items} portés` : ''} (à froid ${result.cold})`).join(' ; ')}`);
  console.log(`Le premier appel le plus coûteux : ${coldWorst.label} ${coldWorst.cold} (${coldWorst.coldWrites} écritures)`);
  const failures = [
    // A count is only worth something for a call answered as asked.
    ...refused,
    ...results.filter((result) => result.warm > WARM_MAX).map((result) => `${result.label} fait ${result.warm} appels au stockage, plus de ${WARM_MAX}`),
    ...results.filter((result) => result.cold > COLD_MAX).map((result) => `${result.label} fait ${result.cold} appels au stockage au premier appel, plus de ${COLD_MAX}`),
    ...results.filter((result) => result.getWrites.length > 0).map((result) => `${result.label} écrit (${[...new Set(result.getWrites)].join(', ')}) alors que c’est une lecture`),
  ];
  for (const failure of failures) console.error(`✗ ${failure}`);
  process.exitCode = failures.length > 0 ? 1 : 0;
  console.log(`storage: ${results.length} routes, warm median ${median}, warm worst ${worst.warm} (${worst.label}), cold worst ${coldWorst.cold}, writes on GET ${writesOnGet}`);
} catch (error) {
  console.error('bench-storage:', error);
  process.exitCode = 1;
} finally {
  await server?.close();
  await isolated.remove();
}
