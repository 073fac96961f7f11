/**
 * The pieces the kept documents share beyond the title block and the footer (pdf-document.ts): a report's
 * body that runs on from page to page (the tickets' intervention report, the workshop's repair report) —
 * sections with their rule, facts as label and value, text line by line, the parts used as a table, each
 * taking a new page with the title block again when the page is full; the workshop and its customer side
 * by side (the deposit slip, the repair report); and the SHA-256 of what a document says, printed on it.
 * Only the PDF-making modules import it.
 */
import { createHash } from 'node:crypto';
import { company as siteCompany } from '../../../src/lib/site.ts';
import { COLOURS, CONTENT_WIDTH, drawOneLine, drawTableHead, drawTableRow, FOOTER_TOP, oneLine, PAGE, printable, rowHeight, sellerLines, wrapLines, type Doc, type TableColumn } from './pdf-document.ts';

/** How low the body may go: above the legal footer. */
const BOTTOM = FOOTER_TOP - 10;

/** The parts table's columns: reference, name (the rest of the width), quantity. */
const PART_COLUMNS: readonly TableColumn[] = [
  { label: 'Référence', width: 130, align: 'left' },
  { label: 'Désignation', width: 0, align: 'left' },
  { label: 'Qté', width: 40, align: 'right' },
];

/** A part as a report lists it. */
export interface ReportPart {
  reference: string | null;
  name: string;
  quantity: number;
}

/** The body of a report from `top` on; `head` draws the title block of a new page and answers where it ends. */
export class PageFlow {
  // Fields declared, not constructor parameter properties: plain Node runs these files too (the benchmarks).
  y: number;
  private readonly doc: Doc;
  private readonly head: () => number;
  constructor(doc: Doc, head: () => number, top: number) {
    this.doc = doc;
    this.head = head;
    this.y = top;
  }

  /** A new page, the title block on it. */
  newPage(): void {
    this.doc.addPage();
    this.y = this.head() + 14;
  }

  /** Room for `height` more points on this page, or a new page. */
  room(height: number): void {
    if (this.y + height > BOTTOM) this.newPage();
  }

  /** A section's title with a thin rule under it. */
  section(title: string, minimum = 40): void {
    this.room(minimum);
    const { doc, y } = this;
    doc.font('bold').fontSize(10).fillColor(COLOURS.band).text(title, PAGE.margin, y);
    doc.moveTo(PAGE.margin, y + 15).lineTo(PAGE.margin + CONTENT_WIDTH, y + 15).lineWidth(0.5).strokeColor(COLOURS.line).stroke();
    this.y = y + 21;
  }

  /**
   * Facts as label and value. A value is a one-line field unless marked `lines` (a fault, a diagnosis): a
   * one-line value wraps under itself and never breaks a line; either runs on to the next page line by line.
   */
  facts(pairs: readonly (readonly [string, string, ('line' | 'lines')?])[], { labelWidth = 125, valueWidth, size = 9 }: { labelWidth?: number; valueWidth?: number; size?: number } = {}): void {
    const { doc } = this;
    const width = valueWidth ?? CONTENT_WIDTH - labelWidth - 5;
    for (const [label, value, kind = 'line'] of pairs) {
      doc.font('regular').fontSize(size);
      const lines = wrapLines(doc, (kind === 'line' ? oneLine(value) : printable(value).trim()) || '—', width);
      const lineHeight = doc.currentLineHeight(true) + 1;
      this.room(lineHeight);
      doc.font('bold').fillColor(COLOURS.muted);
      drawOneLine(doc, label, PAGE.margin, this.y, labelWidth);
      this.write(lines, PAGE.margin + labelWidth + 5, size);
      this.y += 4;
    }
    this.y += 6;
  }

  /** A multi-line text, wrapped, line by line, so that a long one runs on to the next page; `after` points below it. */
  lines(text: string, { size = 9, after = 10 } = {}): void {
    this.doc.font('regular').fontSize(size);
    this.write(wrapLines(this.doc, printable(text).trim(), CONTENT_WIDTH), PAGE.margin, size);
    this.y += after;
  }

  /** Lines already wrapped, one under the other from `x`, a new page whenever the next would reach the footer. */
  private write(lines: readonly string[], x: number, size: number): void {
    const { doc } = this;
    for (const line of lines) {
      doc.font('regular').fontSize(size);
      const height = doc.currentLineHeight(true) + 1;
      this.room(height);
      doc.font('regular').fontSize(size).fillColor(COLOURS.ink).text(line, x, this.y, { lineBreak: false });
      this.y += height;
    }
  }

