/**
 * Customers' space benchmark (not a test): seeds N companies of 5 people and 20 pieces of equipment (and
 * 2 shops) through the server library (as the import's --apply writes: saveCompany, so addresses, client
 * codes and the admin's list are kept as in use)
 * into the Blobs of a throw-away copy of the site, serves that copy as `npm start` does, and times the real
 * API, the median of several calls each after one call that builds the function:
 * - the empty authenticated call, the yardstick: GET /api/espace-client/moi with a customer session cookie
 *   (the session read and the person's company, nothing else);
 * - the sign-in link: POST /api/espace-client/lien for a known address (a different person each call, so
 *   the per-address throttle never answers instead);
 * - the space's first page: GET /api/espace-client/resume with the session cookie;
 * - the admin search: GET /api/clients?q=… with a staff token.
 * The session is opened by writing it into the copy's Blobs (openCustomerSession), as the link would.
 *
 *   npm run bench:clients -- [--count 2000] [--port 8891] [--calls 7]
 *
 * Builds the site first when dist/ is missing. Its last line is
 *   clients: N companies, sign-in link A ms, space first page B ms, admin search C ms
 * and it exits with 1 when one of the three takes over twice the empty authenticated call.
 */
import { join } from 'node:path';
import { ensureBuilt, REPO_ROOT, seededRandom, serveWithStaffSession, timedCall as call } from './lib/bench.mjs';
import { commandLine } from './lib/command-line.mjs';
import { connectBlobs } from './lib/local-blobs.mjs';
import { isolatedProjectRoot } from './lib/site-server.mjs';

const { values } = commandLine('Usage : npm run bench:clients -- [--count 2000] [--port 8891] [--calls 7]', {
  options: {
    count: { type: 'string', default: '2000' },
    port: { type: 'string', default: process.env.PORT ?? '8891' },
    calls: { type: 'string', default: '7' },
  },
});
const count = Number(values.count);
const port = Number(values.port);
const calls = Number(values.calls);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(calls) || calls < 1) {
  console.error('--count et --calls doivent être des entiers positifs.');
  process.exit(2);
}
const PEOPLE = 5;
const EQUIPMENT = 20;

ensureBuilt(REPO_ROOT);

/* ---- Realistic companies, always the same for a given N (seeded random) ---- */

const { random, pick } = seededRandom(20_261_125);

const FIRST_NAMES = ['Marie-Josée', 'Jean-Claude', 'Hélène', 'Clémentine', 'Frédéric', 'Gaëlle', 'Loïc', 'Noémie', 'Éric', 'Josette', 'Rodrigue', 'Maëva', 'Stéphane', 'Ketty', 'Ludovic', 'Océane'];
const LAST_NAMES = ['Lucien', 'Bélizaire', 'Pérez-Lacroix', 'Désiré', 'Marie-Sainte', 'Théodose', 'Calixte', 'Jean-Baptiste', 'Rémy', 'Saint-Éloi', 'Nérée', 'Lafleur', 'Zénon', 'Bérard'];
const COMPANY_KINDS = ['Supérette', 'Pharmacie', 'Boulangerie', 'Quincaillerie', 'Entrepôt', 'Garage', 'Librairie', 'Épicerie fine', 'Station-service', 'Hôtel', 'Restaurant', 'Cave'];
const PLACES = ['du Bourg', 'des Abymes', 'du Lamentin', 'de Baie-Mahault', 'de Sainte-Anne', 'du Marin', 'de Cayenne', 'de Kourou', 'du Gosier', 'de Schœlcher', 'de Trinité', 'du Moule'];
const TERRITORIES = ['martinique', 'guadeloupe', 'guyane'];
const TYPED_MODELS = ['Tiroir-caisse 5 billets', 'Balance étiqueteuse 15 kg', 'Écran client 10 pouces', 'Onduleur 1 500 VA', 'Routeur 4G de secours'];

const ascii = (text) => text.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The code of the company at an index: C-00001, C-00002… */
const codeOf = (index) => `C-${String(index + 1).padStart(5, '0')}`;

