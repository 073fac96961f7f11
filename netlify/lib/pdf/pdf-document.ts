/**
 * What the company's PDF documents share (the devis, the intervention report): A4 in French, the font,
 * the colours, the title block with the company on the left and the document's name and number on the
 * right, the seller's legal identity, and the footer of every page (legal line, « Page n / N »).
 *
 * The font is DejaVu Sans (netlify/lib/devis/fonts, Bitstream Vera licence), embedded and subset: it carries
 * the French accents, « », € and the narrow no-break space of French amounts, which PDF standard fonts lack.
 * Every text written goes through the French typography (no-break spaces before « : ; ! ? », inside « »),
 * and prints only what the characters rule allows, whatever the age of the stored text: no control,
 * bidirectional or invisible character (an override reorders a line, a zero-width space hides a word), each
 * tab a space, every line break (CR LF, CR, U+2028…) a plain LF. A one-line field (a name, a model, a
 * serial number) goes through `oneLine` as well, so a line break it holds never makes a line of its own.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { company, headOffice, isPlaceholder, legal } from '../../../src/lib/site.ts';
import { withoutForbiddenCharacters } from '../../../src/lib/characters.ts';
import { frenchTypography } from '../../../src/lib/typography.ts';
import { functionRoots } from '../env.ts';

const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

/** A font parsed once by fontkit (pdfkit's own font engine), shared by every document of the instance. */
type ParsedFont = PDFKit.Mixins.PDFFontSource;

/**
 * The font files, read and parsed once (parsing costs more than the rest of a devis). They ship with the
 * functions (netlify.toml `included_files`), under the task root on Netlify and under the project folder
 * locally and in tests.
 */
let fonts: { regular: ParsedFont; bold: ParsedFont } | undefined;
function loadFonts(parseFont: (bytes: Buffer) => unknown): { regular: ParsedFont; bold: ParsedFont } {
  if (fonts) return fonts;
  const roots = functionRoots();
  const folder = roots.map((root) => join(root, 'netlify', 'lib', 'devis', 'fonts')).find((candidate) => existsSync(join(candidate, FONT_FILES.regular)));
  if (!folder) throw new Error(`pdf-document: font ${FONT_FILES.regular} not found under ${roots.join(', ')}`);
  const parse = (file: string) => parseFont(readFileSync(join(folder, file))) as unknown as ParsedFont;
  fonts = { regular: parse(FONT_FILES.regular), bold: parse(FONT_FILES.bold) };
  return fonts;
}

