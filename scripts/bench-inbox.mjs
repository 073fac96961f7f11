/**
 * Inbox benchmark (not a test): seeds N realistic requests (French names, companies, long messages,
 * three years of dates, every status) through the server library into the Blobs of a throw-away copy of
 * the site, serves that site as `npm start` does, logs in, and times the real API: the first page of
 * the list, then a search.
 *
 *   npm run bench:inbox -- [--count 10000] [--port 8890]
 *
 * Builds the site first when dist/ is missing. Its last line is
 *   inbox: N requests, first page T ms, S KB, search T ms
 * and it exits with 1 over the targets: first page ≤ 1 000 ms and ≤ 100 KB, search ≤ 2 000 ms.
 */
import { fileURLToPath } from 'node:url';
import { ensureBuilt, seededRandom, serveWithStaffSession, timedCall as call } from './lib/bench.mjs';
import { commandLine } from './lib/command-line.mjs';
import { connectBlobs } from './lib/local-blobs.mjs';
import { isolatedProjectRoot } from './lib/site-server.mjs';

const TARGETS = { firstPageMs: 1000, firstPageKB: 100, searchMs: 2000 };

const { values } = commandLine('Usage : npm run bench:inbox -- [--count 10000] [--port 8890]', {
  options: {
    count: { type: 'string', default: '10000' },
    port: { type: 'string', default: process.env.PORT ?? '8890' },
  },
});
const count = Number(values.count);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1) {
  console.error('--count doit être un entier positif.');
  process.exit(2);
}
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

ensureBuilt(repoRoot);

/* ---- Realistic requests, always the same for a given N (seeded random) ---- */

const { random, pick } = seededRandom(20_260_401);

const FIRST_NAMES = ['Marie-Josée', 'Jean-Claude', 'Hélène', 'Clémentine', 'Frédéric', 'Gaëlle', 'Loïc', 'Noémie', 'Éric', 'Josette', 'Rodrigue', 'Maëva', 'Stéphane', 'Ketty', 'Ludovic', 'Océane', 'Thierry', 'Chloé', 'Yannick', 'Françoise', 'Grégory', 'Léa', 'Joël', 'Murielle'];
const LAST_NAMES = ['Lucien', 'Bélizaire', 'Pérez-Lacroix', 'Désiré', 'Marie-Sainte', 'Théodose', 'Calixte', 'Jean-Baptiste', 'Rémy', 'Saint-Éloi', 'Agnès', 'Nérée', 'Lafleur', 'Célestine', 'Zénon', 'Édouard', 'Bérard', 'Hippolyte', 'Anselme', 'Cécile'];
const COMPANY_KINDS = ['Supérette', 'Pharmacie', 'Boulangerie', 'Quincaillerie', 'Entrepôt', 'Garage', 'Librairie', 'Épicerie fine', 'Station-service', 'Hôtel', 'Restaurant', 'Cave', 'Clinique vétérinaire', 'Transports'];
const PLACES = ['du Bourg', 'des Abymes', 'du Lamentin', 'de Baie-Mahault', 'de Sainte-Anne', 'du Marin', 'de Cayenne', 'de Kourou', 'du Gosier', 'de Schœlcher', 'de Trinité', 'de Saint-Laurent', 'du Moule', 'de Rivière-Salée'];
const SUBJECTS = ['Encaissement & Gestion', 'Impression & Étiquetage', 'Mobilité & Traçabilité', 'Réseaux & Sécurité', 'Autre'];
const DELAYS = ['Dès que possible', 'Moins d’un mois', '1 à 3 mois', '3 à 6 mois', 'Plus de 6 mois'];
const SENTENCES = [
  'Nous souhaitons remplacer nos deux caisses enregistreuses avant la rentrée, idéalement avec un écran tactile et un tiroir-caisse.',
  'Notre imprimante d’étiquettes tombe en panne plusieurs fois par semaine et le service après-vente ne répond plus.',
  'Pourriez-vous nous proposer un devis pour six terminaux portables avec lecteur de codes-barres et la licence du logiciel d’inventaire ?',
  'Nous ouvrons un second magasin en septembre et voudrions le même équipement que le premier, installé et paramétré.',
  'Le réseau Wi-Fi de l’entrepôt ne couvre pas la zone de réception : les scanners perdent la connexion en permanence.',
  'Est-il possible de prévoir une formation de nos quatre caissières sur place, un lundi matin de préférence ?',
  'Nous cherchons une balance étiqueteuse reliée à la caisse pour le rayon boucherie, avec la gestion des prix au kilo.',
  'Merci de nous rappeler en fin de journée, le magasin est très fréquenté le matin et nous ne pouvons pas répondre.',
  'Nos rubans transfert thermique arrivent bientôt à épuisement : il nous faudrait une vingtaine de rouleaux de 110 mm.',
  'La sauvegarde du serveur de gestion ne fonctionne plus depuis la coupure de courant de la semaine dernière.',
  'Nous aimerions connaître les conditions de maintenance annuelle pour l’ensemble du parc, pièces et main-d’œuvre comprises.',
  'Le logiciel de caisse doit gérer la TVA à 8,5 % et à 2,1 % ainsi que les tickets-restaurant et les paiements sans contact.',
];
const STATUS_WEIGHTS = [['nouveau', 0.15], ['en_cours', 0.15], ['traite', 0.45], ['archive', 0.25]];
const TERRITORIES = ['martinique', 'guadeloupe', 'guyane'];

