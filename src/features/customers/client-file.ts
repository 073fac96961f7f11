/**
 * Customer companies as staff keep them in a spreadsheet: one CSV carrying companies, their shops, their
 * people and their equipment, read into the stored companies, and the stored companies written back in the
 * same columns. Pure functions (bytes → rows → plan → report, and the companies → bytes), so
 * `npm run clients` is a thin script and every rule is tested on fixtures.
 *
 * - The file: read by src/lib/csv-read.ts (UTF-8 or Windows-1252, « ; » or « , », a header row in any
 *   order). One row per record; its `type` says which: société, magasin, personne, équipement (case and
 *   accents ignored); `code_client` ties every row to its company.
 * - Keys: a company by its client code (case ignored), a shop by its name within its company, a person by
 *   their e-mail address (lower-cased), a piece of equipment by its serial number within its company. A
 *   known key updates that record, a new one creates it; a record absent from the file is left alone (the
 *   import never removes anything).
 * - Cells: a column the file lacks changes nothing; an empty cell of a column it has empties the field
 *   (no phone, no contract, no shop, not under contract). A cell in a column the row's type does not use
 *   refuses the row (a column shifted by one in a spreadsheet).
 * - Rows are taken company rows first, then shops, people and equipment, so their order in the file does
 *   not matter. A refused row never stops the others; rows that depend on a refused new company are refused.
 * - Importing an export changes nothing: the same file twice changes nothing the second time.
 */
import { z } from '../../records/zod.ts';
import { forbiddenCharacter, forbiddenCharacterPhrase } from '../../lib/characters.ts';
import { csvDocument, type CsvCell } from '../../lib/csv.ts';
import { parseYesNo, plainName, readCsvTable, type CsvRow, type CsvTable } from '../../lib/csv-read.ts';
import { isTerritoryId, TERRITORIES } from '../../lib/territories.ts';
import { CLIENT_CODE } from './admin-api.ts';
import { normalEmail, type Company, type Equipment, type Person, type Shop } from './model.ts';

/** The columns of the file, in the order an export writes them. */
export const CLIENT_COLUMNS = [
  'type',
  'code_client',
  'nom',
  'territoire',
  'fin_contrat',
  'adresse',
  'email',
  'telephone',
  'magasin',
  'produit',
  'modele',
  'numero_serie',
  'sous_contrat',
] as const;
export type ClientColumn = (typeof CLIENT_COLUMNS)[number];

/** The most data rows a file may have (2 000 companies of 5 people and 20 pieces of equipment fit). */
export const MAX_CLIENT_ROWS = 100_000;

/** The kinds of row, as the `type` cell names them (plain: no accent, lower case) and as the report does. */
const KINDS = {
  societe: { label: 'société', columns: ['nom', 'territoire', 'fin_contrat'] },
  magasin: { label: 'magasin', columns: ['nom', 'adresse'] },
  personne: { label: 'personne', columns: ['nom', 'email', 'telephone'] },
  equipement: { label: 'équipement', columns: ['produit', 'modele', 'numero_serie', 'magasin', 'sous_contrat'] },
} as const satisfies Record<string, { label: string; columns: readonly ClientColumn[] }>;
type Kind = keyof typeof KINDS;
const KIND_ORDER: readonly Kind[] = ['societe', 'magasin', 'personne', 'equipement'];

/** The longest text each column takes (the admin's forms' limits, src/features/customers/admin-api.ts). */
const MAX_LENGTH: Partial<Record<ClientColumn, number>> = {
  code_client: 20,
  nom: 120,
  adresse: 300,
  email: 254,
  telephone: 40,
  magasin: 120,
  produit: 120,
  modele: 120,
  numero_serie: 80,
};

export type ClientFile = CsvTable<ClientColumn>;