/** A stored text as a PDF prints it: line breaks as LF, tabs as spaces, no forbidden character. */
export const printable = (text: string): string => withoutForbiddenCharacters(String(text).replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n').replace(/\t/g, ' '), 'lines');

/** A one-line field as a PDF prints it: printable, and any line break it holds a space. */
export const oneLine = (text: string): string => printable(text).replace(/[ ]*\n[ \n]*/g, ' ').trim();

/**
 * Draws a one-line field on one line at (x, y) within `width`, cut with « … » when it is longer: it can
 * never push a line of its own under it, nor run out of its box.
 */
export function drawOneLine(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right' | 'center' = 'left'): void {
  const line = fitted(doc, oneLine(text), width);
  doc.text(line, x, y, { width, align, lineBreak: false });
}

/** A line cut with « … » where it passes `width` in the current font (typography applied first, as drawn). */
function fitted(doc: Doc, text: string, width: number): string {
  const typed = frenchTypography(text);
  if (doc.widthOfString(typed) <= width) return typed;
  let low = 0;
  let high = typed.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${typed.slice(0, middle).trimEnd()}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${typed.slice(0, low).trimEnd()}…`;
}

/**
 * A text cut into the lines it takes within `width` in the current font: its own line breaks (LF) kept,
 * words wrapped, a word longer than the line cut where it fills it. Drawn one by one (`lineBreak: false`),
 * these lines are all the text makes, so a layout can count them and keep them off the footer.
 */
export function wrapLines(doc: Doc, text: string, width: number): string[] {
  const fits = (candidate: string) => doc.widthOfString(candidate) <= width;
  const lines: string[] = [];
  for (const paragraph of frenchTypography(printable(text)).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/(?<= )/)) {
      if (fits(`${line}${word}`.trimEnd())) {
        line += word;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      let rest = word;
      while (!fits(rest.trimEnd())) {
        let low = 1;
        let high = rest.length - 1;
        while (low < high) {
          const middle = Math.ceil((low + high) / 2);
          if (fits(rest.slice(0, middle))) low = middle;
          else high = middle - 1;
        }
        lines.push(rest.slice(0, low));
        rest = rest.slice(low);
      }
      line = rest;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

export const PAGE = { width: 595.28, height: 841.89, margin: 42 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Where the footer's rule is drawn; content stays above `FOOTER_TOP - 10`. */
export const FOOTER_TOP = PAGE.height - PAGE.margin - 30;
export const COLOURS = { ink: '#0f172a', muted: '#475569', line: '#cbd5e1', band: '#0b3d6b', bandText: '#ffffff', zebra: '#f1f5f9' } as const;

export type Doc = PDFKit.PDFDocument;

/** The registrations as printed (RCS, SIRET, VAT number), those still placeholders left out. */
const registrations = (siretLabel: string, vatLabel: string): string[] =>
  [
    [legal.rcs, legal.rcs],
    [legal.siret, `${siretLabel} ${legal.siret}`],
    [legal.vatNumber, `${vatLabel} ${legal.vatNumber}`],
  ].flatMap(([value, line]) => (isPlaceholder(value!) ? [] : [line!]));

/** The seller's lines: name, legal form and capital, head office, registrations. */
export function sellerLines(): string[] {
  const office = headOffice();
  return [legal.form, `Capital social : ${legal.shareCapital}`, `${office.street}, ${office.postalCode} ${office.city}`, `${office.phone} · ${company.email}`, ...registrations('SIRET', 'TVA intracommunautaire')];
}

/** The footer line of every page: the legal identity in one line. */
const footerLine = (): string => [`${company.legalName}`, `${legal.form} au capital de ${legal.shareCapital}`, ...registrations('SIRET', 'TVA')].join(' · ');

/**
 * The title block at the top of a page: the company and its tagline on the left; on the right the
 * document's name (« DEVIS ») in large type and its lines (number, dates) below; a rule under it.
 * Returns the rule's height on the page.
 */
export function drawTitleBlock(doc: Doc, title: string, lines: readonly string[]): number {
  const top = PAGE.margin;
  doc.font('bold').fontSize(18).fillColor(COLOURS.band).text(company.name, PAGE.margin, top, { lineBreak: false });
  doc.font('regular').fontSize(8.5).fillColor(COLOURS.muted).text(company.tagline, PAGE.margin, top + 23, { lineBreak: false });
  const right = PAGE.margin + CONTENT_WIDTH;
  doc.font('bold').fontSize(18).fillColor(COLOURS.ink).text(title, right - 300, top, { width: 300, align: 'right' });
  doc.font('regular').fontSize(9).fillColor(COLOURS.ink);
  lines.forEach((line, index) => doc.text(line, right - 260, top + 23 + 12 * index, { width: 260, align: 'right' }));
  const ruleY = top + 64;
  doc.moveTo(PAGE.margin, ruleY).lineTo(right, ruleY).lineWidth(1.2).strokeColor(COLOURS.band).stroke();
  return ruleY;
}

/** The footer of every page (legal line, « Page n / N »): drawn last, once the number of pages is known. */
export function drawFooters(doc: Doc): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    doc.moveTo(PAGE.margin, FOOTER_TOP).lineTo(PAGE.margin + CONTENT_WIDTH, FOOTER_TOP).lineWidth(0.5).strokeColor(COLOURS.line).stroke();
    doc.font('regular').fontSize(7).fillColor(COLOURS.muted);
    doc.text(footerLine(), PAGE.margin, FOOTER_TOP + 6, { width: CONTENT_WIDTH - 60, lineBreak: true, height: 20 });
    doc.text(`Page ${index - start + 1} / ${count}`, PAGE.margin + CONTENT_WIDTH - 60, FOOTER_TOP + 6, { width: 60, align: 'right', lineBreak: false });
  }
}

/**
 * A new document of the company (A4, or the size of a label), with its fonts registered (`regular`, `bold`)
 * and French typography on every text; `done` resolves with the PDF's bytes once `doc.end()` is called.
 */
export async function companyDocument(info: { title: string; subject: string }, page: { size: 'A4' | [number, number]; margin: number } = { size: 'A4', margin: PAGE.margin }): Promise<{ doc: Doc; done: Promise<Buffer> }> {
  // pdfkit and fontkit weigh megabytes: loaded here, by the call that makes a PDF, never by a function's start
  // (a static import would be hoisted to the top of every bundle that reaches this module).
  const [{ default: PDFDocument }, { create: parseFont }] = await Promise.all([import('pdfkit'), import('fontkit')]);
  const { regular, bold } = loadFonts(parseFont);
  const doc = new PDFDocument({
    size: page.size,
    margin: page.margin,
    bufferPages: true,
    font: regular as unknown as string,
    info: { Title: info.title, Author: company.legalName, Subject: info.subject, Creator: company.name },
    lang: 'fr-FR',
    displayTitle: true,
  } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const write = doc.text.bind(doc);
  doc.text = ((text: string, ...rest: unknown[]) => (write as (...args: unknown[]) => PDFKit.PDFDocument)(frenchTypography(printable(String(text))), ...rest)) as typeof doc.text;
  return { doc, done };
}

/** A column of a table: its head's label, its width in points (0: what the others leave), its alignment. */
export interface TableColumn {
  label: string;
  width: number;
  align: 'left' | 'right';
  /** The column's cells in bold (a line's total). */
  bold?: boolean;
}

const CELL_PADDING = 4;

/** The widths of a table's columns across the content's width. */
export function columnWidths(columns: readonly TableColumn[]): number[] {
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  return columns.map((column) => (column.width === 0 ? CONTENT_WIDTH - fixed : column.width));
}

/** A table's head, a band with the columns' labels, at `y`; returns the first row's top. */
export function drawTableHead(doc: Doc, columns: readonly TableColumn[], y: number, height = 18): number {
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fillColor(COLOURS.band).fill();
  let x = PAGE.margin;
  doc.font('bold').fontSize(8).fillColor(COLOURS.bandText);
  columnWidths(columns).forEach((width, index) => {
    const column = columns[index]!;
    doc.text(column.label, x + CELL_PADDING, y + (height - 8) / 2, { width: width - 2 * CELL_PADDING, align: column.align, lineBreak: false });
    x += width;
  });
  return y + height;
}

/** The height of a table's row: its tallest cell in the current font, and the padding. */
export function rowHeight(doc: Doc, columns: readonly TableColumn[], cells: readonly string[]): number {
  const widths = columnWidths(columns);
  return Math.max(...cells.map((cell, index) => doc.heightOfString(frenchTypography(oneLine(cell)), { width: widths[index]! - 2 * CELL_PADDING }))) + 7;
}

/** A table's row at `y` in the current font and size, tinted every other row, with a rule under it; returns its bottom. */
export function drawTableRow(doc: Doc, columns: readonly TableColumn[], cells: readonly string[], y: number, height: number, tinted: boolean): number {
  if (tinted) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fillColor(COLOURS.zebra).fill();
  let x = PAGE.margin;
  doc.fillColor(COLOURS.ink);
  columnWidths(columns).forEach((width, index) => {
    const column = columns[index]!;
    if (column.bold) doc.font('bold');
    // A cell is a one-line field (a reference, a designation): it wraps within its column, never breaks a line.
    doc.text(oneLine(cells[index]!), x + CELL_PADDING, y + 4, { width: width - 2 * CELL_PADDING, align: column.align });
    x += width;
  });
  const bottom = y + height;
  doc.moveTo(PAGE.margin, bottom).lineTo(PAGE.margin + CONTENT_WIDTH, bottom).lineWidth(0.4).strokeColor(COLOURS.line).stroke();
  return bottom;
}
