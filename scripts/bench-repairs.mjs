/**
 * Workshop benchmark (not a test): seeds N repair orders over 500 companies (seven years of a workshop of
 * some 700 repairs a year, every state and territory, a few hundred still in the workshop) into the Blobs of
 * a throw-away copy of the site, serves it as `npm start` does, and times the real API against an empty
 * authenticated call (a staff call refused after its authentication, before any read of the repairs):
 *
 *   npm run bench:repairs -- [--count 5000] [--port 8892]
 *
 * Builds the site first when dist/ is missing. Each figure is the median of 5 calls after one warm-up.
 * Its last line is
 *   repairs: N, board first page A ms, search by serial B ms, company list C ms
 * and it exits with 1 when one of them is over twice the empty call.
 */
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { isolatedProjectRoot } from './lib/site-server.mjs';
import { connectBlobs } from './lib/local-blobs.mjs';
import { benchCommand, expectStatus, REPO_ROOT, seededRandom, seedingLibrary, serveWithStaffSession, timedMedian } from './lib/bench.mjs';

/** Companies the repairs are spread over, and how far above the empty call a figure may go. */
const COMPANIES = 500;
const TARGET_FACTOR = 2;

const { count, port } = benchCommand('Usage : npm run bench:repairs -- [--count 5000] [--port 8892]', { count: '5000', port: '8892' });

/* ---- Realistic records, always the same for a given N (seeded random) ---- */

const { random, pick } = seededRandom(20_261_127);
const TERRITORIES = ['martinique', 'guadeloupe', 'guyane'];
const KINDS = ['Supérette', 'Pharmacie', 'Boulangerie', 'Quincaillerie', 'Station-service', 'Librairie', 'Hôtel', 'Restaurant'];
const PLACES = ['du Bourg', 'du Lamentin', 'de Baie-Mahault', 'de Cayenne', 'du Gosier', 'de Schœlcher', 'du Moule', 'de Kourou'];
const MODELS = ['Terminal Ingenico Move 5000', 'Zebra ZT411', 'Honeywell CT45', 'Epson TM-T20III', 'Balance étiqueteuse BC-4', 'Datalogic Gryphon'];
const FAULTS = ['Écran noir à l’allumage.', 'Saute une étiquette sur deux.', 'Ne charge plus sur son socle.', 'Tête d’impression rayée.', 'Lecteur de codes-barres muet.'];
const OPEN_STATES = ['attendu', 'recu', 'diagnostic', 'devis_envoye', 'en_reparation', 'attente_pieces', 'repare', 'pret_a_retirer', 'expedie'];
const WARRANTIES = ['contrat', 'constructeur', 'hors_garantie'];
const DAY = 24 * 3_600_000;

function makeCompanies() {
  const since = new Date(Date.now() - 2600 * DAY).toISOString();
  const company = (index) => {
    const tag = String(index + 1).padStart(3, '0');
    const id = randomUUID();
    const person = { id: `p-${id}`, name: `Personne ${tag}`, email: `personne.${tag}@bench.example`, phone: '0696 00 00 00', createdAt: since, lastSignInAt: since };
    return { id, clientCode: `BENCH-${tag}`, name: `${pick(KINDS)} ${pick(PLACES)} ${tag}`, territory: TERRITORIES[index % TERRITORIES.length], contractEndsOn: index % 2 ? null : '2030-12-31', shops: [], people: [person], equipment: [], createdAt: since, updatedAt: since };
  };
  return Array.from({ length: COMPANIES }, (_, index) => company(index));
}

/** N repairs opened over seven years, oldest first; the last 300 or so still in the workshop. */
function makeRepairs(companies) {
  const now = Date.now();
  const span = 2555 * DAY;
  const stillOpen = Math.min(300, count);
  const staff = { kind: 'staff', id: 'bench-tech', name: 'Technicien du banc' };
  return Array.from({ length: count }, (_, index) => {
    const company = companies[index % companies.length];
    const opened = new Date(now - span + Math.floor((span * index) / count) + Math.floor(random() * 3_600_000));
    const at = opened.toISOString();
    const state = index >= count - stillOpen ? pick(OPEN_STATES) : 'restitue';
    const since = state === 'restitue' ? new Date(opened.getTime() + 9 * DAY).toISOString() : new Date(opened.getTime() + Math.floor(random() * DAY)).toISOString();
    const year = opened.getUTCFullYear();
    return {
      id: randomUUID(),
      reference: `RP-${year}-${String(index + 1).padStart(5, '0')}`,
      companyId: company.id,
      companyName: company.name,
      territory: company.territory,
      device: { equipmentId: null, model: pick(MODELS), serial: `SN-${String(index + 1).padStart(6, '0')}` },
      accessories: 'Chargeur',
      fault: pick(FAULTS),
      warranty: pick(WARRANTIES),
      origin: 'comptoir',
      ticketId: null,
      state,
      stateSince: since,
      openedAt: at,
      openedBy: staff,
      receivedAt: state === 'attendu' ? null : at,
      reception: null,
      technician: { id: staff.id, name: staff.name },
      diagnosis: '',
      devis: null,
      loan: null,
      report: null,
      contactPersonId: company.people[0].id,
      history: [
        { kind: 'etat', from: null, to: 'attendu', at, by: staff },
        ...(state === 'attendu' ? [] : [{ kind: 'etat', from: 'attendu', to: state, at: since, by: staff }]),
      ],
      updatedAt: since,
    };
  });
}