/** Reads a customers file's bytes into rows; throws a CsvFileError (French) when the file itself cannot be used. */
export const readClientFile = (bytes: Uint8Array): ClientFile =>
  readCsvTable(bytes, { columns: CLIENT_COLUMNS, required: { column: 'type', description: 'société, magasin, personne ou équipement' }, maxRows: MAX_CLIENT_ROWS, rowsName: 'lignes' });

/** A catalogue product as equipment names it: by its id (the page's slug), or by its manufacturer reference. */
export interface CatalogueProduct {
  id: string;
  name: string;
  reference: string;
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export type ClientRowOutcome =
  | { line: number; kind: 'new' | 'unchanged'; what: string }
  | { line: number; kind: 'changed'; what: string; changes: FieldChange[] }
  | { line: number; kind: 'refused'; reasons: string[] };

/** The company as the rows leave it: apply() runs them again on what is stored when --apply writes (same ids). */
export interface CompanyWrite {
  id: string;
  clientCode: string;
  /** Whether the company is new. */
  created: boolean;
  /** The stored company (undefined for a new one) changed by this import's rows; undefined when they change nothing. */
  apply: (current: Company | undefined) => Company | undefined;
}

export interface ClientPlan {
  outcomes: ClientRowOutcome[];
  writes: CompanyWrite[];
  counts: { lines: number; new: number; changed: number; unchanged: number; refused: number };
}

export interface ClientPlanContext {
  companies: readonly Company[];
  products: readonly CatalogueProduct[];
  /** The time written on new records. */
  now: Date;
  /** A new id (a company, a shop, a person, a piece of equipment). */
  newId?: () => string;
}

/** A date as a spreadsheet writes it (2027-12-31 or 31/12/2027) as YYYY-MM-DD; undefined when not a real day. */
export function parseDay(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1]!, iso[2]!, iso[3]!] : french ? [french[3]!, french[2]!.padStart(2, '0'), french[1]!.padStart(2, '0')] : [];
  if (!year) return undefined;
  const value = `${year}-${month}-${day}`;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
}

const emailSchema = z.email();
const sameText = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
const territoryIds = TERRITORIES.map((territory) => territory.id);

/** A record's fields as the report shows them: « (vide) » for nothing. */
const shown = (value: string | boolean | null | undefined): string => (value === null || value === undefined || value === '' ? '(vide)' : typeof value === 'boolean' ? (value ? 'oui' : 'non') : value);

/** The changes between two versions of a record, field by field (the column names of the file). */
function changesOf(before: Record<string, string | boolean | null>, after: Record<string, string | boolean | null>): FieldChange[] {
  return Object.keys(after)
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field, before: shown(before[field]), after: shown(after[field]) }));
}

/** One accepted row, ready to run on a company: it changes the working copy it is given. */
type RowChange = (company: Company) => void;

interface CompanyWork {
  id: string;
  clientCode: string;
  stored: Company | undefined;
  /** For a new company: the record its société row makes (before any other row). */
  base: Company | undefined;
  changes: RowChange[];
  /** The company as the rows accepted so far leave it (to check the next rows against). */
  draft: Company;
}

/** Deep copy of a company (plain JSON data). */
const copy = (company: Company): Company => structuredClone(company);
/** A company compared without its update time. */
const sameCompany = (a: Company, b: Company): boolean => JSON.stringify({ ...a, updatedAt: '' }) === JSON.stringify({ ...b, updatedAt: '' });

