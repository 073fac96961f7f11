/**
 * Writes a large catalogue for the build benchmark, derived from the real one: the products of
 * content/catalogue/products.json repeated with unique ids, names and references until there are N,
 * with the real categories and ranges. It never writes into content/: the benchmark builds against the
 * folder it writes, through CATALOGUE_DIR.
 *
 *   node scripts/generate-catalogue.mjs --out DIR [--count 10000] [--from content/catalogue]
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

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

const real = JSON.parse(readFileSync(join(from, 'products.json'), 'utf8'));

/** The n-th copy of a product: the same product with its own id, name and reference (copy 0 is the product). */
function copy(product, n) {
  if (n === 0) return product;
  const reference = `${product.reference}-B${n}`;
  return {
    ...product,
    id: `${product.id}-b${n}`,
    name: `${product.name} (lot ${n})`.slice(0, 90),
    reference,
    specifications: product.specifications.map((row, index) => (index === 0 ? { ...row, value: reference } : row)),
  };
}

const products = Array.from({ length: count }, (_, i) => copy(real[i % real.length], Math.floor(i / real.length)));

mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'products.json'), JSON.stringify(products, null, 2) + '\n');
for (const name of ['categories.json', 'ranges.json']) cpSync(join(from, name), join(out, name));
console.log(`${products.length} produits dérivés de ${relative(root, from) || from} → ${out}`);
