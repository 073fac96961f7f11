/**
 * The deposit slip (« Bon de dépôt », A4) and the device's label (90 × 40 mm), made once at the counter
 * when the device is handed over, with the company's title block and legal footer (the devis' machinery,
 * netlify/lib/pdf/pdf-document.ts, with its embedded DejaVu font): the customer company, the device and its
 * serial, the accessories left with it, its visible state, the fault as reported, the warranty, the
 * conditions of deposit, the customer's signature drawn on the counter's screen, and a QR code opening the
 * repair's page. The slip prints the SHA-256 of what it says (its facts and the signature's bytes): the
 * same fingerprint is stored with the repair, and the PDF's own SHA-256 beside it. Only the reception's
 * function imports this module (pdfkit and qrcode with it).
 */
import type { Company } from '../../../src/features/customers/model.ts';
import type { Repair } from '../../../src/features/repairs/model.ts';
import { warrantyLabel } from '../../../src/features/repairs/states.ts';
import { company as siteCompany } from '../../../src/lib/site.ts';
import { companyDocument, COLOURS, CONTENT_WIDTH, drawFooters, drawOneLine, drawTitleBlock, oneLine, PAGE } from '../pdf/pdf-document.ts';
import { moment } from '../../../src/records/moment.ts';
import { drawSignatureBox, drawWorkshopAndCustomer, PageFlow, saidFingerprint, SIGNATURE_BOX, workshopSaid } from '../pdf/pdf-flow.ts';

/** The conditions of deposit printed on every slip, one place. */
export const DEPOSIT_CONDITIONS = [
  'Le client confirme être autorisé à déposer cet appareil et reconnaît l’exactitude de l’état décrit ci-dessus.',
  'Les données de l’appareil restent sous la responsabilité du client : sauvegardez-les avant le dépôt.',
  'Hors garantie et hors contrat, aucune réparation n’est engagée sans l’acceptation d’un devis ; un diagnostic refusé peut être facturé selon nos tarifs en vigueur.',
  'Un appareil non retiré trois mois après l’avis « Prêt à retirer » peut faire l’objet de frais de garde.',
  'L’appareil est restitué sur présentation de ce bon ou de sa référence.',
] as const;

/** What the slip says, besides the repair itself. */
export interface SlipFacts {
  repair: Repair;
  company: Pick<Company, 'name' | 'clientCode'>;
  condition: string;
  signedBy: string;
  at: string;
  photoCount: number;
  /** The customer's drawing, as signature.ts made it ready (grey on white). */
  signaturePng: Uint8Array;
  /** The address the QR code opens (the site's /espace-client/reparation?id=…). */
  qrUrl: string;
}

/** The QR code of an address as a PNG (black on white, a quiet zone of 2 modules), as embedded. */
export async function qrPng(url: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6, color: { dark: '#000000', light: '#ffffff' } });
}

/** The SHA-256 of what the slip says: its facts in a fixed order and the signature's bytes. */
export function slipFingerprint(facts: SlipFacts): string {
  const { repair } = facts;
  const said = [...workshopSaid(repair, facts.company), repair.accessories, facts.condition, repair.fault, repair.warranty, facts.signedBy, facts.at, String(facts.photoCount)];
  return saidFingerprint(said, facts.signaturePng);
}

/**
 * Renders the deposit slip; answers the PDF and the fingerprint it prints. One page for what a counter
 * usually writes; the longest texts the form allows (a condition or a fault of their maximum length) run on
 * to a second page, line by line, with the title block again, and never under the signature or the footer.
 */
