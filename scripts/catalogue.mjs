/**
 * The catalogue as its editors keep it, from a spreadsheet:
 *
 *   npm run catalogue -- import FICHIER.csv            # essai à blanc : le rapport, rien n'est écrit
 *   npm run catalogue -- import FICHIER.csv --apply    # écrit les produits nouveaux et modifiés
 *   npm run catalogue -- export FICHIER.csv            # tout le catalogue, mêmes colonnes
 *
 * Works on content/catalogue (or the folder CATALOGUE_DIR names). The rules live in
 * src/features/catalogue/price-list.ts; the report's last line is
 * `catalogue: N lignes, A nouveaux, M modifiés, U inchangés, R refusés`. Exit status 0 when no line is
 * refused, 1 otherwise (and 2 for a file or a command that cannot be used).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueDir } from '../src/features/catalogue/dir.ts';
import { readCatalogueLists, readProductFiles, writeProductFile } from '../src/features/catalogue/files.server.ts';
import { commandLine } from './lib/command-line.mjs';
import { exportPriceList, planImport, PriceListError, readPriceList, reportLines } from '../src/features/catalogue/price-list.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'Usage : npm run catalogue -- import FICHIER.csv [--apply]\n        npm run catalogue -- export FICHIER.csv';
const { values, positionals } = commandLine(USAGE, { allowPositionals: true, options: { apply: { type: 'boolean', default: false } } });
const [command, file] = positionals;
if (!['import', 'export'].includes(command ?? '') || !file || positionals.length > 2) {
  console.error(USAGE);
  process.exit(2);
}

const dir = isAbsolute(catalogueDir()) ? catalogueDir() : join(root, catalogueDir());
const products = readProductFiles(dir).map(({ file: path, data }) => ({ file: path, product: data }));

if (command === 'export') {
  writeFileSync(file, exportPriceList(products.map(({ product }) => product)));
  console.log(`${products.length} produits exportés dans ${file} (UTF-8 avec BOM, séparateur « ; », virgule décimale).`);
  process.exit(0);
}

let list;
try {
  list = readPriceList(readFileSync(file));
} catch (error) {
  if (!(error instanceof PriceListError) && error?.code !== 'ENOENT') throw error;
  console.error(`${file} : ${error instanceof PriceListError ? error.message : 'fichier introuvable'}. Rien n’est écrit.`);
  process.exit(2);
}
console.log(`${file} : ${list.encoding}, séparateur « ${list.separator} », colonnes ${list.columns.join(', ')}`);

const publicDir = join(root, 'public');
const plan = planImport(list, { products, ...readCatalogueLists(dir), imageExists: (image) => existsSync(join(publicDir, image)) });
if (values.apply) for (const product of plan.writes) writeProductFile(dir, product);
for (const line of reportLines(plan, { applied: values.apply })) console.log(line);
process.exitCode = plan.counts.refused > 0 ? 1 : 0;
