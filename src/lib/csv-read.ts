/**
 * The one CSV reader of the site's imports (price lists, customer companies): a file as spreadsheets and
 * people write it, read into rows with their line numbers. The writer is csv.ts.
 *
 * - Encoding: UTF-8 with or without BOM, or Windows-1252 (what French Excel saves), detected; a file that
 *   mixes them is refused naming its line.
 * - Separator: « ; » or « , », detected on the header row.
 * - Columns: a header row of names, in any order (case, accents, spaces and dashes do not matter); an
 *   unknown or repeated name, or a missing required one, refuses the file. At most `maxRows` data rows.
 * - A row keeps its non-empty cells by column, trimmed, with the apostrophe the export puts before a
 *   formula-like text removed; a row with more cells than columns is marked unreadable, the others go on.
 */
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { csvTextValue } from './csv.ts';

/** A file an import cannot read at all: its message says why, in French. */
export class CsvFileError extends Error {}

/** The line (from 1) of a byte of the file. */
function lineAt(bytes: Uint8Array, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i += 1) if (bytes[i] === 0x0a) line += 1;
  return line;
}

/**
 * Where UTF-8 fails in these bytes (the index of the first byte that starts no valid sequence, or
 * undefined when all of it is UTF-8), and whether they hold at least one valid multi-byte sequence
 * (an accent written in UTF-8). The rules are UTF-8's own: no overlong form, no surrogate, nothing past U+10FFFF.
 */
function scanUtf8(bytes: Uint8Array): { invalidAt?: number; multiByte: boolean } {
  let multiByte = false;
  let invalidAt: number | undefined;
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    // The second byte's range narrows after E0, ED, F0 and F4 (overlong forms, surrogates, past U+10FFFF).
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    let valid = length > 0 && i + length <= bytes.length;
    for (let k = 1; valid && k < length; k += 1) {
      const byte = bytes[i + k]!;
      valid = k === 1 ? byte >= low && byte <= high : byte >= 0x80 && byte <= 0xbf;
    }
    if (!valid) {
      invalidAt ??= i;
      i += 1;
      continue;
    }
    multiByte = true;
    i += length;
  }
  return invalidAt === undefined ? { multiByte } : { invalidAt, multiByte };
}

/** Bytes that Windows-1252 leaves undefined: a file holding one is not Windows-1252 either. */
const UNDEFINED_IN_WINDOWS_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** The encodings a file may be read in, as the reports name them. */
export type CsvEncoding = 'UTF-8 avec BOM' | 'UTF-8' | 'Windows-1252';

/**
 * The file's text and the encoding found. A BOM says UTF-8; bytes that are all UTF-8 are UTF-8; a file
 * with no UTF-8 accent at all is Windows-1252 (what French Excel saves). A file mostly in UTF-8 with a
 * byte that is not (one line pasted from another file), or a byte Windows-1252 does not define, is
 * refused naming its line: read as one or the other encoding, some of its accents would be wrong
 * without a word.
 */
function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  const { invalidAt, multiByte } = scanUtf8(body);
  const at = (index: number) => `ligne ${lineAt(body, index)}, octet 0x${body[index]!.toString(16).toUpperCase().padStart(2, '0')}`;
  if (invalidAt === undefined) return { text: new TextDecoder('utf-8').decode(body), encoding: bom ? 'UTF-8 avec BOM' : 'UTF-8' };
  if (bom || multiByte) {
    throw new CsvFileError(
      `encodage mélangé (${at(invalidAt)}) : le fichier est en UTF-8 mais cette ligne ne l’est pas ; enregistrez tout le fichier en UTF-8 (ou tout en Windows-1252) puis recommencez`,
    );
  }
  const undefinedAt = body.findIndex((byte) => UNDEFINED_IN_WINDOWS_1252.has(byte));
  if (undefinedAt >= 0) throw new CsvFileError(`encodage inconnu (${at(undefinedAt)}) : ni UTF-8 ni Windows-1252 ; enregistrez le fichier en UTF-8 puis recommencez`);
  // Node's own windows-1252 decoder maps some bytes (€ œ ’ –) wrongly: iconv-lite follows the code page.
  return { text: iconv.decode(Buffer.from(body), 'windows-1252'), encoding: 'Windows-1252' };
}