  /** The parts used, as a table whose head is drawn again on a new page; `none` when there are none. */
  parts(parts: readonly ReportPart[], none: string): void {
    const { doc } = this;
    if (parts.length === 0) {
      doc.font('regular').fontSize(9).fillColor(COLOURS.muted).text(none, PAGE.margin, this.y);
      this.y += 16;
      return;
    }
    this.y = drawTableHead(doc, PART_COLUMNS, this.y, 16);
    parts.forEach((part, index) => {
      const cells = [part.reference ?? '—', part.name, String(part.quantity)];
      doc.font('regular').fontSize(8.5);
      const height = rowHeight(doc, PART_COLUMNS, cells);
      if (this.y + height > BOTTOM) {
        this.newPage();
        this.y = drawTableHead(doc, PART_COLUMNS, this.y, 16);
        doc.font('regular').fontSize(8.5);
      }
      this.y = drawTableRow(doc, PART_COLUMNS, cells, this.y, height, index % 2 === 1);
    });
    this.y += 12;
  }
}

/** What every workshop document says first, in its fingerprint: the repair, its customer, its device. */
export const workshopSaid = (repair: { reference: string; device: { model: string; serial: string } }, customer: { name: string; clientCode: string }): string[] => [
  repair.reference,
  customer.name,
  customer.clientCode,
  repair.device.model,
  repair.device.serial,
];

/** The SHA-256 of what a document says: its facts in a fixed order, then any bytes it shows (a signature). */
export function saidFingerprint(said: readonly string[], ...bytes: Uint8Array[]): string {
  const hash = createHash('sha256').update(JSON.stringify(said));
  for (const one of bytes) hash.update(one);
  return hash.digest('hex');
}

/** The workshop (left) and the customer company with its code (right, on a tinted band), from `top`; answers where the next block starts. */
export function drawWorkshopAndCustomer(doc: Doc, customer: { name: string; clientCode: string }, top: number): number {
  const half = (CONTENT_WIDTH - 16) / 2;
  doc.font('bold').fontSize(8).fillColor(COLOURS.muted).text('ATELIER', PAGE.margin, top);
  doc.font('bold').fontSize(10).fillColor(COLOURS.ink).text(siteCompany.legalName, PAGE.margin, top + 12, { width: half });
  doc.font('regular').fontSize(8).text(sellerLines().slice(2, 4).join('\n'), { width: half, lineGap: 1 });
  const customerX = PAGE.margin + half + 16;
  doc.roundedRect(customerX - 8, top - 6, half + 8, 58, 4).fillColor(COLOURS.zebra).fill();
  doc.font('bold').fontSize(8).fillColor(COLOURS.muted).text('CLIENT', customerX, top);
  doc.font('bold').fontSize(10).fillColor(COLOURS.ink);
  drawOneLine(doc, customer.name, customerX, top + 12, half - 8);
  doc.font('regular').fontSize(8.5);
  drawOneLine(doc, `Code client : ${customer.clientCode}`, customerX, top + 28, half - 8);
  return top + 66;
}

/** The customer's signature box of the slip and the reports: its size. */
export const SIGNATURE_BOX = { width: 250, height: 110 } as const;

/**
 * The customer's signature box, its right edge on the content's, from `y`: « Signature du client », the
 * drawing, and who signed (« Signé par … », one line cut to the box, so a long or forged name never runs out
 * of it) and when (« le … », on the line below: a moment with its zone named takes most of the box's width);
 * « Non signé » without a drawing. Answers the box's left edge.
 */
export function drawSignatureBox(doc: Doc, y: number, signature: { png: Uint8Array; by: string; when: string } | undefined): number {
  const { width, height } = SIGNATURE_BOX;
  const x = PAGE.margin + CONTENT_WIDTH - width;
  doc.rect(x, y, width, height).lineWidth(0.8).strokeColor(COLOURS.muted).stroke();
  doc.font('bold').fontSize(9).fillColor(COLOURS.ink).text('Signature du client', x + 8, y + 8, { lineBreak: false });
  if (signature) {
    doc.image(Buffer.from(signature.png), x + 8, y + 22, { fit: [width - 16, height - 56], align: 'center' });
    doc.font('regular').fontSize(8).fillColor(COLOURS.ink);
    drawOneLine(doc, `Signé par ${signature.by}`, x + 8, y + height - 28, width - 16);
    drawOneLine(doc, `le ${signature.when}`, x + 8, y + height - 17, width - 16);
  } else {
    doc.font('regular').fontSize(9).fillColor(COLOURS.muted).text('Non signé', x + 8, y + 48, { width: width - 16, align: 'center', lineBreak: false });
  }
  return x;
}
