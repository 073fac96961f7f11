/**
 * `npm run clients -- import/export`: customer companies, their shops, people and equipment from a
 * spreadsheet's CSV into real Blobs (a BlobsServer) through saveCompany, with the French dry-run report and
 * its line numbers; Windows-1252 and « ; »; idempotent; an export imports back as « no change ».
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readProductFiles } from '../../src/features/catalogue/files.server.ts';
import { clientReportLines, exportClientFile, parseDay, planClientImport, readClientFile, type ClientPlan } from '../../src/features/customers/client-file.ts';
import { CsvFileError } from '../../src/lib/csv-read.ts';
import { allCompanies, applyClientPlan } from '../../netlify/lib/customers/client-import.ts';
import { findPersonByEmail, listCompanySummaries, newId, saveCompany } from '../../netlify/lib/customers/companies.ts';
import { connectBlobs } from '../../scripts/lib/local-blobs.mjs';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const example = readFileSync(join(root, 'tests/fixtures/customers/exemple-clients.csv'));
const products = readProductFiles(join(root, 'content/catalogue')).map(({ data }) => data as { id: string; name: string; reference: string });
const HEADER = 'type;code_client;nom;territoire;fin_contrat;adresse;email;telephone;magasin;produit;modele;numero_serie;sous_contrat';
const utf8 = (text: string) => new TextEncoder().encode(text);

let blobs: TestBlobs;
beforeEach(async () => {
  blobs = await startTestBlobs();
});
afterEach(async () => {
  await blobs.stop();
});

/** The plan of a file against what the Blobs hold now. */
const planOf = async (bytes: Uint8Array): Promise<ClientPlan> => planClientImport(readClientFile(bytes), { companies: await allCompanies(), products, now: new Date('2026-11-25T10:00:00Z') });
/** Dry run then --apply, as the script does. */
const importFile = async (bytes: Uint8Array) => {
  const plan = await planOf(bytes);
  return { plan, ...(await applyClientPlan(plan)) };
};
const writesSoFar = () => blobs.operations.filter((operation) => operation.type === 'set' || operation.type === 'delete').length;

describe('the example file', () => {
  it('dry run: every line would be created, the report says so line by line, and nothing is written', async () => {
    const plan = await planOf(example);
    expect(plan.counts).toEqual({ lines: 10, new: 10, changed: 0, unchanged: 0, refused: 0 });
    const report = clientReportLines(plan, { applied: false });
    expect(report).toContain('  ligne 2 : société C-00042 Supérette du Bourg');
    expect(report).toContain('  ligne 9 : équipement CR4K-778812 de C-00042');
    expect(report.at(-2)).toBe('Essai à blanc : rien n’est écrit (2 société(s) à écrire, dont 2 nouvelle(s)). Relancez avec --apply pour écrire.');
    expect(report.at(-1)).toBe('clients: 10 lignes, 10 nouveaux, 0 modifiés, 0 inchangés, 0 refusés');
    expect(writesSoFar()).toBe(0);
    expect(await listCompanySummaries()).toEqual([]);
  });

  it('--apply writes through saveCompany: the companies, their shops, people (addresses claimed) and equipment, linked to the catalogue', async () => {
    const { written, failures } = await importFile(example);
    expect({ written, failures }).toEqual({ written: 2, failures: [] });
    const summaries = await listCompanySummaries();
    expect(summaries.map(({ clientCode, people, equipment }) => ({ clientCode, people, equipment })).sort((a, b) => a.clientCode.localeCompare(b.clientCode))).toEqual([
      { clientCode: 'C-00042', people: 2, equipment: 3 },
      { clientCode: 'G-00107', people: 1, equipment: 0 },
    ]);
    const found = await findPersonByEmail('Marie.Lucien@superette-bourg.fr');
    expect(found?.person).toMatchObject({ name: 'Marie-Josée Lucien', phone: '0596 12 34 56', lastSignInAt: null });
    const company = found!.company;
    expect(company).toMatchObject({ name: 'Supérette du Bourg', territory: 'martinique', contractEndsOn: '2027-12-31' });
    const shop = (name: string) => company.shops.find((candidate) => candidate.name === name)!.id;
    expect(company.equipment).toEqual([
      { id: expect.any(String), productSlug: 'zebra-zd230t', model: 'Imprimante Zebra ZD230t', serial: 'D2J213401234', shopId: shop('Dillon'), underContract: true },
      // Named by its manufacturer reference: the product is found, its id kept.
      { id: expect.any(String), productSlug: 'zebra-tc22', model: 'Terminal mobile Zebra TC22', serial: '22123B4567', shopId: shop('Le Lamentin'), underContract: true },
      { id: expect.any(String), productSlug: null, model: 'Tiroir-caisse Posiflex CR-4000', serial: 'CR4K-778812', shopId: shop('Dillon'), underContract: false },
    ]);
    expect((await findPersonByEmail('gaelle@pharmacie-abymes.fr'))?.company.contractEndsOn).toBeNull();
  });

  it('is idempotent: the same file a second time changes nothing and writes no blob', async () => {
    await importFile(example);
    const before = await allCompanies();
    const writes = writesSoFar();
    const { plan, written } = await importFile(example);
    expect(plan.counts).toEqual({ lines: 10, new: 0, changed: 0, unchanged: 10, refused: 0 });
    expect(plan.writes).toEqual([]);
    expect(written).toBe(0);
    expect(writesSoFar()).toBe(writes);
    expect(await allCompanies()).toEqual(before);
  });

  it('a Windows-1252 file with « ; » (what French Excel saves) reads the same, accents intact', async () => {
    const bytes = iconv.encode(new TextDecoder().decode(example), 'windows-1252');
    const file = readClientFile(bytes);
    expect(file).toMatchObject({ encoding: 'Windows-1252', separator: ';' });
    await applyClientPlan(await planOf(bytes));
    expect((await findPersonByEmail('gaelle@pharmacie-abymes.fr'))?.person.name).toBe('Gaëlle Théodose');
    expect((await findPersonByEmail('gaelle@pharmacie-abymes.fr'))?.company.name).toBe('Pharmacie des Abymes');
    // The UTF-8 file imported after it changes nothing: same records.
    expect((await planOf(example)).counts).toMatchObject({ new: 0, changed: 0, unchanged: 10 });
  });
});