const ascii = (text) => text.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '');
const weighted = (pairs) => {
  let roll = random();
  for (const [value, weight] of pairs) if ((roll -= weight) < 0) return value;
  return pairs.at(-1)[0];
};

/** N requests created over the last three years, oldest first. */
function makeRequests(newRequest) {
  const now = Date.now();
  const span = 3 * 365 * 24 * 60 * 60 * 1000 - 24 * 60 * 60 * 1000;
  const sequence = { contact: new Map(), devis: new Map() };
  const requests = [];
  for (let index = 0; index < count; index += 1) {
    const created = new Date(now - span + Math.floor((span * index) / count) + Math.floor(random() * 60_000));
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const company = `${pick(COMPANY_KINDS)} ${pick(PLACES)}`;
    const kind = random() < 0.3 ? 'devis' : 'contact';
    const sentences = Array.from({ length: 3 + Math.floor(random() * 9) }, () => pick(SENTENCES));
    const message = `Bonjour,\n\n${sentences.join(' ')}\n\nCordialement,\n${first} ${last}\n${company}`;
    const year = created.getUTCFullYear();
    const number = (sequence[kind].get(year) ?? 0) + 1;
    sequence[kind].set(year, number);
    const base = newRequest(
      {
        kind,
        name: `${first} ${last}`,
        email: `${ascii(first)}.${ascii(last)}@${ascii(company)}.fr`,
        phone: `0${pick(['596', '590', '594', '696', '690', '694'])} ${String(Math.floor(random() * 1e6)).padStart(6, '0').replace(/(\d\d)(?=\d)/g, '$1 ')}`,
        company,
        subject: kind === 'devis' ? 'Demande de devis depuis la boutique en ligne' : pick(SUBJECTS),
        delai: kind === 'devis' ? 'Dès que possible' : pick(DELAYS),
        message,
        reference: `${kind === 'devis' ? 'DV' : 'CT'}-${year}-${String(number).padStart(5, '0')}`,
        territory: kind === 'devis' ? pick(TERRITORIES) : '',
      },
      created,
    );
    const statut = weighted(STATUS_WEIGHTS);
    const changed = statut === 'nouveau' ? created : new Date(Math.min(now, created.getTime() + Math.floor(random() * 20 * 24 * 60 * 60 * 1000)));
    requests.push({
      ...base,
      statut,
      updated_at: changed.toISOString(),
      mail_status: pick(['envoye', 'envoye', 'envoye', 'boite_locale', 'echec']),
      history: statut === 'nouveau' ? [] : [{ from: 'nouveau', to: statut, at: changed.toISOString() }],
    });
  }
  return requests;
}

/* ---- Run ---- */

const isolated = await isolatedProjectRoot(repoRoot);
let server;
try {
  const { newRequest, importRequests } = await import('../netlify/lib/requests/requests.ts');
  const requests = makeRequests(newRequest);
  const blobs = await connectBlobs(isolated.root);
  const seedStarted = performance.now();
  await importRequests(requests);
  await blobs.close();
  console.log(`Semis : ${count} demandes écrites en ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (${isolated.root})`);

  let auth;
  ({ server, auth } = await serveWithStaffSession({ projectRoot: isolated.root, port }));
  // The local server bundles a function on its first call: a refused query warms it without reading the index.
  const warm = await call('GET', `${server.url}/api/contact?statut=inconnu`, { headers: auth });
  console.log(`Appel à vide (authentification, sans lecture de l’index) : ${warm.ms.toFixed(0)} ms`);

  const first = await call('GET', `${server.url}/api/contact`, { headers: auth });
  if (first.status !== 200 || first.json.data.length !== Math.min(50, count) || first.json.counts.total !== count) {
    throw new Error(`first page wrong: ${first.status}, ${first.json.data?.length} requests, total ${first.json.counts?.total}`);
  }
  const newest = requests.at(-1);
  if (first.json.data[0].id !== newest.id) throw new Error('first page does not start with the newest request');

  // A search that must ignore accents and case, combined with nothing else: « belizaire » finds « Bélizaire ».
  const expected = requests.filter((r) => r.name.includes('Bélizaire') || r.message.includes('Bélizaire')).length;
  const search = await call('GET', `${server.url}/api/contact?q=belizaire&limit=100`, { headers: auth });
  if (search.status !== 200 || search.json.data.length !== Math.min(100, expected)) {
    throw new Error(`search wrong: ${search.status}, ${search.json.data?.length} found, ${expected} expected`);
  }

  const kb = first.bytes / 1024;
  const over = [];
  if (first.ms > TARGETS.firstPageMs) over.push(`première page ${first.ms.toFixed(0)} ms > ${TARGETS.firstPageMs} ms`);
  if (kb > TARGETS.firstPageKB) over.push(`première page ${kb.toFixed(1)} Ko > ${TARGETS.firstPageKB} Ko`);
  if (search.ms > TARGETS.searchMs) over.push(`recherche ${search.ms.toFixed(0)} ms > ${TARGETS.searchMs} ms`);
  if (over.length > 0) console.error(`Au-delà des objectifs : ${over.join(' ; ')}`);
  process.exitCode = over.length > 0 ? 1 : 0;
  console.log(`inbox: ${count} requests, first page ${first.ms.toFixed(0)} ms, ${kb.toFixed(1)} KB, search ${search.ms.toFixed(0)} ms`);
} catch (error) {
  console.error('bench-inbox:', error);
  process.exitCode = 1;
} finally {
  await server?.close();
  await isolated.remove();
}
