/**
 * Writes a large catalogue for the benchmarks, derived from the real one and in its layout (one file per
 * product in products/): the real products, in catalogue order, repeated with unique ids, codes, names and
 * references until there are N, with the real categories and ranges. It never writes into content/: the
 * benchmarks build and import against the folder it writes, through CATALOGUE_DIR or --catalogue.
 *
 *   node scripts/generate-catalogue.mjs --out DIR [--count 10000] [--from content/catalogue]
 */
import { cpSync, mkdirSync } from 'node:fs';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatCode } from '../src/features/catalogue/code.ts';
import { byCode, PRODUCTS_FOLDER, readProductFiles, writeProductFile } from '../src/features/catalogue/files.server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { out: { type: 'string' }, count: { type: 'string', default: '10000' }, from: { type: 'string', default: 'content/catalogue' } } });

const from = resolve(root, values.from);
const out = values.out ? resolve(values.out) : undefined;
const inside = (dir, parent) => {
  const path = relative(parent, dir);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
};
if (!out) {
  console.error('Indiquez le dossier de sortie : --out DOSSIER (jamais content/).');
  process.exit(1);
}
if (inside(out, join(root, 'content'))) {
  console.error(`Refusé : ${out} est dans content/, la source du vrai catalogue.`);
  process.exit(1);
}
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) {
  console.error(`--count doit être un nombre entier positif (reçu : ${values.count}).`);
  process.exit(1);
}

const real = readProductFiles(from).map(({ data }) => data).sort(byCode);

/**
 * The n-th copy of a product: the same product with its own id, name and reference (copy 0 is the
 * product). Codes follow the order of the generated catalogue.
 */
function copy(product, n, index) {
  const code = formatCode(index + 1);
  if (n === 0) return { ...product, code };
  const reference = `${product.reference}-B${n}`;
  return {
    ...product,
    id: `${product.id}-b${n}`,
    code,
    name: `${product.name} (lot ${n})`.slice(0, 90),
    reference,
    specifications: product.specifications.map((row, index) => (index === 0 ? { ...row, value: reference } : row)),
  };
}

const products = Array.from({ length: count }, (_, i) => copy(real[i % real.length], Math.floor(i / real.length), i));

mkdirSync(join(out, PRODUCTS_FOLDER), { recursive: true });
for (const product of products) writeProductFile(out, product);
for (const name of ['categories.json', 'ranges.json']) cpSync(join(from, name), join(out, name));
console.log(`${products.length} produits dérivés de ${relative(root, from) || from} → ${out}`);
