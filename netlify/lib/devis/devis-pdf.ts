/**
 * The devis as a PDF (A4, French), one document for the e-mail, the admin and the customer's page: the
 * seller's identity and legal facts (those of the legal notice), the customer, the date and the validity,
 * each line (reference, designation, quantity, unit price HT, discount, total HT) over as many pages as
 * needed with the title block and the table head repeated, shipping, total HT, the VAT of the delivery
 * territory (or its legal mention), total TTC, the payment and delivery conditions, a « Bon pour accord »
 * block, and « Page n / N » on every page.
 *
 * The shared machinery (fonts, title block, legal footer, French typography) is netlify/lib/pdf/pdf-document.ts.
 */
import { answerLine, devisLineTotalHTCents, devisTotals, formatDay, percentLabel, totalRows, type DevisVersion } from '../../../src/features/devis/devis.ts';
import { formatCents } from '../../../src/lib/price.ts';
import { company, offices } from '../../../src/lib/site.ts';
import { territoryOf } from '../../../src/lib/territories.ts';
import { companyDocument, COLOURS, CONTENT_WIDTH, drawFooters, drawTableHead, drawTableRow, drawTitleBlock, FOOTER_TOP, oneLine, PAGE, rowHeight, sellerLines, type Doc, type TableColumn } from '../pdf/pdf-document.ts';

/** Table columns: label, width (0: the designation takes the rest), alignment; the total in bold. */
const COLUMNS: readonly TableColumn[] = [
  { label: 'Référence', width: 92, align: 'left' },
  { label: 'Désignation', width: 0, align: 'left' },
  { label: 'Qté', width: 30, align: 'right' },
  { label: 'P.U. HT', width: 64, align: 'right' },
  { label: 'Remise', width: 42, align: 'right' },
  { label: 'Total HT', width: 72, align: 'right', bold: true },
];
/** The size of the table's text. */
const ROW_FONT_SIZE = 8;

/** The title block of every page: the company on the left, « DEVIS », its number and dates on the right. Returns where the content starts. */
function drawPageHead(doc: Doc, version: DevisVersion, first: boolean): number {
  const ruleY = drawTitleBlock(doc, 'DEVIS', [`N° ${version.number}`, `Date : ${formatDay(version.sentAt.slice(0, 10))}`, `Valable jusqu’au : ${formatDay(version.validUntil)}`]);
  if (!first) return ruleY + 12;

  // The parties, side by side.
  const boxTop = ruleY + 14;
  const half = (CONTENT_WIDTH - 16) / 2;
  doc.font('bold').fontSize(8).fillColor(COLOURS.muted).text('ÉMETTEUR', PAGE.margin, boxTop);
  doc.font('bold').fontSize(10).fillColor(COLOURS.ink).text(company.legalName, PAGE.margin, boxTop + 12, { width: half });
  doc.font('regular').fontSize(8.5).fillColor(COLOURS.ink).text(sellerLines().join('\n'), { width: half, lineGap: 1 });
  const sellerBottom = doc.y;

  const customerX = PAGE.margin + half + 16;
  const { customer } = version;
  // One-line fields flattened (a line break stored in a name never makes a line); the postal address keeps its lines.
  const customerLines = [
    customer.company ? oneLine(`À l’attention de ${customer.name}`) : '',
    version.draft.customerAddress?.trim() ?? '',
    oneLine(customer.email),
    oneLine(customer.phone),
    customer.clientCode ? oneLine(`Code client : ${customer.clientCode}`) : '',
    `Livraison : ${territoryOf(version.draft.territory).label}`,
  ].filter(Boolean);
  const title = oneLine(customer.company || customer.name);
  // The grey box grows with the postal address.
  const textHeight = doc.font('bold').fontSize(10).heightOfString(title, { width: half - 8 }) + doc.font('regular').fontSize(8.5).heightOfString(customerLines.join('\n'), { width: half - 8, lineGap: 1 });
  const boxHeight = Math.max(96, 12 + textHeight + 10);
  doc.roundedRect(customerX - 8, boxTop - 6, half + 8, boxHeight, 4).fillColor(COLOURS.zebra).fill();
  doc.font('bold').fontSize(8).fillColor(COLOURS.muted).text('CLIENT', customerX, boxTop);
  doc.font('bold').fontSize(10).fillColor(COLOURS.ink).text(title, customerX, boxTop + 12, { width: half - 8 });
  doc.font('regular').fontSize(8.5).text(customerLines.join('\n'), { width: half - 8, lineGap: 1 });
  return Math.max(sellerBottom, boxTop + boxHeight) + 16;
}

/** A piece of text of the filled « Bon pour accord » block, in its weight and size. */
interface ProofPiece {
  font: 'regular' | 'bold';
  size: number;
  text: string;
}

/**
 * The filled « Bon pour accord » block of an answered version: who accepted and when (or the refusal and
 * its reason), the address the answer came from, and the fingerprint (SHA-256) of the document as it was sent.
 */
function answerProof(version: DevisVersion): ProofPiece[] {
  const answer = version.answer!;
  const lines = [
    answer.decision === 'accepte' ? 'Mention « Bon pour accord » cochée en ligne.' : answer.reason ? `Motif : ${answer.reason}` : '',
    answer.space ? oneLine(`Depuis l’espace client, session de ${answer.space.personName}.`) : '',
    `Adresse IP : ${oneLine(answer.ip ?? '') || 'non communiquée'}`,
  ].filter(Boolean);
  const fingerprint = version.document?.sha256;
  return [
    { font: 'bold', size: 8, text: oneLine(answerLine(answer, version.draft.territory)) },
    { font: 'regular', size: 7.5, text: lines.join('\n') },
    // Two halves, so that the 64 digits never break at an arbitrary place.
    ...(fingerprint ? [{ font: 'regular', size: 7.5, text: 'Empreinte SHA-256 du devis envoyé :' } as const, { font: 'regular', size: 6.5, text: `${fingerprint.slice(0, 32)}\n${fingerprint.slice(32)}` } as const] : []),
  ];
}