describe('changes and refusals', () => {
  it('a changed cell is reported « avant → après »; a column the file lacks changes nothing; an empty cell empties', async () => {
    await importFile(example);
    const { plan } = await importFile(
      utf8(`type;code_client;email;telephone;nom\npersonne;C-00042;marie.lucien@superette-bourg.fr;0696 11 22 33;\npersonne;c-00042;f.belizaire@superette-bourg.fr;;Frédéric Bélizaire\nsociété;C-00042;;;Supérette du Bourg\n`),
    );
    // Line 2: the name cell is empty, which a person cannot have: refused; line 3 empties the phone.
    expect(plan.outcomes).toEqual([
      { line: 2, kind: 'refused', reasons: ['nom de la personne manquant'] },
      { line: 3, kind: 'changed', what: 'personne f.belizaire@superette-bourg.fr de C-00042', changes: [{ field: 'telephone', before: '+596 696 00 00 00', after: '(vide)' }] },
      // Without territoire and fin_contrat columns, the company keeps its territory and its contract.
      { line: 4, kind: 'unchanged', what: 'société C-00042 Supérette du Bourg' },
    ]);
    const company = (await findPersonByEmail('f.belizaire@superette-bourg.fr'))!.company;
    expect(company.people.find((person) => person.email === 'f.belizaire@superette-bourg.fr')?.phone).toBe('');
    expect(company.contractEndsOn).toBe('2027-12-31');
    expect(clientReportLines(plan, { applied: true })).toContain('    telephone : +596 696 00 00 00 → (vide)');
  });

  it('bad rows are refused with their line and a French reason; the good ones go on; nothing refused is written', async () => {
    await importFile(example);
    await saveCompany(newId(), () => ({ ...blankCompany('M-00001', 'Quincaillerie du Marin'), people: [{ id: newId(), name: 'Éric Zénon', email: 'eric@quincaillerie.fr', phone: '', createdAt: '2026-01-01T00:00:00Z', lastSignInAt: null }] }));
    const rows = [
      'personne;C-00042;Loïc Nérée;;;;loic@;0596 00 00 00;;;;;', // 2
      'équipement;C-00042;;;;;;;Schœlcher;;Balance Mettler;BAL-1;oui', // 3
      'personne;C-00042;Éric Zénon;;;;eric@quincaillerie.fr;;;;;;', // 4
      'magasin;C-09999;Trinité;;;1 rue du Port;;;;;;;', // 5
      'facture;C-00042;;;;;;;;;;;', // 6
      'société;C-00043;Boulangerie de Trinité;martinique;30/02/2027;;;;;;;;', // 7
      'société;C-00044;Garage de Kourou;cayenne;;;;;;;;;', // 8
      'équipement;C-00042;;;;;;;;inconnu-xyz;;X-1;non', // 9
      'équipement;C-00042;;;;;;;Dillon;;Scanner;S-1;peut-être', // 10
      'personne;C-00042;Océane Lafleur;martinique;;;oceane@superette-bourg.fr;;;;;;', // 11
      'équipement;C-00042;;;;;;;;;Scanner Honeywell;S-2;oui', // 12
      'équipement;C-00042;;;;;;;;;Scanner Honeywell;s-2;non', // 13
      'Boutique;C-00042;Trinité;;;Route de Cosmy, 97220 Trinité;;;;;;;', // 14: what the admin calls a shop
      'personne;C-00042;Ludovic\u200bCalixte;;;;ludovic@superette-bourg.fr;;;;;;', // 15
      ';C-00042;;;;;;;;;;;', // 16
      'société;C 42;Cave du Moule;guadeloupe;;;;;;;;;', // 17
    ];
    const before = await allCompanies();
    const plan = await planOf(utf8(`${HEADER}\n${rows.join('\n')}\n`));
    const refused = Object.fromEntries(plan.outcomes.flatMap((outcome) => (outcome.kind === 'refused' ? [[outcome.line, outcome.reasons.join(' ; ')]] : [])));
    expect(refused).toEqual({
      2: 'adresse e-mail invalide « loic@ »',
      3: 'le magasin « Schœlcher » n’existe pas pour C-00042',
      4: 'l’adresse eric@quincaillerie.fr est déjà celle d’une personne d’une autre société (M-00001 Quincaillerie du Marin)',
      5: 'la société C-09999 n’existe pas (ni enregistrée, ni sur une ligne société acceptée du fichier)',
      6: 'type « facture » inconnu : société, magasin, personne ou équipement',
      7: 'fin_contrat « 30/02/2027 » : une date (2027-12-31 ou 31/12/2027), ou vide sans contrat',
      8: 'territoire « cayenne » inconnu : martinique, guadeloupe, guyane',
      9: 'produit « inconnu-xyz » absent du catalogue (son identifiant ou sa référence constructeur ; sinon laissez produit vide et remplissez modele)',
      10: 'sous_contrat « peut-être » : oui ou non (ou 1/0, true/false)',
      11: 'colonne territoire sans objet pour une ligne personne (« martinique »)',
      12: 'numéro de série s-2 de C-00042 présent(e) plusieurs fois (lignes 12, 13)',
      13: 'numéro de série s-2 de C-00042 présent(e) plusieurs fois (lignes 12, 13)',
      15: 'nom : caractère non autorisé\u00a0: espace invisible U+200B',
      16: 'type manquant (société, magasin, personne ou équipement)',
      17: 'code_client « C 42 » : lettres, chiffres et tirets seulement (20 caractères au plus)',
    });
    expect(plan.outcomes.find((outcome) => outcome.line === 14)).toMatchObject({ kind: 'new', what: 'magasin « Trinité » de C-00042' });
    const report = clientReportLines(plan, { applied: false });
    expect(report).toContain('  ligne 2 : adresse e-mail invalide « loic@ »');
    expect(report).toContain('  ligne 3 : le magasin « Schœlcher » n’existe pas pour C-00042');
    expect(report.at(-1)).toBe('clients: 16 lignes, 1 nouveaux, 0 modifiés, 0 inchangés, 15 refusés');
    await applyClientPlan(plan);
    const after = await allCompanies();
    // Only the accepted shop was written.
    const c42 = (list: typeof after) => list.find((company) => company.clientCode === 'C-00042')!;
    expect(c42(after).shops.map((shop) => shop.name)).toEqual([...c42(before).shops.map((shop) => shop.name), 'Trinité']);
    expect({ ...c42(after), shops: [], updatedAt: '' }).toEqual({ ...c42(before), shops: [], updatedAt: '' });
    expect(after.filter((company) => company.clientCode !== 'C-00042')).toEqual(before.filter((company) => company.clientCode !== 'C-00042'));
  });

  it('--apply puts a stored company the admin’s list lacks (a run stopped before writing it) back in the list', async () => {
    const lost = await saveCompany(newId(), () => blankCompany('P-00404', 'Cave du Moule'), new Date(), { index: false });
    expect(await listCompanySummaries()).toEqual([]);
    // It is found all the same (the import reads the companies' store), and any --apply lists it again.
    expect((await planOf(utf8('type;code_client;nom\nsociété;P-00404;Cave du Moule\n'))).counts).toMatchObject({ unchanged: 1 });
    await importFile(example);
    expect((await listCompanySummaries()).map((summary) => summary.id)).toContain(lost!.id);
  });

  it('a file the import cannot read is refused whole, in French', () => {
    expect(() => readClientFile(utf8('type;code;nom\n'))).toThrow(CsvFileError);
    expect(() => readClientFile(utf8('type;code;nom\n'))).toThrow('colonne(s) inconnue(s) : « code »');
    expect(() => readClientFile(utf8('code_client;nom\nC-1;x\n'))).toThrow('la colonne « type » (société, magasin, personne ou équipement) est obligatoire');
  });

  it('reads contract dates as spreadsheets write them, and only real days', () => {
    expect(['2027-12-31', '31/12/2027', '1/3/2027', '2027-02-29', '29/02/2028', 'demain'].map(parseDay)).toEqual(['2027-12-31', '2027-12-31', '2027-03-01', undefined, '2028-02-29', undefined]);
  });
});

