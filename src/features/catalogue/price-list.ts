/**
 * Supplier price lists: a CSV as spreadsheets and suppliers write it, read into the catalogue, and the
 * catalogue written back in the same columns. Pure functions (bytes → rows → plan → report, and the
 * catalogue → bytes), so `npm run catalogue` is a thin script and every rule is tested on fixtures.
 *
 * - Reading (encoding, separator, header, line numbers): src/lib/csv-read.ts, shared with the customers'
 *   import. At most MAX_PRICE_LIST_ROWS rows.
 * - Columns: a header row of French names, in any order; `reference` required, an unknown name refuses
 *   the file. A row matches a product by manufacturer reference: a known reference (whatever its case) updates only the
 *   columns present and non-empty, a new one creates a product (id from its name, made unique; the next
 *   code; the category's drawing when no image is given). A product absent from the file is left alone.
 * - Numbers: decimal comma or point, thousands spaces (« 1 234,50 »), a trailing « € ».
 * - Every row is checked against the product schema and, all rows together, the whole-catalogue rules the
 *   build applies: a row that would break one is refused with its line and reason; the others go on.
 */
import type { z } from 'astro/zod';
import { checkCatalogue, productFile, type CatalogueProblem } from './check.ts';
import { codeSequence } from './code.ts';
import { byCode } from './files.server.ts';
import { csvDocument, csvNumber, type CsvCell } from '../../lib/csv.ts';
import { parseYesNo, readCsvTable, type CsvTable } from '../../lib/csv-read.ts';
import { formatEuros } from '../../lib/price.ts';
import { productSchema, REFERENCE_SPEC_LABEL, type Category, type Product, type Range } from './schema.ts';

/** The columns of a price list, in the order an export writes them, with the product field each fills. */
export const COLUMNS = {
  reference: 'reference',
  nom: 'name',
  categorie: 'category',
  sous_categorie: 'subcategory',
  prix_ht: 'priceHT',
  ancien_prix_ht: 'oldPrice',
  en_stock: 'inStock',
  badge: 'badge',
  description: 'description',
  image: 'image',
} as const satisfies Record<string, keyof Product>;

export type Column = keyof typeof COLUMNS;
const COLUMN_NAMES = Object.keys(COLUMNS) as Column[];
/** The column of each product field, to name a field the way the editor's file does. */
const COLUMN_OF = Object.fromEntries(Object.entries(COLUMNS).map(([column, field]) => [field, column])) as Record<string, Column>;

/** The columns a new product needs (the others have a default or are optional). */
const REQUIRED_FOR_NEW: readonly Column[] = ['nom', 'categorie', 'sous_categorie', 'prix_ht', 'description'];

/** The label of the second specification row of a product created by an import. */
export const RANGE_SPEC_LABEL = 'Gamme';

/** A file the import cannot read at all: its message says why, in French. */
export { CsvFileError as PriceListError } from '../../lib/csv-read.ts';

/** The most data rows a price list may have: beyond, the file is refused before any row is read. */
export const MAX_PRICE_LIST_ROWS = 50_000;

/** A price list as read: its encoding, separator and columns, and each data row with its line (the header is line 1). */
export type PriceList = CsvTable<Column>;

/** Reads a price list's bytes into rows (src/lib/csv-read.ts); throws a PriceListError when the file itself cannot be used. */
export const readPriceList = (bytes: Uint8Array): PriceList =>
  readCsvTable(bytes, { columns: COLUMN_NAMES, required: { column: 'reference', description: 'référence constructeur' }, maxRows: MAX_PRICE_LIST_ROWS, rowsName: 'lignes de produits' });

// ---------------------------------------------------------------------------------------------------
// Values

/**
 * A price as spreadsheets write it: « 1 234,50 », « 1234.5 », « 1.234,50 », « 12,00 € ». Spaces of any
 * kind group thousands; with both a comma and a point, the last one is the decimal mark; a lone comma or
 * a lone point is the decimal mark (three decimals then reach the schema, which refuses them); repeated
 * points or commas group thousands. Undefined when it is not a number.
 */
export function parsePrice(text: string): number | undefined {
  let value = text.replace(/\s*€\s*$/u, '').replace(/[\s\u00a0\u202f]/gu, '');
  const sign = value.startsWith('-') ? -1 : 1;
  if (sign < 0) value = value.slice(1);
  const comma = value.lastIndexOf(',');
  const point = value.lastIndexOf('.');
  const once = (mark: string) => value.split(mark).length === 2;
  const decimal = comma >= 0 && point >= 0 ? (comma > point ? ',' : '.') : comma >= 0 && once(',') ? ',' : point >= 0 && once('.') ? '.' : undefined;
  const at = decimal ? value.lastIndexOf(decimal) : value.length;
  const whole = value.slice(0, at);
  const fraction = value.slice(at + 1);
  const grouped = whole.replace(/[.,]/g, '');
  if (!/^\d+$/.test(grouped) || (whole !== grouped && !/^\d{1,3}(?:[.,]\d{3})+$/.test(whole))) return undefined;
  if (decimal && !/^\d+$/.test(fraction)) return undefined;
  return sign * Number(decimal ? `${grouped}.${fraction}` : grouped);
}