/** The height the block's text takes within `width`. */
const proofHeight = (doc: Doc, pieces: readonly ProofPiece[], width: number): number =>
  pieces.reduce((sum, piece) => sum + doc.font(piece.font).fontSize(piece.size).heightOfString(piece.text, { width }), 0);

/** Draws the block's text from (x, y). */
function drawAnswerProof(doc: Doc, pieces: readonly ProofPiece[], x: number, y: number, width: number): void {
  doc.fillColor(COLOURS.ink);
  pieces.forEach((piece, index) => {
    doc.font(piece.font).fontSize(piece.size);
    if (index === 0) doc.text(piece.text, x, y, { width });
    else doc.text(piece.text, { width });
  });
}

/** Renders a devis version as a PDF: as sent, or, once answered, with its « Bon pour accord » block filled. */
export async function renderDevisPdf(version: DevisVersion): Promise<Buffer> {
  const { doc, done } = await companyDocument({ title: `Devis ${version.number}`, subject: `Devis ${version.number} – ${version.customer.company || version.customer.name}` });

  const bottom = FOOTER_TOP - 10;
  let y = drawTableHead(doc, COLUMNS, drawPageHead(doc, version, true));
  /** A new page with the title block, and the table head while lines remain. */
  const newPage = (withTable: boolean) => {
    doc.addPage();
    y = drawPageHead(doc, version, false);
    if (withTable) y = drawTableHead(doc, COLUMNS, y);
  };

  version.draft.lines.forEach((line, index) => {
    doc.font('regular').fontSize(ROW_FONT_SIZE);
    const cells = [
      line.reference || '—',
      line.designation,
      String(line.quantity),
      formatCents(line.unitPriceHTCents),
      percentLabel(line.discountBasisPoints) || '—',
      formatCents(devisLineTotalHTCents(line)),
    ];
    const height = rowHeight(doc, COLUMNS, cells);
    if (y + height > bottom) newPage(true);
    doc.font('regular').fontSize(ROW_FONT_SIZE);
    y = drawTableRow(doc, COLUMNS, cells, y, height, index % 2 === 1);
  });

  // Totals, right-aligned, kept together.
  const rows = totalRows(devisTotals(version.draft));
  const totalsHeight = rows.length * 17 + 12;
  if (y + 10 + totalsHeight > bottom) newPage(false);
  y += 10;
  const labelX = PAGE.margin + CONTENT_WIDTH - 250;
  rows.forEach(({ label, value, strong }, index) => {
    const last = index === rows.length - 1;
    if (last) {
      doc.rect(labelX - 6, y - 3, 256, 19).fillColor(COLOURS.band).fill();
      doc.fillColor(COLOURS.bandText);
    } else doc.fillColor(COLOURS.ink);
    doc.font(strong ? 'bold' : 'regular').fontSize(last ? 10 : 9);
    doc.text(label, labelX, y, { width: 160, lineBreak: false });
    doc.text(value, labelX + 160, y, { width: 90, align: 'right', lineBreak: false });
    y += 17;
  });
  y += 10;

  // Conditions and the « Bon pour accord » block.
  const conditions: [string, string][] = [
    ['Conditions de paiement', version.draft.paymentTerms],
    ['Conditions de livraison', version.draft.deliveryTerms],
  ];
  for (const [title, body] of conditions) {
    doc.font('regular').fontSize(8.5);
    const height = 14 + doc.heightOfString(body, { width: CONTENT_WIDTH }) + 7;
    // The lines are all drawn: a new page here carries no table head.
    if (y + height > bottom) newPage(false);
    doc.font('bold').fontSize(9).fillColor(COLOURS.ink).text(title, PAGE.margin, y);
    doc.font('regular').fontSize(8.5).fillColor(COLOURS.ink).text(body, PAGE.margin, y + 13, { width: CONTENT_WIDTH });
    y = doc.y + 8;
  }
  const boxWidth = 270;
  // The block grows with its proof (a refusal's reason at its longest), and moves whole to a new page.
  const proof = version.answer ? answerProof(version) : [];
  const agreementHeight = version.answer ? Math.max(112, 21 + proofHeight(doc, proof, boxWidth - 16) + 10) : 92;
  if (y + agreementHeight > bottom) newPage(false);
  const boxX = PAGE.margin + CONTENT_WIDTH - boxWidth;
  doc.rect(boxX, y, boxWidth, agreementHeight).lineWidth(0.8).strokeColor(COLOURS.muted).stroke();
  doc.font('bold').fontSize(9).fillColor(COLOURS.ink).text('Bon pour accord', boxX + 8, y + 8);
  if (version.answer) drawAnswerProof(doc, proof, boxX + 8, y + 21, boxWidth - 16);
  else
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(COLOURS.muted)
      .text('Date, nom, fonction, signature et cachet du client, précédés de la mention manuscrite « Bon pour accord ». Ou acceptation en ligne depuis le lien reçu par e-mail.', boxX + 8, y + 21, { width: boxWidth - 16 });
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(COLOURS.muted)
    .text(
      `Devis établi par ${company.legalName}. Agences : ${offices.map((office) => `${office.region} ${office.phone}`).join(' · ')}.`,
      PAGE.margin,
      y + 8,
      { width: CONTENT_WIDTH - boxWidth - 16 },
    );

  drawFooters(doc);
  doc.end();
  return done;
}

/** The file name of a version's PDF. */
export const devisPdfName = (version: DevisVersion): string => `Devis-${version.number}.pdf`;