describe('export', () => {
  it('round trip: the export imports back with no change; edited in a spreadsheet, only the edit is reported', async () => {
    await importFile(example);
    const exported = exportClientFile(await allCompanies());
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(exported);
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(text).toContain('équipement;C-00042;;;;;;;Dillon;zebra-zd230t;;D2J213401234;oui\r\n');
    const plan = await planOf(exported);
    expect(plan.counts).toEqual({ lines: 10, new: 0, changed: 0, unchanged: 10, refused: 0 });
    expect(plan.writes).toEqual([]);
    const edited = await planOf(utf8(text.replace('0590 88 12 34', '0590 88 00 00')));
    expect(edited.counts).toMatchObject({ changed: 1, unchanged: 9 });
    expect(edited.outcomes.find((outcome) => outcome.kind === 'changed')).toMatchObject({ changes: [{ field: 'telephone', before: '0590 88 12 34', after: '0590 88 00 00' }] });
  });
});

describe('npm run clients, on the local data of a project root', () => {
  const projectRoot = mkdtempSync(join(tmpdir(), 'clients-script-'));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [join(root, 'scripts/clients.mjs'), ...args, '--root', projectRoot], { cwd: root, env: { ...process.env, NETLIFY_SITE_ID: '', NETLIFY_AUTH_TOKEN: '' }, encoding: 'utf8', timeout: 60_000 });
  afterAll(() => rmSync(projectRoot, { recursive: true, force: true }));

  it('import, --apply, export, and the export imported back: no change', async () => {
    const example = join(root, 'tests/fixtures/customers/exemple-clients.csv');
    const dry = run('import', example);
    expect(dry.status).toBe(0);
    expect(dry.stdout.trim().split('\n').at(-1)).toBe('clients: 10 lignes, 10 nouveaux, 0 modifiés, 0 inchangés, 0 refusés');
    const applied = run('import', example, '--apply');
    expect(applied.stdout).toContain('Écrit : 2 société(s) sur 2 à écrire, dont 2 nouvelle(s).');
    expect(applied.status).toBe(0);
    const file = join(projectRoot, 'clients.csv');
    const exported = run('export', file);
    expect(exported.status).toBe(0);
    expect(exported.stdout).toMatch(/^2 sociétés exportées dans /);
    const again = run('import', file);
    expect(again.stdout.trim().split('\n').at(-1)).toBe('clients: 10 lignes, 0 nouveaux, 0 modifiés, 10 inchangés, 0 refusés');
    // The script wrote the project root's local Blobs, the ones `npm start` serves.
    const local = await connectBlobs(projectRoot);
    try {
      expect((await listCompanySummaries()).map((summary) => summary.clientCode).sort()).toEqual(['C-00042', 'G-00107']);
    } finally {
      await local.close();
    }
    writeFileSync(join(projectRoot, 'bad.csv'), 'type;prix\n');
    const bad = run('import', join(projectRoot, 'bad.csv'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('colonne(s) inconnue(s) : « prix »');
  }, 120_000);
});

/** A company with nothing in it. */
function blankCompany(clientCode: string, name: string) {
  return { id: '', name, clientCode, territory: 'martinique' as const, shops: [], contractEndsOn: null, people: [], equipment: [], createdAt: '2026-01-01T00:00:00Z', updatedAt: '' };
}