/** A company with its shops, people and equipment (a third of the equipment typed, the rest catalogue products). */
function makeCompany(index, products, newId, now) {
  const name = `${pick(COMPANY_KINDS)} ${pick(PLACES)} ${index + 1}`;
  const domain = `${ascii(name)}.fr`;
  const shops = [0, 1].map((n) => ({ id: newId(), name: n === 0 ? 'Siège' : `Magasin ${pick(PLACES)}`, address: `${1 + Math.floor(random() * 90)} rue Schœlcher, 97200 Fort-de-France` }));
  const people = Array.from({ length: PEOPLE }, (_, n) => {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    return { id: newId(), name: `${first} ${last}`, email: `${ascii(first)}.${ascii(last)}.${n}@${domain}`, phone: `0696 ${String(Math.floor(random() * 1e6)).padStart(6, '0').replace(/(\d\d)(?=\d)/g, '$1 ')}`, createdAt: now, lastSignInAt: null };
  });
  const equipment = Array.from({ length: EQUIPMENT }, (_, n) => {
    const product = n % 3 === 2 ? undefined : pick(products);
    return { id: newId(), productSlug: product?.id ?? null, model: product?.name ?? pick(TYPED_MODELS), serial: `SN${index}X${n}${Math.floor(random() * 1e6)}`, shopId: shops[n % 2].id, underContract: random() < 0.7 };
  });
  const contract = random() < 0.6 ? `${2026 + Math.floor(random() * 3)}-12-31` : null;
  return { id: newId(), name, clientCode: codeOf(index), territory: pick(TERRITORIES), shops, contractEndsOn: contract, people, equipment, createdAt: now, updatedAt: now };
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * One call to build the function, then `calls` timed calls; the median. Each call gets its own request
 * (the n-th), checked: a wrong status stops the bench, since a refusal is not the time asked for.
 */
async function measure(label, makeCall, expected) {
  const times = [];
  for (let n = 0; n <= calls; n += 1) {
    const answer = await makeCall(n);
    if (!expected.includes(answer.status)) throw new Error(`${label}: ${answer.status} ${answer.text.slice(0, 300)}`);
    if (n > 0) times.push(answer.ms);
  }
  const value = median(times);
  console.log(`${label} : médiane ${value.toFixed(0)} ms sur ${calls} appels (${times.map((ms) => ms.toFixed(0)).join(', ')})`);
  return value;
}

/* ---- Run ---- */

const isolated = await isolatedProjectRoot(REPO_ROOT);
let server;
try {
  const { newId } = await import('../netlify/lib/customers/companies.ts');
  const { applyClientPlan } = await import('../netlify/lib/customers/client-import.ts');
  const { openCustomerSession } = await import('../netlify/lib/customers/customer-session.ts');
  const { readProductFiles } = await import('../src/features/catalogue/files.server.ts');
  const products = readProductFiles(join(REPO_ROOT, 'content/catalogue')).map(({ data }) => ({ id: data.id, name: data.name }));
  const now = new Date().toISOString();
  const companies = Array.from({ length: count }, (_, index) => makeCompany(index, products, newId, now));

  const blobs = await connectBlobs(isolated.root);
  const seedStarted = performance.now();
  // Written as `npm run clients -- import --apply` writes: saveCompany for each, the admin's list once per batch.
  const { failures } = await applyClientPlan({ writes: companies.map((company) => ({ id: company.id, clientCode: company.clientCode, created: true, apply: () => company })) });
  if (failures.length > 0) throw new Error(`seeding refused: ${failures.slice(0, 3).join(' ; ')}`);
  const { listCompanySummaries } = await import('../netlify/lib/customers/companies.ts');
  const listed = await listCompanySummaries();
  if (listed.length !== count) throw new Error(`seeding wrong: ${listed.length} companies in the admin's list, ${count} expected`);
  // The person whose session the space's calls use: in the middle of the list.
  const signedIn = companies[Math.floor(count / 2)];
  const { cookie } = await openCustomerSession(signedIn, signedIn.people[0], { method: 'lien', userAgent: 'bench-clients' });
  await blobs.close();
  console.log(`Semis : ${count} sociétés, ${count * PEOPLE} personnes, ${count * EQUIPMENT} équipements écrits en ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (${isolated.root})`);

  let staff;
  ({ server, auth: staff } = await serveWithStaffSession({ projectRoot: isolated.root, port }));
  const origin = server.url;
  const customer = { cookie: cookie.split(';')[0] };

  const empty = await measure('Appel authentifié à vide (GET /api/espace-client/moi)', () => call('GET', `${origin}/api/espace-client/moi`, { headers: customer }), [200]);
  // A known address each call, of companies away from the signed-in one: the per-address cap never answers.
  const link = await measure('Lien de connexion (POST /api/espace-client/lien, adresse connue)', (n) => call('POST', `${origin}/api/espace-client/lien`, { headers: { origin }, body: { email: companies[n % count].people[n % PEOPLE].email } }), [202]);
  const space = await measure('Première page de l’espace (GET /api/espace-client/resume)', () => call('GET', `${origin}/api/espace-client/resume`, { headers: customer }), [200]);
  // The search names a company by a word of its name and its number, as staff type it.
  const wanted = companies[count - 1];
  const term = encodeURIComponent(wanted.clientCode);
  const search = await measure('Recherche de l’admin (GET /api/clients?q=…)', () => call('GET', `${origin}/api/clients?q=${term}`, { headers: staff }), [200]);
  const found = await call('GET', `${origin}/api/clients?q=${term}`, { headers: staff });
  if (!found.text.includes(wanted.clientCode)) throw new Error(`admin search: ${wanted.clientCode} not in the answer`);

  const over = [
    ['lien de connexion', link],
    ['première page de l’espace', space],
    ['recherche de l’admin', search],
  ].filter(([, ms]) => ms > 2 * empty);
  if (over.length > 0) console.error(`Au-delà de 2 × l’appel à vide (${(2 * empty).toFixed(0)} ms) : ${over.map(([what, ms]) => `${what} ${ms.toFixed(0)} ms`).join(' ; ')}`);
  process.exitCode = over.length > 0 ? 1 : 0;
  console.log(`clients: ${count} companies, sign-in link ${link.toFixed(0)} ms, space first page ${space.toFixed(0)} ms, admin search ${search.toFixed(0)} ms`);
} catch (error) {
  console.error('bench-clients:', error);
  process.exitCode = 1;
} finally {
  await server?.close();
  await isolated.remove();
}