/** The separator of the header row: « ; » or « , », whichever it holds more of outside quotes. */
function detectSeparator(text: string): ';' | ',' {
  const header = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const count = (char: string) => header.split(char).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

/** A header cell (or a word of a cell) as a name: case, accents, spaces and dashes do not matter (« Sous-catégorie »). */
export const plainName = (cell: string): string =>
  cell.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/[\s-]+/g, '_');

const TRUE = new Set(['oui', '1', 'true', 'vrai', 'o', 'yes']);
const FALSE = new Set(['non', '0', 'false', 'faux', 'n', 'no']);

/** « oui »/« non », 1/0, true/false (any case); undefined otherwise. */
export function parseYesNo(text: string): boolean | undefined {
  const value = text.trim().toLowerCase();
  return TRUE.has(value) ? true : FALSE.has(value) ? false : undefined;
}

/** One data row: its line in the spreadsheet (the header is line 1) and its non-empty cells by column. */
export interface CsvRow<C extends string> {
  line: number;
  values: Partial<Record<C, string>>;
  /** Why the row cannot be read (more cells than columns), if so. */
  unreadable?: string;
}

export interface CsvTable<C extends string> {
  encoding: CsvEncoding;
  separator: ';' | ',';
  /** The file's columns, in its order. */
  columns: C[];
  rows: CsvRow<C>[];
}

export interface CsvTableRules<C extends string> {
  /** Every column a file may have, in the order an export writes them. */
  columns: readonly C[];
  /** The column every file must have, and how the message names it (« la colonne « reference » (référence constructeur) est obligatoire »). */
  required: { column: C; description: string };
  /** The most data rows; beyond, the file is refused before any row is read. */
  maxRows: number;
  /** What a row is, for the « too long » message (« lignes de produits »). */
  rowsName: string;
}

/** Reads a CSV file's bytes into rows; throws a CsvFileError (French) when the file itself cannot be used. */
export function readCsvTable<C extends string>(bytes: Uint8Array, rules: CsvTableRules<C>): CsvTable<C> {
  const { text, encoding } = decodeCsv(bytes);
  const separator = detectSeparator(text);
  let records: string[][];
  try {
    // One record past the cap (header included) is enough to know the file is too long.
    records = parse(text, { delimiter: separator, relax_column_count: true, skip_empty_lines: true, to: rules.maxRows + 2 }) as string[][];
  } catch (error) {
    throw new CsvFileError(`fichier CSV illisible : ${(error as Error).message}`);
  }
  if (records.length > rules.maxRows + 1) {
    const most = rules.maxRows.toLocaleString('fr-FR');
    throw new CsvFileError(`fichier trop long : plus de ${most} ${rules.rowsName} ; découpez-le en fichiers de ${most} lignes au plus (chacun avec sa ligne d’en-tête)`);
  }
  const [header, ...data] = records;
  if (!header) throw new CsvFileError(`fichier vide : la première ligne doit nommer les colonnes (${rules.columns.slice(0, 3).join(', ')}…)`);
  const names = header.map(plainName);
  const known = rules.columns as readonly string[];
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new CsvFileError(`colonne(s) inconnue(s) : ${unknown.map((n) => `« ${n} »`).join(', ')} ; colonnes possibles : ${known.join(', ')}`);
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) throw new CsvFileError(`colonne(s) en double : ${[...new Set(repeated)].join(', ')}`);
  if (!names.includes(rules.required.column)) throw new CsvFileError(`la colonne « ${rules.required.column} » (${rules.required.description}) est obligatoire`);
  const columns = names as C[];
  const rows = data.map((cells, index): CsvRow<C> => {
    const line = index + 2;
    const extra = cells.slice(columns.length).filter((cell) => cell.trim() !== '');
    if (extra.length > 0) return { line, values: {}, unreadable: `${cells.length} cellules pour ${columns.length} colonnes` };
    const values: Partial<Record<C, string>> = {};
    columns.forEach((column, i) => {
      // The apostrophe the export puts before a formula-like text (« '=… ») is not part of the value.
      const value = csvTextValue(cells[i]?.trim() ?? '');
      if (value !== '') values[column] = value;
    });
    return { line, values };
  });
  return { encoding, separator, columns, rows };
}
