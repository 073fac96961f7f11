/**
 * The one CSV writer of the site: every CSV it writes (the inbox export, the catalogue export, the ones to
 * come) goes through `csvDocument`, for a French spreadsheet: UTF-8 with a byte-order mark (so Excel reads
 * the accents), « ; » (the French list separator), CRLF line ends, decimal commas.
 *
 * A text cell a spreadsheet would run as a formula — starting with =, +, -, @, a tab or a carriage return
 * (`=HYPERLINK(…)`, `+cmd|' /C calc'!A0`, `@SUM(…)`) — is made inert with a leading apostrophe, except a
 * plain phone number or signed figure (« +596 696 00 00 00 », « -12 »: digits, spaces, dots and brackets
 * only, which cannot call anything). `csvTextValue` undoes it when a file comes back (the price-list import).
 *
 * A number cell is written as a number (« 1234,50 », « -12,5 »), never neutralised: a number cannot hold a
 * formula, so a negative amount stays a negative number a spreadsheet can add up. Only finite numbers.
 */

/** A number cell, written with a decimal comma and a fixed count of decimals (prices: 2). */
export interface CsvNumber {
  number: number;
  decimals?: number;
}

/** A cell: a text (neutralised when formula-like) or a number. */
export type CsvCell = string | CsvNumber;

/** A number cell: `csvNumber(12.5, 2)` is written 12,50. */
export const csvNumber = (number: number, decimals?: number): CsvNumber => (decimals === undefined ? { number } : { number, decimals });

/** The first characters that make a spreadsheet read a text as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number or a signed figure: nothing in it can name a function or a cell. */
const PLAIN_FIGURE = /^[+-][\d\s().]+$/;

/** Whether a text cell would run as a formula in a spreadsheet. */
export const isFormulaLike = (text: string): boolean => FORMULA_START.test(text) && !PLAIN_FIGURE.test(text);

/** A text as written in a cell, before quoting: formula-like text made inert with a leading apostrophe. */
export const neutralised = (text: string): string => (isFormulaLike(text) ? `'${text}` : text);

/** A text read back from a cell this writer made: the apostrophe it added before a formula-like text removed. */
export const csvTextValue = (cell: string): string => (cell.startsWith("'") && isFormulaLike(cell.slice(1)) ? cell.slice(1) : cell);

function numberText({ number, decimals }: CsvNumber): string {
  if (!Number.isFinite(number)) throw new RangeError(`CSV\u00a0: ${number} n’est pas un nombre fini`);
  return (decimals === undefined ? String(number) : number.toFixed(decimals)).replace('.', ',');
}

export interface CsvOptions {
  /** Quote every text cell (the inbox export) rather than only those holding « ; », a quote or a line break. */
  quoteAll?: boolean;
}

/** One cell as written: a number as it is; a text neutralised, then quoted (quotes doubled) when needed or asked. */
export function csvCell(value: CsvCell, { quoteAll = true }: CsvOptions = {}): string {
  if (typeof value !== 'string') return numberText(value);
  const text = neutralised(value);
  return quoteAll || /[";\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document: the byte-order mark, one line per row, cells separated by « ; », CRLF after each line. */
export function csvDocument(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  return `\uFEFF${rows.map((row) => row.map((cell) => csvCell(cell, options)).join(';')).join('\r\n')}\r\n`;
}