/** The rows of a customers file matched to the stored companies: what each would do, refusals with their reasons. */
export function planClientImport(file: Pick<ClientFile, 'rows' | 'columns'>, context: ClientPlanContext): ClientPlan {
  const newId = context.newId ?? (() => crypto.randomUUID());
  const now = context.now.toISOString();
  const has = (column: ClientColumn) => file.columns.includes(column);
  const outcomes = new Map<CsvRow<ClientColumn>, ClientRowOutcome>();
  const byCode = new Map(context.companies.map((company) => [company.clientCode.toUpperCase(), company]));
  const emailOwner = new Map(context.companies.flatMap((company) => company.people.map((person) => [person.email, company] as const)));
  const productOf = (text: string) => context.products.find((product) => product.id === text) ?? context.products.find((product) => sameText(product.reference, text));
  const work = new Map<string, CompanyWork>();

  /** The row's kind and its checked texts, or the reasons it cannot be used. */
  const rowsByKind = new Map<Kind, { row: CsvRow<ClientColumn>; code: string; values: Partial<Record<ClientColumn, string>> }[]>(KIND_ORDER.map((kind) => [kind, []]));
  for (const row of file.rows) {
    const refuse = (reasons: string[]) => outcomes.set(row, { line: row.line, kind: 'refused', reasons });
    if (row.unreadable) {
      refuse([row.unreadable]);
      continue;
    }
    // « boutique » is what the admin's screens call a shop.
    const type = row.values.type === undefined ? undefined : plainName(row.values.type).replace(/^boutique$/, 'magasin');
    if (type === undefined || !(type in KINDS)) {
      refuse([type === undefined ? 'type manquant (société, magasin, personne ou équipement)' : `type « ${row.values.type} » inconnu : société, magasin, personne ou équipement`]);
      continue;
    }
    const kind = type as Kind;
    const reasons: string[] = [];
    for (const [column, text] of Object.entries(row.values) as [ClientColumn, string][]) {
      if (column === 'type' || column === 'code_client') continue;
      if (!(KINDS[kind].columns as readonly ClientColumn[]).includes(column)) reasons.push(`colonne ${column} sans objet pour une ligne ${KINDS[kind].label} (« ${text} »)`);
    }
    for (const [column, text] of Object.entries(row.values) as [ClientColumn, string][]) {
      const found = forbiddenCharacter(text, 'line');
      if (found) reasons.push(`${column} : ${forbiddenCharacterPhrase(found)}`);
      const most = MAX_LENGTH[column];
      if (most !== undefined && text.length > most) reasons.push(`${column} : ${most} caractères au plus`);
    }
    // A client code is stored and compared in upper case, as the admin's form keeps it.
    const code = row.values.code_client?.toUpperCase();
    if (code === undefined) reasons.push('code_client manquant');
    else if (!CLIENT_CODE.test(code)) reasons.push(`code_client « ${row.values.code_client} » : lettres, chiffres et tirets seulement (20 caractères au plus)`);
    if (reasons.length > 0) refuse(reasons);
    else rowsByKind.get(kind)!.push({ row, code: code!, values: row.values });
  }

  /** Rows of one kind whose key appears on several lines: each is refused, naming the others. */
  const refuseRepeated = (kind: Kind, keyOf: (entry: { code: string; values: Partial<Record<ClientColumn, string>> }) => string | undefined, name: (key: string) => string) => {
    const lines = new Map<string, number[]>();
    for (const entry of rowsByKind.get(kind)!) {
      const key = keyOf(entry);
      if (key !== undefined) lines.set(key, [...(lines.get(key) ?? []), entry.row.line]);
    }
    const kept = rowsByKind.get(kind)!.filter((entry) => {
      const key = keyOf(entry);
      const twice = key === undefined ? undefined : lines.get(key);
      if (!twice || twice.length < 2) return true;
      outcomes.set(entry.row, { line: entry.row.line, kind: 'refused', reasons: [`${name(key!)} présent(e) plusieurs fois (lignes ${twice.join(', ')})`] });
      return false;
    });
    rowsByKind.set(kind, kept);
  };
  refuseRepeated('societe', ({ code }) => code.toUpperCase(), (key) => `société ${key}`);
  refuseRepeated('magasin', ({ code, values }) => (values.nom ? `${code.toUpperCase()}|${values.nom.toLowerCase()}` : undefined), (key) => `magasin « ${key.split('|')[1]} » de ${key.split('|')[0]}`);
  refuseRepeated('personne', ({ values }) => (values.email ? normalEmail(values.email) : undefined), (key) => `adresse ${key}`);
  refuseRepeated('equipement', ({ code, values }) => (values.numero_serie ? `${code.toUpperCase()}|${values.numero_serie.toLowerCase()}` : undefined), (key) => `numéro de série ${key.split('|')[1]} de ${key.split('|')[0]}`);

  /** Runs an accepted row on its company's working copy and records what it did. */
  const accept = (entry: { row: CsvRow<ClientColumn> }, company: CompanyWork, change: RowChange, describe: (before: Company, after: Company) => { created: boolean; what: string; changes: FieldChange[] }) => {
    const before = copy(company.draft);
    change(company.draft);
    company.changes.push(change);
    const { created, what, changes } = describe(before, company.draft);
    outcomes.set(entry.row, created ? { line: entry.row.line, kind: 'new', what } : changes.length > 0 ? { line: entry.row.line, kind: 'changed', what, changes } : { line: entry.row.line, kind: 'unchanged', what });
  };
  const companyOf = (code: string): CompanyWork | undefined => {
    const key = code.toUpperCase();
    const known = work.get(key);
    if (known) return known;
    const stored = byCode.get(key);
    if (!stored) return undefined;
    const started: CompanyWork = { id: stored.id, clientCode: stored.clientCode, stored, base: undefined, changes: [], draft: copy(stored) };
    work.set(key, started);
    return started;
  };
  const refuse = (row: CsvRow<ClientColumn>, reasons: string[]) => outcomes.set(row, { line: row.line, kind: 'refused', reasons });

  // Companies.
  for (const entry of rowsByKind.get('societe')!) {
    const { row, code, values } = entry;
    const existing = companyOf(code);
    const reasons: string[] = [];
    let territory: Company['territory'] | undefined;
    if (has('territoire')) {
      const plain = values.territoire === undefined ? undefined : plainName(values.territoire);
      if (plain === undefined) reasons.push(`territoire manquant (${territoryIds.join(', ')})`);
      else if (!isTerritoryId(plain)) reasons.push(`territoire « ${values.territoire} » inconnu : ${territoryIds.join(', ')}`);
      else territory = plain;
    }
    let contract: string | null | undefined;
    if (has('fin_contrat')) {
      contract = values.fin_contrat === undefined ? null : parseDay(values.fin_contrat);
      if (contract === undefined) reasons.push(`fin_contrat « ${values.fin_contrat} » : une date (2027-12-31 ou 31/12/2027), ou vide sans contrat`);
    }
    if (has('nom') && values.nom === undefined) reasons.push('nom de la société manquant');
    if (!existing) {
      if (!has('nom')) reasons.push('nouvelle société : colonne nom à remplir');
      if (!has('territoire')) reasons.push('nouvelle société : colonne territoire à remplir');
    }
    if (reasons.length > 0) {
      refuse(row, reasons);
      continue;
    }
    const fields = (company: Company) => ({ nom: company.name, territoire: company.territory, fin_contrat: company.contractEndsOn });
    const change: RowChange = (company) => {
      if (values.nom !== undefined) company.name = values.nom;
      if (territory !== undefined) company.territory = territory;
      if (contract !== undefined) company.contractEndsOn = contract;
    };
    if (existing) {
      accept(entry, existing, change, (before, after) => ({ created: false, what: `société ${existing.clientCode} ${after.name}`, changes: changesOf(fields(before), fields(after)) }));
    } else {
      const base: Company = { id: newId(), name: values.nom!, clientCode: code, territory: territory!, shops: [], contractEndsOn: contract ?? null, people: [], equipment: [], createdAt: now, updatedAt: now };
      const created: CompanyWork = { id: base.id, clientCode: code, stored: undefined, base, changes: [], draft: copy(base) };
      work.set(code.toUpperCase(), created);
      outcomes.set(row, { line: row.line, kind: 'new', what: `société ${code} ${base.name}` });
    }
  }

  const unknownCompany = (code: string) => `la société ${code} n’existe pas (ni enregistrée, ni sur une ligne société acceptée du fichier)`;

  // Shops.
  for (const entry of rowsByKind.get('magasin')!) {
    const { row, code, values } = entry;
    const company = companyOf(code);
    if (!company) {
      refuse(row, [unknownCompany(code)]);
      continue;
    }
    if (values.nom === undefined) {
      refuse(row, ['nom du magasin manquant']);
      continue;
    }
    const name = values.nom;
    const shopId = company.draft.shops.find((shop) => sameText(shop.name, name))?.id ?? newId();
    const change: RowChange = (draft) => {
      const shop = draft.shops.find((candidate) => candidate.id === shopId) ?? draft.shops.find((candidate) => sameText(candidate.name, name));
      if (shop) {
        if (has('adresse')) shop.address = values.adresse ?? '';
      } else {
        draft.shops.push({ id: shopId, name, address: values.adresse ?? '' } satisfies Shop);
      }
    };
    const fields = (shop: Shop | undefined) => ({ nom: shop?.name ?? null, adresse: shop?.address ?? null });
    accept(entry, company, change, (before, after) => {
      const old = before.shops.find((shop) => shop.id === shopId);
      return { created: !old, what: `magasin « ${name} » de ${company.clientCode}`, changes: changesOf(fields(old), fields(after.shops.find((shop) => shop.id === shopId))) };
    });
  }

  // People.
  for (const entry of rowsByKind.get('personne')!) {
    const { row, code, values } = entry;
    const company = companyOf(code);
    const reasons: string[] = [];
    if (!company) reasons.push(unknownCompany(code));
    if (values.email === undefined) reasons.push('adresse e-mail manquante');
    else if (!emailSchema.safeParse(values.email).success) reasons.push(`adresse e-mail invalide « ${values.email} »`);
    if (has('nom') && values.nom === undefined) reasons.push('nom de la personne manquant');
    if (reasons.length > 0 || !company) {
      refuse(row, reasons);
      continue;
    }
    const email = normalEmail(values.email!);
    const owner = emailOwner.get(email);
    if (owner && owner.id !== company.id) {
      refuse(row, [`l’adresse ${email} est déjà celle d’une personne d’une autre société (${owner.clientCode} ${owner.name})`]);
      continue;
    }
    const known = company.draft.people.find((person) => person.email === email);
    if (!known && !has('nom')) {
      refuse(row, ['nouvelle personne : colonne nom à remplir']);
      continue;
    }
    const personId = known?.id ?? newId();
    const change: RowChange = (draft) => {
      const person = draft.people.find((candidate) => candidate.email === email);
      if (person) {
        if (values.nom !== undefined) person.name = values.nom;
        if (has('telephone')) person.phone = values.telephone ?? '';
      } else {
        draft.people.push({ id: personId, name: values.nom!, email, phone: values.telephone ?? '', createdAt: now, lastSignInAt: null } satisfies Person);
      }
    };
    const fields = (person: Person | undefined) => ({ nom: person?.name ?? null, email: person?.email ?? null, telephone: person?.phone ?? null });
    accept(entry, company, change, (before, after) => {
      const old = before.people.find((person) => person.email === email);
      return { created: !old, what: `personne ${email} de ${company.clientCode}`, changes: changesOf(fields(old), fields(after.people.find((person) => person.email === email))) };
    });
  }

  // Equipment.
  for (const entry of rowsByKind.get('equipement')!) {
    const { row, code, values } = entry;
    const company = companyOf(code);
    const reasons: string[] = [];
    if (!company) reasons.push(unknownCompany(code));
    if (values.numero_serie === undefined) reasons.push('numero_serie manquant (il identifie l’équipement dans sa société)');
    let product: CatalogueProduct | undefined;
    if (values.produit !== undefined) {
      product = productOf(values.produit);
      if (!product) reasons.push(`produit « ${values.produit} » absent du catalogue (son identifiant ou sa référence constructeur ; sinon laissez produit vide et remplissez modele)`);
    }
    let shopName: string | undefined;
    if (values.magasin !== undefined && company) {
      shopName = company.draft.shops.find((shop) => sameText(shop.name, values.magasin!))?.name;
      if (!shopName) reasons.push(`le magasin « ${values.magasin} » n’existe pas pour ${company.clientCode}`);
    }
    let underContract: boolean | undefined;
    if (values.sous_contrat !== undefined) {
      underContract = parseYesNo(values.sous_contrat);
      if (underContract === undefined) reasons.push(`sous_contrat « ${values.sous_contrat} » : oui ou non (ou 1/0, true/false)`);
    }
    const serial = values.numero_serie;
    const known = company && serial !== undefined ? company.draft.equipment.find((piece) => sameText(piece.serial, serial)) : undefined;
    const modelGiven = has('produit') || has('modele');
    if (modelGiven && !product && values.modele === undefined && !(values.produit !== undefined)) reasons.push('modèle manquant : produit (du catalogue) ou modele (saisi)');
    if (!known && !modelGiven && company && serial !== undefined) reasons.push('nouvel équipement : colonne produit ou modele à remplir');
    if (reasons.length > 0 || !company || serial === undefined) {
      refuse(row, reasons);
      continue;
    }
    const equipmentId = known?.id ?? newId();
    const change: RowChange = (draft) => {
      let piece = draft.equipment.find((candidate) => sameText(candidate.serial, serial));
      if (!piece) {
        piece = { id: equipmentId, productSlug: null, model: '', serial, shopId: null, underContract: false } satisfies Equipment;
        draft.equipment.push(piece);
      }
      if (modelGiven) {
        piece.productSlug = product?.id ?? null;
        piece.model = product?.name ?? values.modele!;
      }
      if (has('magasin')) piece.shopId = shopName === undefined ? null : (draft.shops.find((shop) => shop.name === shopName)?.id ?? null);
      if (has('sous_contrat')) piece.underContract = underContract ?? false;
    };
    const fields = (draft: Company, piece: Equipment | undefined) => ({
      produit: piece?.productSlug ?? null,
      modele: piece?.model ?? null,
      numero_serie: piece?.serial ?? null,
      magasin: draft.shops.find((shop) => shop.id === piece?.shopId)?.name ?? null,
      sous_contrat: piece ? piece.underContract : null,
    });
    accept(entry, company, change, (before, after) => {
      const old = before.equipment.find((piece) => piece.id === equipmentId);
      return { created: !old, what: `équipement ${serial} de ${company.clientCode}`, changes: changesOf(fields(before, old), fields(after, after.equipment.find((piece) => piece.id === equipmentId))) };
    });
  }

  const ordered = file.rows.map((row) => outcomes.get(row)!);
  const counts = { lines: ordered.length, new: 0, changed: 0, unchanged: 0, refused: 0 };
  for (const outcome of ordered) counts[outcome.kind] += 1;
  const writes = [...work.values()]
    .filter((company) => (company.stored ? !sameCompany(company.stored, company.draft) : true))
    .map(({ id, clientCode, base, changes }): CompanyWrite => ({
      id,
      clientCode,
      created: base !== undefined,
      apply: (current) => {
        const start = current ?? base;
        if (!start) return undefined;
        const next = copy(start);
        for (const change of changes) change(next);
        return current && sameCompany(current, next) ? undefined : next;
      },
    }));
  return { outcomes: ordered, writes, counts };
}