/* ---- Run ---- */

const isolated = await isolatedProjectRoot(REPO_ROOT);
let server;
try {
  const { saveCompany, storeNames, strongStore, writeRepairIndexOf } = await seedingLibrary('bench-repairs', [
    "export { saveCompany } from './netlify/lib/customers/companies.ts';",
    "export { storeNames, strongStore } from './netlify/lib/storage/storage.ts';",
    "export { writeRepairIndexOf } from './netlify/lib/repairs/repair-index.ts';",
  ]);
  const blobs = await connectBlobs(isolated.root);
  const seedStarted = performance.now();
  const companies = makeCompanies();
  const limit = pLimit(16);
  await Promise.all(companies.map((company) => limit(() => saveCompany(company.id, () => company))));
  const repairs = makeRepairs(companies);
  const store = strongStore(storeNames.repairs);
  await Promise.all(repairs.map((repair) => limit(() => store.setJSON(repair.id, repair))));
  await writeRepairIndexOf(repairs);
  await blobs.close();
  console.log(`Semis : ${COMPANIES} sociétés, ${count} réparations écrites en ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (${isolated.root})`);

  const started = await serveWithStaffSession({ projectRoot: isolated.root, port });
  server = started.server;
  const staff = started.auth;
  const openCount = repairs.filter((repair) => repair.state !== 'restitue').length;
  const sought = repairs[Math.floor(count / 3)];
  const company = companies[7];

  const empty = await timedMedian('Appel authentifié à vide (refusé après l’authentification)', `${server.url}/api/atelier/pas-une-reparation`, staff, expectStatus(404, 'empty call'));
  const board = await timedMedian('Première page du tableau « Atelier »', `${server.url}/api/atelier`, staff, (answer) => {
    expectStatus(200, 'board first page')(answer);
    const counted = Object.values(answer.json.counts).reduce((sum, value) => sum + value, 0);
    if (counted !== openCount || answer.json.rows.length !== Math.min(50, openCount)) throw new Error(`board wrong: ${counted} open, ${answer.json.rows.length} rows`);
  });
  const serial = await timedMedian('Recherche par numéro de série', `${server.url}/api/atelier?q=${encodeURIComponent(sought.device.serial)}`, staff, (answer) => {
    expectStatus(200, 'search by serial')(answer);
    if (answer.json.rows.length !== 1 || answer.json.rows[0].id !== sought.id) throw new Error(`search wrong: ${answer.json.rows.length} rows`);
  });
  const companyList = await timedMedian('Réparations d’une société', `${server.url}/api/clients/${company.id}/atelier`, staff, (answer) => {
    expectStatus(200, 'company list')(answer);
    const expected = repairs.filter((repair) => repair.companyId === company.id).length;
    if (answer.json.data.repairs.length !== expected) throw new Error(`company list wrong: ${answer.json.data.repairs.length} repairs, ${expected} expected`);
  });

  const limitMs = TARGET_FACTOR * empty;
  const over = [
    ['première page', board],
    ['recherche par série', serial],
    ['liste d’une société', companyList],
  ].filter(([, ms]) => ms > limitMs);
  if (over.length > 0) console.error(`Au-delà de ${TARGET_FACTOR} × l’appel à vide (${limitMs.toFixed(0)} ms) : ${over.map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(' ; ')}`);
  process.exitCode = over.length > 0 ? 1 : 0;
  console.log(`repairs: ${count}, board first page ${board.toFixed(0)} ms, search by serial ${serial.toFixed(0)} ms, company list ${companyList.toFixed(0)} ms (empty call ${empty.toFixed(0)} ms)`);
} catch (error) {
  console.error('bench-repairs:', error);
  process.exitCode = 1;
} finally {
  await server?.close();
  await isolated.remove();
}