export async function makeSlipPdf(facts: SlipFacts): Promise<{ pdf: Buffer; fingerprint: string }> {
  const { repair } = facts;
  const fingerprint = slipFingerprint(facts);
  const qr = await qrPng(facts.qrUrl);
  const { doc, done } = await companyDocument({ title: `Bon de dépôt ${repair.reference}`, subject: `Bon de dépôt ${repair.reference} – ${oneLine(facts.company.name)}` });
  const head = () => drawTitleBlock(doc, 'BON DE DÉPÔT', [`Réparation ${repair.reference}`, `Déposé le ${moment(facts.at, repair.territory)}`]);
  const top = drawWorkshopAndCustomer(doc, facts.company, head() + 14);

  // The device and what was said about it; the QR code on the right.
  const qrSize = 112;
  const qrX = PAGE.margin + CONTENT_WIDTH - qrSize;
  doc.image(qr, qrX, top, { width: qrSize, height: qrSize });
  doc.font('regular').fontSize(7.5).fillColor(COLOURS.muted).text('Suivre la réparation', qrX, top + qrSize + 2, { width: qrSize, align: 'center', lineBreak: false });
  doc.font('bold').fontSize(10).fillColor(COLOURS.band).text('Appareil déposé', PAGE.margin, top, { lineBreak: false });
  const flow = new PageFlow(doc, head, top + 18);
  const photos = facts.photoCount > 0 ? `${facts.photoCount} photo${facts.photoCount > 1 ? 's' : ''} prise${facts.photoCount > 1 ? 's' : ''} au dépôt` : 'Aucune';
  const layout = { labelWidth: 115, size: 9.5 };
  // Beside the QR code, the device's short facts; under it, across the page, what was said of its state.
  flow.facts(
    [
      ['Appareil', repair.device.model],
      ['N° de série', repair.device.serial],
      ['Accessoires', repair.accessories || 'Aucun'],
      ['Photos', photos],
      ['Garantie', warrantyLabel(repair.warranty)],
    ],
    { ...layout, valueWidth: CONTENT_WIDTH - qrSize - layout.labelWidth - 20 },
  );
  if (doc.bufferedPageRange().count === 1) flow.y = Math.max(flow.y - 6, top + qrSize + 16);
  flow.facts(
    [
      ['État visible', facts.condition, 'lines'],
      ['Panne signalée', repair.fault, 'lines'],
    ],
    layout,
  );

  // The conditions.
  flow.section('Conditions de dépôt', 70);
  for (const condition of DEPOSIT_CONDITIONS) flow.lines(`• ${condition}`, { size: 8, after: 2 });
  flow.y += 12;

  // The customer's signature, with who signed and when; the fingerprint beside it, kept together.
  flow.room(SIGNATURE_BOX.height);
  const y = flow.y;
  const boxX = drawSignatureBox(doc, y, { png: facts.signaturePng, by: facts.signedBy, when: moment(facts.at, repair.territory) });
  // The 64 digits on two lines of 32, so that they never break elsewhere.
  const fingerprintText = `Empreinte SHA-256 de ce bon :\n${fingerprint.slice(0, 32)}\n${fingerprint.slice(32)}`;
  doc.font('regular').fontSize(7.5).fillColor(COLOURS.muted);
  doc.text(fingerprintText, PAGE.margin, y + 8, { width: boxX - PAGE.margin - 20 });

  drawFooters(doc);
  doc.end();
  return { pdf: await done, fingerprint };
}

/** Renders the device's label: reference, company, model and serial, and the same QR code. */
export async function makeLabelPdf(repair: Repair, qrUrl: string): Promise<Buffer> {
  const qr = await qrPng(qrUrl);
  const width = 255; // 90 mm
  const height = 113; // 40 mm
  const margin = 8;
  const { doc, done } = await companyDocument({ title: `Étiquette ${repair.reference}`, subject: `Étiquette de l’appareil de la réparation ${repair.reference}` }, { size: [width, height], margin });
  const qrSize = height - 2 * margin;
  doc.image(qr, width - margin - qrSize, margin, { width: qrSize, height: qrSize });
  const textWidth = width - 3 * margin - qrSize;
  // Each field on its own line, cut to the label's width: nothing it holds adds a line.
  doc.font('bold').fontSize(12).fillColor('#000000');
  drawOneLine(doc, repair.reference, margin, margin, textWidth);
  doc.font('regular').fontSize(7.5);
  drawOneLine(doc, repair.companyName, margin, margin + 18, textWidth);
  drawOneLine(doc, repair.device.model, margin, margin + 29, textWidth);
  if (repair.device.serial) drawOneLine(doc, `N° ${repair.device.serial}`, margin, margin + 40, textWidth);
  doc.fontSize(6.5);
  drawOneLine(doc, siteCompany.name, margin, height - margin - 8, textWidth);
  doc.end();
  return done;
}