/** The product fields a row sets, or the reasons it cannot (a value of the wrong kind, an unknown category). */
function rowFields(values: Partial<Record<Column, string>>, categories: ReadonlyMap<string, Category>): { fields: Partial<Product>; reasons: string[] } {
  const fields: Record<string, unknown> = {};
  const reasons: string[] = [];
  for (const [column, text] of Object.entries(values) as [Column, string][]) {
    const field = COLUMNS[column];
    if (column === 'prix_ht' || column === 'ancien_prix_ht') {
      const price = parsePrice(text);
      if (price === undefined) reasons.push(`${column} « ${text} » n’est pas un prix`);
      else if (price <= 0) reasons.push(`${column} « ${text} » : un prix doit être positif`);
      else fields[field] = price;
    } else if (column === 'en_stock') {
      const inStock = parseYesNo(text);
      if (inStock === undefined) reasons.push(`en_stock « ${text} » : oui ou non (ou 1/0, true/false)`);
      else fields[field] = inStock;
    } else if (column === 'categorie') {
      if (!categories.has(text)) reasons.push(`catégorie inconnue « ${text} » ; catégories : ${[...categories.keys()].join(', ')}`);
      else fields[field] = text;
    } else {
      fields[field] = text;
    }
  }
  return { fields: fields as Partial<Product>, reasons };
}

/** A schema issue in the editor's words: the column (or field) and what is wrong, in French. */
function issueText(issue: z.core.$ZodIssue): string {
  const field = String(issue.path[0] ?? '');
  const name = COLUMN_OF[field] ?? field;
  if (issue.code === 'too_big' && issue.origin === 'string') return `${name} : ${issue.maximum} caractères au plus`;
  if (issue.code === 'too_small' && issue.origin === 'string') return `${name} : ${issue.minimum} caractères au moins`;
  if (issue.code === 'too_small' && issue.origin === 'number') return `${name} : doit être positif`;
  if (issue.code === 'custom' || issue.code === 'invalid_format' || issue.code === 'invalid_union') return `${name} : ${issue.message}`;
  return `${name} : valeur refusée (${issue.message})`;
}