// ---------------------------------------------------------------------------------------------------
// The report

/** The report's last line, exactly as scripts and people read it. */
export const clientSummaryLine = ({ counts }: Pick<ClientPlan, 'counts'>): string =>
  `clients: ${counts.lines} lignes, ${counts.new} nouveaux, ${counts.changed} modifiés, ${counts.unchanged} inchangés, ${counts.refused} refusés`;

/** The French report of a plan: what is created, each changed field (avant → après), unchanged count, refused lines, summary last. */
export function clientReportLines(plan: ClientPlan, { applied, failures = [] }: { applied: boolean; failures?: readonly string[] }): string[] {
  const lines: string[] = [];
  const of = <K extends ClientRowOutcome['kind']>(kind: K) => plan.outcomes.filter((o): o is Extract<ClientRowOutcome, { kind: K }> => o.kind === kind);
  const created = of('new');
  if (created.length > 0) {
    lines.push(`Créations (${created.length}) :`);
    for (const { line, what } of created) lines.push(`  ligne ${line} : ${what}`);
  }
  const changed = of('changed');
  if (changed.length > 0) {
    lines.push(`Modifications (${changed.length}) :`);
    for (const { line, what, changes } of changed) {
      lines.push(`  ligne ${line} : ${what}`);
      for (const change of changes) lines.push(`    ${change.field} : ${change.before} → ${change.after}`);
    }
  }
  lines.push(`Inchangés : ${plan.counts.unchanged}`);
  const refused = of('refused');
  if (refused.length > 0) {
    lines.push(`Lignes refusées (${refused.length}) :`);
    for (const { line, reasons } of refused) lines.push(`  ligne ${line} : ${reasons.join(' ; ')}`);
  }
  const newCompanies = plan.writes.filter((write) => write.created).length;
  if (applied) {
    for (const failure of failures) lines.push(`Non écrite : ${failure}`);
    lines.push(`Écrit : ${plan.writes.length - failures.length} société(s) sur ${plan.writes.length} à écrire, dont ${newCompanies} nouvelle(s).`);
  } else {
    lines.push(
      plan.writes.length > 0
        ? `Essai à blanc : rien n’est écrit (${plan.writes.length} société(s) à écrire, dont ${newCompanies} nouvelle(s)). Relancez avec --apply pour écrire.`
        : 'Essai à blanc : rien n’est écrit.',
    );
  }
  lines.push(clientSummaryLine(plan));
  return lines;
}

