/**
 * Customer companies (their shops, people and equipment) from and to a spreadsheet:
 *
 *   npm run clients -- import FICHIER.csv [--root DOSSIER]           # essai à blanc : le rapport, rien n'est écrit
 *   npm run clients -- import FICHIER.csv --apply [--root DOSSIER]   # écrit les sociétés nouvelles et modifiées
 *   npm run clients -- export [FICHIER.csv] [--root DOSSIER]         # toutes les sociétés, mêmes colonnes (sans fichier : sur la sortie)
 *
 * Works on the local data of `npm start` (DOSSIER/.netlify/blobs-serve, DOSSIER = this project by default),
 * or on the production site's Blobs when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are set. The rules live in
 * src/features/customers/client-file.ts; the report's last line is
 * `clients: N lignes, A nouveaux, M modifiés, U inchangés, R refusés`. Exit status 0 when no line is
 * refused and every company was written, 1 otherwise (and 2 for a file or a command that cannot be used).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine } from './lib/command-line.mjs';
import { connectBlobs } from './lib/local-blobs.mjs';
import { catalogueDir } from '../src/features/catalogue/dir.ts';
import { readProductFiles } from '../src/features/catalogue/files.server.ts';
import { CsvFileError } from '../src/lib/csv-read.ts';
import { clientReportLines, exportClientFile, planClientImport, readClientFile } from '../src/features/customers/client-file.ts';

const USAGE = `Usage : npm run clients -- import FICHIER.csv [--apply] [--root DOSSIER]
        npm run clients -- export [FICHIER.csv] [--root DOSSIER]`;
const { values, positionals } = commandLine(USAGE, {
  allowPositionals: true,
  options: { apply: { type: 'boolean', default: false }, root: { type: 'string' } },
});
const [command, file] = positionals;
if (!(command === 'import' && file && positionals.length === 2) && !(command === 'export' && positionals.length <= 2)) {
  console.error(USAGE);
  process.exit(2);
}
if (values.apply && command !== 'import') {
  console.error(`--apply ne vaut que pour import.\n${USAGE}`);
  process.exit(2);
}

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const root = values.root ?? projectRoot;

let bytes;
if (command === 'import') {
  try {
    bytes = readFileSync(file);
  } catch (error) {
    if (error?.code !== 'ENOENT') throw error;
    console.error(`${file} : fichier introuvable. Rien n’est écrit.`);
    process.exit(2);
  }
}

const blobs = await connectBlobs(root);
try {
  const { allCompanies, applyClientPlan } = await import('../netlify/lib/customers/client-import.ts');
  const companies = await allCompanies();
  if (command === 'export') {
    const csv = exportClientFile(companies);
    if (file) writeFileSync(file, csv);
    else process.stdout.write(csv);
    // Without a file the CSV goes to the output: the count then goes to the error output, out of the file.
    (file ? console.log : console.error)(`${companies.length} sociétés exportées${file ? ` dans ${file}` : ''} (${blobs.where} ; UTF-8 avec BOM, séparateur « ; »).`);
  } else {
    let list;
    try {
      list = readClientFile(bytes);
    } catch (error) {
      if (!(error instanceof CsvFileError)) throw error;
      console.error(`${file} : ${error.message}. Rien n’est écrit.`);
      process.exitCode = 2;
    }
    if (list) {
      console.log(`${file} : ${list.encoding}, séparateur « ${list.separator} », colonnes ${list.columns.join(', ')} (${blobs.where})`);
      const dir = isAbsolute(catalogueDir()) ? catalogueDir() : join(projectRoot, catalogueDir());
      const products = readProductFiles(dir).map(({ data }) => ({ id: data.id, name: data.name, reference: data.reference }));
      const plan = planClientImport(list, { companies, products, now: new Date() });
      const { failures } = values.apply ? await applyClientPlan(plan) : { failures: [] };
      for (const line of clientReportLines(plan, { applied: values.apply, failures })) console.log(line);
      process.exitCode = plan.counts.refused > 0 || failures.length > 0 ? 1 : 0;
    }
  }
} finally {
  await blobs.close();
}