/** The id a new product takes: its name as a slug, with -2, -3… when taken. */
export function productIdFor(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'produit';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

// ---------------------------------------------------------------------------------------------------
// The plan

/** The catalogue as the import sees it: each product with its file, and the lists it checks against. */
export interface CatalogueState {
  products: readonly { file: string; product: Product }[];
  categories: readonly Category[];
  ranges: readonly Range[];
  /** Whether an image path is a file of the site (under public/); every path is when not given. */
  imageExists?: (image: string) => boolean;
}

export interface FieldChange {
  column: Column;
  before: string;
  after: string;
}

export type RowOutcome =
  | { line: number; kind: 'new'; product: Product }
  | { line: number; kind: 'changed'; product: Product; changes: FieldChange[] }
  | { line: number; kind: 'unchanged'; product: Product }
  | { line: number; kind: 'refused'; reference?: string; reasons: string[] };

export interface ImportPlan {
  outcomes: RowOutcome[];
  /** The product files to write (new and changed products), in line order. */
  writes: Product[];
  counts: { lines: number; new: number; changed: number; unchanged: number; refused: number };
}

/** A value as the report and the export show it. */
function shown(column: Column, value: unknown): string {
  if (value === undefined) return '(vide)';
  if (column === 'prix_ht' || column === 'ancien_prix_ht') return formatEuros(value as number);
  if (column === 'en_stock') return value ? 'oui' : 'non';
  return String(value);
}

/** The rows of a price list matched to the catalogue: what each would do, refusals with their reasons. */
export function planImport(list: Pick<PriceList, 'rows'>, catalogue: CatalogueState): ImportPlan {
  const categories = new Map(catalogue.categories.map((category) => [category.id, category]));
  // A reference names one product whatever its case: « zt411 » updates the product « ZT411 ».
  const byReference = new Map(catalogue.products.map((entry) => [entry.product.reference.toLowerCase(), entry]));
  const takenIds = new Set(catalogue.products.map((entry) => entry.product.id));
  const newCode = codeSequence(catalogue.products.map((entry) => entry.product.code));
  const imageExists = catalogue.imageExists ?? (() => true);

  const linesOf = new Map<string, number[]>();
  for (const row of list.rows) {
    const reference = row.values.reference;
    if (reference === undefined) continue;
    const key = reference.toLowerCase();
    const lines = linesOf.get(key);
    if (lines) lines.push(row.line);
    else linesOf.set(key, [row.line]);
  }

  const outcomes = list.rows.map((row): RowOutcome => {
    const reference = row.values.reference;
    const refused = (reasons: string[]): RowOutcome => ({ line: row.line, kind: 'refused', ...(reference ? { reference } : {}), reasons });
    if (row.unreadable) return refused([row.unreadable]);
    if (reference === undefined) return refused(['référence manquante']);
    const twice = linesOf.get(reference.toLowerCase())!;
    if (twice.length > 1) return refused([`référence « ${reference} » présente plusieurs fois (lignes ${twice.join(', ')})`]);

    const { fields, reasons } = rowFields(row.values, categories);
    if (reasons.length > 0) return refused(reasons);
    const existing = byReference.get(reference.toLowerCase())?.product;

    let product: Product;
    if (existing) {
      // The product keeps its reference as stored: a reference never changes, its case included.
      product = { ...existing, ...fields, reference: existing.reference };
    } else {
      const missing = REQUIRED_FOR_NEW.filter((column) => row.values[column] === undefined);
      if (missing.length > 0) return refused([`nouveau produit : colonne(s) ${missing.join(', ')} à remplir`]);
      const id = productIdFor(fields.name!, takenIds);
      product = {
        id,
        code: '',
        name: fields.name!,
        category: fields.category!,
        subcategory: fields.subcategory!,
        reference,
        priceHT: fields.priceHT!,
        image: fields.image ?? categories.get(fields.category!)!.image,
        ...(fields.badge !== undefined ? { badge: fields.badge } : {}),
        ...(fields.oldPrice !== undefined ? { oldPrice: fields.oldPrice } : {}),
        inStock: fields.inStock ?? true,
        description: fields.description!,
        specifications: [
          { label: REFERENCE_SPEC_LABEL, value: reference },
          { label: RANGE_SPEC_LABEL, value: fields.subcategory! },
        ],
      };
    }
    const parsed = productSchema.safeParse(existing ? product : { ...product, code: 'AR00000' });
    const problems = parsed.success ? [] : parsed.error.issues.map(issueText);
    // Only a path the schema accepted (inside the image folders) is looked for on disk.
    if (parsed.success && fields.image !== undefined && !imageExists(fields.image)) problems.push(`image : fichier public${fields.image} introuvable`);
    if (problems.length > 0) return refused(problems);

    if (!existing) {
      takenIds.add(product.id);
      product.code = newCode();
      return { line: row.line, kind: 'new', product };
    }
    const changes = (Object.keys(fields) as (keyof Product)[])
      .filter((field) => field !== 'reference' && fields[field] !== existing[field])
      .map((field) => ({ column: COLUMN_OF[field]!, before: shown(COLUMN_OF[field]!, existing[field]), after: shown(COLUMN_OF[field]!, fields[field]) }));
    return changes.length > 0 ? { line: row.line, kind: 'changed', product, changes } : { line: row.line, kind: 'unchanged', product };
  });

  refuseWhatBreaksTheCatalogue(outcomes, catalogue);

  const counts = { lines: outcomes.length, new: 0, changed: 0, unchanged: 0, refused: 0 };
  for (const outcome of outcomes) counts[outcome.kind] += 1;
  const writes = outcomes.flatMap((outcome) => (outcome.kind === 'new' || outcome.kind === 'changed' ? [outcome.product] : []));
  return { outcomes, writes, counts };
}

/** A problem as a comparable key. */
const problemKey = (problem: CatalogueProblem): string => `${problem.entry}|${problem.field}|${problem.message}`;

/** The product fields a whole-catalogue rule about this field depends on. */
const RULE_FIELDS: Record<string, readonly (keyof Product)[]> = {
  category: ['category'],
  subcategory: ['category', 'subcategory'],
  priceHT: ['category', 'subcategory', 'priceHT'],
  inStock: ['inStock'],
  oldPrice: ['oldPrice'],
  badge: ['badge'],
};

/**
 * Runs the build's whole-catalogue rules on the catalogue as the rows would leave it, and refuses the rows
 * behind any problem the catalogue did not have before: the row whose product file is named, or, for a rule
 * about the whole set (at least one product out of stock, the resin ribbon at 50 € HT…), the rows changing
 * a field that rule reads. Repeated until the remaining rows break nothing, so what --apply writes builds.
 */
function refuseWhatBreaksTheCatalogue(outcomes: RowOutcome[], catalogue: CatalogueState): void {
  const before = new Set(checkCatalogue(catalogue.products.map(({ file, product }) => ({ ...product, file })), catalogue.ranges).map(problemKey));
  for (;;) {
    const active = outcomes.flatMap((outcome, index) => (outcome.kind === 'new' || outcome.kind === 'changed' ? [{ outcome, index }] : []));
    if (active.length === 0) return;
    const byFile = new Map(active.map((entry) => [productFile(entry.outcome.product.id), entry]));
    const existingFiles = new Set(catalogue.products.map(({ file }) => file));
    const after = [
      ...catalogue.products.map(({ file, product }) => byFile.get(file)?.outcome.product ?? { ...product, file }),
      ...active.filter(({ outcome }) => outcome.kind === 'new' && !existingFiles.has(productFile(outcome.product.id))).map(({ outcome }) => outcome.product),
    ];
    const fresh = checkCatalogue(after, catalogue.ranges).filter((problem) => !before.has(problemKey(problem)));
    if (fresh.length === 0) return;
    const reasons = new Map<number, string[]>();
    const blame = (index: number, problem: CatalogueProblem) =>
      reasons.set(index, [...(reasons.get(index) ?? []), `${COLUMN_OF[problem.field] ?? problem.field} : ${problem.message}`]);
    for (const problem of fresh) {
      const named = byFile.get(problem.entry);
      if (named) {
        blame(named.index, problem);
        continue;
      }
      const fields = RULE_FIELDS[problem.field] ?? (Object.values(COLUMNS) as (keyof Product)[]);
      const culprits = active.filter(({ outcome }) => outcome.kind === 'new' || outcome.changes.some((change) => fields.includes(COLUMNS[change.column])));
      for (const { index } of culprits.length > 0 ? culprits : active) blame(index, problem);
    }
    for (const [index, list] of reasons) {
      const outcome = outcomes[index]!;
      outcomes[index] = { line: outcome.line, kind: 'refused', reference: (outcome as { product: Product }).product.reference, reasons: list };
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The report

/** The report's last line, exactly as scripts and people read it. */
export const summaryLine = ({ counts }: Pick<ImportPlan, 'counts'>): string =>
  `catalogue: ${counts.lines} lignes, ${counts.new} nouveaux, ${counts.changed} modifiés, ${counts.unchanged} inchangés, ${counts.refused} refusés`;

/** The French report of a plan: new products, changed fields (avant → après), unchanged count, refused lines, summary last. */
export function reportLines(plan: ImportPlan, { applied }: { applied: boolean }): string[] {
  const lines: string[] = [];
  const of = <K extends RowOutcome['kind']>(kind: K) => plan.outcomes.filter((o): o is Extract<RowOutcome, { kind: K }> => o.kind === kind);
  const created = of('new');
  if (created.length > 0) {
    lines.push(`Nouveaux produits (${created.length}) :`);
    for (const { line, product } of created) lines.push(`  ligne ${line} : ${product.code} ${product.name} (réf. ${product.reference}) → ${productFile(product.id)}`);
  }
  const changed = of('changed');
  if (changed.length > 0) {
    lines.push(`Produits modifiés (${changed.length}) :`);
    for (const { line, product, changes } of changed) {
      lines.push(`  ligne ${line} : ${product.code} ${product.name} (réf. ${product.reference})`);
      for (const change of changes) lines.push(`    ${change.column} : ${change.before} → ${change.after}`);
    }
  }
  lines.push(`Produits inchangés : ${plan.counts.unchanged}`);
  const refused = of('refused');
  if (refused.length > 0) {
    lines.push(`Lignes refusées (${refused.length}) :`);
    for (const { line, reference, reasons } of refused) lines.push(`  ligne ${line}${reference ? ` (réf. ${reference})` : ''} : ${reasons.join(' ; ')}`);
  }
  lines.push(
    applied
      ? `Écrit : ${plan.writes.length} fichier(s) produit.`
      : plan.writes.length > 0
        ? 'Essai à blanc : rien n’est écrit. Relancez avec --apply pour écrire les nouveaux produits et les modifications.'
        : 'Essai à blanc : rien n’est écrit.',
  );
  lines.push(summaryLine(plan));
  return lines;
}

// ---------------------------------------------------------------------------------------------------
// Export

/**
 * The whole catalogue as a price list: every column, through the site's one CSV writer (UTF-8 with BOM,
 * « ; », decimal comma, as French Excel reads it; a text a spreadsheet would run as a formula made inert
 * with an apostrophe, which the import removes again); prices are number cells.
 */
export function exportPriceList(products: readonly Product[]): Uint8Array {
  const rows = [...products].sort(byCode).map((product) =>
    COLUMN_NAMES.map((column): CsvCell => {
      const value = product[COLUMNS[column]];
      if (value === undefined) return '';
      return column === 'prix_ht' || column === 'ancien_prix_ht' ? csvNumber(value as number, 2) : column === 'en_stock' ? (value ? 'oui' : 'non') : String(value);
    }),
  );
  return new TextEncoder().encode(csvDocument([COLUMN_NAMES, ...rows], { quoteAll: false }));
}