// ---------------------------------------------------------------------------------------------------
// Export

/**
 * Every company as the import reads it: for each (by client code), its société row, then its shops, its
 * people and its equipment, through the site's one CSV writer (UTF-8 with BOM, « ; »). A catalogue piece
 * of equipment gives its product id and no typed model (the import takes the product's name).
 */
export function exportClientFile(companies: readonly Company[]): Uint8Array {
  const row = (values: Partial<Record<ClientColumn, string>>): CsvCell[] => CLIENT_COLUMNS.map((column) => values[column] ?? '');
  const rows: CsvCell[][] = [];
  for (const company of [...companies].sort((a, b) => a.clientCode.localeCompare(b.clientCode, 'fr'))) {
    const code = company.clientCode;
    rows.push(row({ type: 'société', code_client: code, nom: company.name, territoire: company.territory, fin_contrat: company.contractEndsOn ?? '' }));
    for (const shop of company.shops) rows.push(row({ type: 'magasin', code_client: code, nom: shop.name, adresse: shop.address }));
    for (const person of company.people) rows.push(row({ type: 'personne', code_client: code, nom: person.name, email: person.email, telephone: person.phone }));
    for (const piece of company.equipment) {
      rows.push(
        row({
          type: 'équipement',
          code_client: code,
          produit: piece.productSlug ?? '',
          modele: piece.productSlug ? '' : piece.model,
          numero_serie: piece.serial,
          magasin: company.shops.find((shop) => shop.id === piece.shopId)?.name ?? '',
          sous_contrat: piece.underContract ? 'oui' : 'non',
        }),
      );
    }
  }
  return new TextEncoder().encode(csvDocument([[...CLIENT_COLUMNS], ...rows], { quoteAll: false }));
}
